import { describe, expect, it } from "vitest";
import { buildResults, type RollupRow } from "./build-results";
import { outageSentence, outageSentences, srmExplanation, verdictFor, verdictTitle } from "./verdict-words";

describe("verdictFor", () => {
  it("words a winner with its lift and interval, and warns when it was called early", () => {
    const verdict = verdictFor({ kind: "variant-ahead", goal: "signup", armName: "B", chanceToWin: 0.9734, lift: 0.123, ciLow: 0.0149, ciHigh: 12.3456, early: true });
    expect(verdict).toEqual({
      kind: "variant-ahead",
      armName: "B",
      chanceToWin: 0.9734,
      text:
        "B is ahead on signup: lift 12.3%, somewhere between 1.5% and 1,234.6%. Called before the planned sample: " +
        "a lift called this early tends to be smaller in the long run.",
    });
    expect(verdictFor({ kind: "variant-ahead", goal: "signup", armName: "B", lift: 0.1, ciLow: 0.05, ciHigh: 0.15, early: false }).text).toBe(
      "B is ahead on signup: lift 10.0%, somewhere between 5.0% and 15.0%.",
    );
    expect(verdictFor({ kind: "variant-ahead", goal: "signup", armName: "B", lift: 0.5, early: false }).text).toBe(
      "B is ahead on signup: lift 50.0%; its size is still too uncertain to put a range on.",
    );
  });

  it("says how long is left while there is not enough evidence, as far as it is known", () => {
    expect(verdictFor({ kind: "no-winner-yet", remainingUsers: 28498, days: 28.4 })).toEqual({
      kind: "not-enough-evidence",
      text: "Not enough evidence yet: no arm is ahead. About 28,498 more visitors (about 29 days at current traffic) reach the planned sample.",
    });
    expect(verdictFor({ kind: "no-winner-yet", remainingUsers: 500, days: null }).text).toBe(
      "Not enough evidence yet: no arm is ahead. About 500 more visitors reach the planned sample.",
    );
    expect(verdictFor({ kind: "no-winner-yet", remainingUsers: 1, days: 0.2 }).text).toBe(
      "Not enough evidence yet: no arm is ahead. About 1 more visitor (about 1 day at current traffic) reaches the planned sample.",
    );
    expect(verdictFor({ kind: "no-winner-yet", remainingUsers: null, days: null }).text).toBe("Not enough evidence yet: no arm is ahead.");
    expect(verdictFor({ kind: "no-winner-yet", remainingUsers: 0, days: 0 }).text).toMatch(/^Not enough evidence yet: the planned sample is reached/);
    expect(verdictFor({ kind: "too-early", minVisitorsPerArm: 100 })).toEqual({
      kind: "collecting",
      text: "Collecting data: each arm needs at least 100 visitors and some conversions before we judge.",
    });
  });

  it("names the variants it cannot compare yet, in plain words", () => {
    expect(verdictFor({ kind: "not-comparable", goal: "signup", armNames: ["B"], remainingUsers: 0, days: 0 })).toEqual({
      kind: "collecting",
      text: "Collecting data: not enough data yet to compare B with control on signup.",
    });
    expect(verdictFor({ kind: "not-comparable", goal: "signup", armNames: ["B", "C", "D"], remainingUsers: 1200, days: 2.1 }).text).toBe(
      "Collecting data: not enough data yet to compare B, C and D with control on signup. About 1,200 more visitors (about 3 days at current traffic) reach the planned sample.",
    );
  });

  it("words the other verdicts", () => {
    expect(verdictFor({ kind: "srm", pValue: 2.4e-6 })).toEqual({
      kind: "srm",
      text: "Sample ratio mismatch: visitors are not split between the arms as configured (p = 2.4e-6). Do not trust these results until the cause is found.",
    });
    expect(verdictFor({ kind: "control-ahead", goal: "signup", armName: "Original" })).toEqual({
      kind: "control-ahead",
      armName: "Original",
      text: "Control is ahead on signup: every variant converts worse.",
    });
    expect(verdictFor({ kind: "no-difference", goal: "signup", minDetectableEffect: 0.05 }).text).toBe(
      "No difference as large as the minimum detectable effect (5.0%) on signup: every variant's interval lies within ±5.0%.",
    );
  });
});

describe("verdictTitle and srmExplanation", () => {
  it("titles each kind", () => {
    // The chance to win is not in the title: the title names the decision, which a chance could contradict.
    expect(verdictTitle({ kind: "variant-ahead", text: "", armName: "B", chanceToWin: 0.9734 })).toBe("B is ahead");
    expect(verdictTitle({ kind: "variant-ahead", text: "" })).toBe("A variant is ahead");
    expect(verdictTitle({ kind: "control-ahead", text: "", armName: "Original" })).toBe("Original is ahead");
    expect(verdictTitle({ kind: "collecting", text: "" })).toBe("Collecting data");
    expect(verdictTitle({ kind: "no-difference", text: "" })).toBe("No difference as large as the minimum effect");
    expect(verdictTitle({ kind: "not-enough-evidence", text: "" })).toBe("Not enough evidence yet");
    expect(verdictTitle({ kind: "srm", text: "" })).toBe("Sample ratio mismatch: do not trust this result");
  });

  it("floors the SRM p-value at < 0.001 and otherwise gives three significant digits", () => {
    expect(srmExplanation(1e-5)).toContain("(SRM p-value < 0.001), so the arms are not comparable.");
    expect(srmExplanation(0.000512)).toContain("(SRM p-value < 0.001)");
    expect(srmExplanation(0.0012345)).toContain("(SRM p-value 0.00123)");
    expect(srmExplanation(null)).toContain("(SRM p-value —)");
  });
});

describe("outageSentence", () => {
  it("says what happened in one sentence, the arm without (or with only) conversions first", () => {
    const b = { name: "Variant B", visitors: 3_000, converting: 0 };
    const original = { name: "Original", visitors: 3_000, converting: 150 };
    expect(outageSentence("purchase", b, original)).toBe('Variant B had no "purchase" conversions from 3,000 visitors while Original had 150 from 3,000 (5.00%).');
    expect(outageSentence("signup", { name: "B", visitors: 400, converting: 400 }, { name: "Original", visitors: 410, converting: 41 })).toBe(
      'Every one of B\'s 400 visitors converted on "signup" while Original converted 41 of 410 (10.00%).',
    );
    // Control at 100% (a variant that converts less than everybody).
    expect(outageSentence("signup", { name: "B", visitors: 400, converting: 300 }, { name: "Original", visitors: 1, converting: 1 })).toBe(
      'Every one of Original\'s 1 visitor converted on "signup" while B converted 300 of 400 (75.00%).',
    );
  });
});

describe("outageSentences", () => {
  const DAY = "2026-11-20";
  const rows = (arm: string, visitors: number, buyers: number): RollupRow[] => {
    const base = { armId: arm, day: DAY, exposures: visitors, exposedVisitors: 0, convertingVisitors: 0, conversions: 0, revenue: 0, revenueSquares: 0, refunded: 0 };
    return [
      { ...base, goal: "", currency: "", exposedVisitors: visitors },
      { ...base, goal: "purchase", currency: "USD", exposures: 0, convertingVisitors: buyers, conversions: buyers, conversionSquares: buyers, revenue: buyers * 60, revenueSquares: buyers * 7_200, cappedRevenue: buyers * 60, cappedRevenueSquares: buyers * 7_200 },
    ];
  };
  const view = (variantVisitors: number, variantBuyers: number, controlVisitors: number, controlBuyers: number) =>
    buildResults({
      test: { id: "t", name: "T", status: "running", startedAt: null, pages: ["/"], trafficPercent: 100, minDetectableEffect: 0.1 },
      arms: [{ id: "a", key: "control", name: "Original", weight: 1 }, { id: "b", key: "b", name: "Variant B", weight: 1 }],
      goals: [{ label: "purchase", isPrimary: true }],
      currency: "USD",
      rollups: [...rows("a", controlVisitors, controlBuyers), ...rows("b", variantVisitors, variantBuyers)],
      flicker: [],
    });

  it("says it once the outage test is significant at the page's level, as the verdict reads it", () => {
    const broken = view(3_000, 0, 3_000, 150);
    expect(broken.verdict.kind).toBe("control-ahead");
    expect(outageSentences(broken)).toEqual([
      'Variant B had no "purchase" conversions from 3,000 visitors while Original had 150 from 3,000 (5.00%). Chance does not explain a difference this large. Check that Variant B works: its page, its checkout and its tracking.',
    ]);
  });

  it("says nothing while it could still be chance, or when both arms convert", () => {
    expect(outageSentences(view(300, 0, 300, 15))).toEqual([]);
    expect(outageSentences(view(3_000, 140, 3_000, 150))).toEqual([]);
  });
});
