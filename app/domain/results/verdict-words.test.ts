import { describe, expect, it } from "vitest";
import { srmExplanation, verdictFor, verdictTitle } from "./verdict-words";

describe("verdictFor", () => {
  it("words a winner with its chance, lift and interval, and keeps the name and chance for the title", () => {
    const verdict = verdictFor({ kind: "variant-ahead", goal: "signup", armName: "B", chanceToWin: 0.9734, lift: 0.123, ciLow: 0.0149, ciHigh: 12.3456 });
    expect(verdict).toEqual({
      kind: "variant-ahead",
      armName: "B",
      chanceToWin: 0.9734,
      text: "B is ahead on signup: 97.3% chance to beat control, lift 12.3% (1.5% to 1,234.6%).",
    });
    expect(verdictFor({ kind: "variant-ahead", goal: "signup", armName: "B", lift: 0.1, ciLow: 0.05, ciHigh: 0.15 }).text).toBe(
      "B is ahead on signup: lift 10.0% (5.0% to 15.0%).",
    );
  });

  it("says how long is left while collecting, as far as it is known", () => {
    expect(verdictFor({ kind: "no-winner-yet", remainingUsers: 28498, days: 28.4 })).toEqual({
      kind: "collecting",
      text: "Collecting data: no arm is ahead yet. About 28,498 more visitors (about 29 days at current traffic) are needed to detect the minimum effect.",
    });
    expect(verdictFor({ kind: "no-winner-yet", remainingUsers: 500, days: null }).text).toBe(
      "Collecting data: no arm is ahead yet. About 500 more visitors are needed to detect the minimum effect.",
    );
    expect(verdictFor({ kind: "no-winner-yet", remainingUsers: null, days: null }).text).toBe("Collecting data: no arm is ahead yet.");
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
      "Collecting data: not enough data yet to compare B, C and D with control on signup. About 1,200 more visitors (about 3 days at current traffic) are needed to detect the minimum effect.",
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
      "No detectable difference on signup at the minimum detectable effect of 5.0%.",
    );
  });
});

describe("verdictTitle and srmExplanation", () => {
  it("titles each kind", () => {
    expect(verdictTitle({ kind: "variant-ahead", text: "", armName: "B", chanceToWin: 0.9734 })).toBe("B is ahead with a 97.3% chance");
    expect(verdictTitle({ kind: "variant-ahead", text: "" })).toBe("A variant is ahead");
    expect(verdictTitle({ kind: "control-ahead", text: "", armName: "Original" })).toBe("Original is ahead");
    expect(verdictTitle({ kind: "collecting", text: "" })).toBe("Collecting data");
    expect(verdictTitle({ kind: "no-difference", text: "" })).toBe("No detectable difference");
    expect(verdictTitle({ kind: "srm", text: "" })).toBe("Sample ratio mismatch: do not trust this result");
  });

  it("floors the SRM p-value at < 0.001 and otherwise gives three significant digits", () => {
    expect(srmExplanation(1e-5)).toContain("(SRM p-value < 0.001), so the arms are not comparable.");
    expect(srmExplanation(0.000512)).toContain("(SRM p-value < 0.001)");
    expect(srmExplanation(0.0012345)).toContain("(SRM p-value 0.00123)");
    expect(srmExplanation(null)).toContain("(SRM p-value —)");
  });
});
