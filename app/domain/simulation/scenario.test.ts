import { describe, expect, it } from "vitest";
import { DEFAULT_VISITOR } from "./generators";
import { createRng } from "../random/prng";
import { armModels, MDE, pageScenario, plannedVisitors } from "./scenario";

describe("scenario", () => {
  it("gives each variant the control's visitors at (1 + its lift)", () => {
    const [control, variant] = armModels([0.2]);
    expect(control).toEqual(DEFAULT_VISITOR);
    expect(variant?.conversionRate).toBeCloseTo(DEFAULT_VISITOR.conversionRate * 1.2, 12);
    expect(armModels([-2])[1]?.conversionRate).toBe(0);
  });

  it("plans as the page does, longer for a smaller MDE", () => {
    expect(plannedVisitors([1, 1])).toBe(plannedVisitors([1, 1], DEFAULT_VISITOR.conversionRate, MDE));
    expect(plannedVisitors([1, 1], DEFAULT_VISITOR.conversionRate, MDE / 2)).toBeGreaterThan(3 * plannedVisitors([1, 1]));
  });

  it("reads the page at each look with the scenario's own arms and MDE, and reports the truth it drew", () => {
    const lines = [{ id: "x", claim: "c", setting: "s", kind: "rate" as const, target: { info: true as const }, value: () => 1 }];
    // A variant nobody buys from: the page calls control ahead at the last look, whatever the lift drawn.
    const s = pageScenario({
      key: "k", weights: [1, 1], assignment: [1, 1], looks: [2_000, 4_000], minDetectableEffect: 0.5,
      arms: () => [DEFAULT_VISITOR, { ...DEFAULT_VISITOR, conversionRate: 0 }], trueLifts: () => [-1], lines,
    });
    expect(s.cost).toBe(4);
    const { result, trueLifts } = s.simulate(createRng(3));
    expect(trueLifts).toEqual([-1]);
    expect(result.finalVerdict).toBe("control-ahead");
  });
});
