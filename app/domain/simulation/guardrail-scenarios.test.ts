import { describe, expect, it } from "vitest";
import { DEFAULT_VISITOR } from "./generators";
import { GUARDRAIL_READ_EVERY, guardrailLooks, guardrailPath, guardrailScenarios } from "./guardrail-scenarios";
import { createRng } from "../random/prng";
import { runChunk } from "./suite";
import { estimate } from "./table";

describe("guardrail scenarios", () => {
  it("reads every 500 visitors, the horizon included", () => {
    expect(GUARDRAIL_READ_EVERY).toBe(500);
    expect(guardrailLooks(1_200)).toEqual([500, 1_000, 1_200]);
    expect(guardrailLooks(1_000)).toEqual([500, 1_000]);
  });

  it("pauses a broken variant through the real page and guardrails, and says control is ahead", () => {
    const broken = { ...DEFAULT_VISITOR, conversionRate: 0 };
    const path = guardrailPath(createRng(7), { weights: [1, 1], arms: [DEFAULT_VISITOR, broken], looks: guardrailLooks(10_000), secondGoal: false, untilVerdict: true });
    expect(path.pausedAt).not.toBeNull();
    expect(path.pausedAt! % GUARDRAIL_READ_EVERY).toBe(0);
    expect(path.pausedAt!).toBeLessThanOrEqual(10_000);
    expect(path.controlAheadAt).not.toBeNull();
  });

  it("reads a healthy test, with a second guardrail goal, to the end without stopping early", () => {
    const path = guardrailPath(createRng(8), { weights: [1, 1, 1], arms: [DEFAULT_VISITOR, DEFAULT_VISITOR, DEFAULT_VISITOR], looks: guardrailLooks(3_000), secondGoal: true, untilVerdict: false });
    expect(path).toEqual({ pausedAt: null, controlAheadAt: null });
  });

  it("runs each scenario at a few tests, the same for the same seed", () => {
    for (const scenario of guardrailScenarios()) {
      const tallies = runChunk(scenario, 21, 0, 2);
      expect(runChunk(scenario, 21, 0, 2)).toEqual(tallies);
      for (const line of scenario.lines) {
        const value = estimate(line.kind, tallies[line.id]!);
        expect(value && value.value >= 0 && value.value <= 1).toBe(true);
      }
    }
  }, 60_000);
});
