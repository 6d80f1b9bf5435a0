import { describe, expect, it } from "vitest";
import { srmExplanation, verdictFor, verdictTitle } from "./verdict-words";

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
