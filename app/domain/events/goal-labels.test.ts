import { describe, expect, it } from "vitest";
import { isGoalLabel } from "~/wire";
import { admitGoalLabels, MAX_GOAL_LABELS, OTHER_GOAL } from "./goal-labels";

describe("admitGoalLabels", () => {
  it("admits new labels up to the bound, then counts the rest under OTHER_GOAL; configured and admitted ones always pass", () => {
    const admitted = new Set<string>();
    const labels = Array.from({ length: 150 }, (_, i) => `l${i}`);
    const counted = admitGoalLabels([...labels, "signup", "l3"], admitted, new Set(["signup"]));
    expect(counted.slice(0, MAX_GOAL_LABELS)).toEqual(labels.slice(0, MAX_GOAL_LABELS));
    expect(new Set(counted.slice(MAX_GOAL_LABELS, 150))).toEqual(new Set([OTHER_GOAL]));
    expect(counted.slice(150)).toEqual(["signup", "l3"]);
    expect(admitted.size).toBe(MAX_GOAL_LABELS);
  });
  it("names the bucket with a label the wire accepts", () => expect(isGoalLabel(OTHER_GOAL)).toBe(true));
});
