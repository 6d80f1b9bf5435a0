import { describe, expect, it } from "vitest";
import { decidedCompletion } from "./decided-completion";

describe("decidedCompletion", () => {
  const arms = { controlId: "ctl", leadingVariantId: "b" };
  it("names the winner the decision reached, and none while undecided or under SRM", () => {
    expect(decidedCompletion("ship", arms)).toEqual({ winnerArmId: "b", endedBy: "ship" });
    expect(decidedCompletion("keep-control", arms)).toEqual({ winnerArmId: "ctl", endedBy: "keep-control" });
    expect(decidedCompletion("no-difference", arms)).toEqual({ winnerArmId: null, endedBy: "no-difference" });
    for (const state of ["collecting", "keep-running", "srm"] as const) expect(decidedCompletion(state, arms)).toBeNull();
    expect(decidedCompletion("ship", { controlId: "ctl", leadingVariantId: null })).toBeNull();
  });
});
