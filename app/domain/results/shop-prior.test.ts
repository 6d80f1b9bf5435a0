import { describe, expect, it } from "vitest";
import { learnedSpread } from "../stats";
import { chancePrior, chancePriorSentence, MAX_PAST_LIFTS, MIN_COMPLETED_TESTS, type PastComparison } from "./shop-prior";

/** Comparisons of `tests` tests, `perTest` variants each, lifts alternating ±0.08 with variance 0.001. */
function history(tests: number, perTest = 1): PastComparison[] {
  return Array.from({ length: tests * perTest }, (_, i) => ({
    testId: `t${Math.floor(i / perTest)}`,
    logLift: i % 2 === 0 ? 0.08 : -0.08,
    variance: 0.001,
  }));
}

describe("the shop's prior for chance to win", () => {
  it("keeps the setting until enough tests have completed, and says how many have", () => {
    expect(chancePrior([], 0.02)).toEqual({ sd: 0.02, source: { kind: "setting", tests: 0 } });
    expect(chancePrior(history(MIN_COMPLETED_TESTS - 1, 3), 0.035)).toEqual({ sd: 0.035, source: { kind: "setting", tests: 9 } });
  });

  it("learns from the history from the tenth completed test on", () => {
    const past = history(MIN_COMPLETED_TESTS);
    const prior = chancePrior(past, 0.02);
    expect(prior.source).toEqual({ kind: "history", tests: 10 });
    expect(prior.sd).toBe(learnedSpread(past));
    // Lifts of ±8% from tests this precise say the spread is well above the default's 2%.
    expect(prior.sd).toBeGreaterThan(0.05);
  });

  it("counts tests, not comparisons: three variants of one test are one test", () => {
    expect(chancePrior(history(4, 3), 0.02).source).toEqual({ kind: "setting", tests: 4 });
  });

  it("leaves out comparisons without a usable variance, and reads only the most recent ones", () => {
    const broken: PastComparison[] = Array.from({ length: 12 }, (_, i) => ({ testId: `x${i}`, logLift: 0.1, variance: i % 2 === 0 ? 0 : Number.NaN }));
    expect(chancePrior([...broken, ...history(3)], 0.02).source).toEqual({ kind: "setting", tests: 3 });
    // The first MAX_PAST_LIFTS (the newest) count: 250 comparisons of one variant each are 200 tests.
    expect(chancePrior(history(250), 0.02).source).toEqual({ kind: "history", tests: MAX_PAST_LIFTS });
  });

  it("says the range and where it comes from", () => {
    expect(chancePriorSentence({ sd: 0.0213, source: { kind: "history", tests: 14 } })).toBe(
      "Chance to win assumes 19 real lifts in 20 fall within ±4.3%, learned from your 14 completed tests.",
    );
    expect(chancePriorSentence({ sd: 0.02, source: { kind: "setting", tests: 3 } })).toBe(
      "Chance to win assumes 19 real lifts in 20 fall within ±4%, your setting; it is learned from your completed tests once 10 have finished (3 so far).",
    );
    expect(chancePriorSentence({ sd: 0.05, source: { kind: "setting", tests: 1 } })).toContain("±10%, your setting");
  });
});
