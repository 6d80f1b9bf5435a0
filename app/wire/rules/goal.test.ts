import fc from "fast-check";
import { describe, expect, it } from "vitest";
import cases from "./goal.cases.json";
import { isGoalLabel } from "./goal";
import { MAX_GOAL_LENGTH } from "../limits";

describe("isGoalLabel (shared cases)", () => {
  it.each(cases.valid)("accepts %j", (label) => expect(isGoalLabel(label)).toBe(true));
  it.each(cases.invalid)("refuses %j", (label) => expect(isGoalLabel(label)).toBe(false));
  it.each([[42], [null], [undefined], [{}], [["a"]]])("refuses the non-string %j", (value) => expect(isGoalLabel(value)).toBe(false));
});

describe("isGoalLabel", () => {
  it("is exactly: 1..MAX_GOAL_LENGTH code units, no C0 control or DEL, no lone surrogate", () => {
    const unit = fc.oneof(fc.constantFrom("\u0000", "\n", "\u001f", "\u007f", "\u0080", "\u009f", "🎉"), fc.integer({ min: 0, max: 0x10ffff }).map((c) => String.fromCodePoint(c)));
    fc.assert(
      fc.property(fc.string({ unit, maxLength: MAX_GOAL_LENGTH + 2 }), (s) => {
        const controls = [...s].some((c) => c.charCodeAt(0) < 0x20 || c === "\u007f");
        const wellFormed = Buffer.from(s, "utf8").toString("utf8") === s;
        return isGoalLabel(s) === (s.length >= 1 && s.length <= MAX_GOAL_LENGTH && !controls && wellFormed);
      }),
      { numRuns: 3000 },
    );
  });
});
