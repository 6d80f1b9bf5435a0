import fc from "fast-check";
import { describe, expect, it } from "vitest";
import cases from "./text.cases.json";
import { isWireText, wireTextProblem } from "./text";

describe("isWireText (shared cases)", () => {
  it.each(cases.valid)("accepts %j", (text) => expect(isWireText(text, cases.max)).toBe(true));
  it.each(cases.invalid)("refuses %j", (text) => expect(isWireText(text, cases.max)).toBe(false));
  it.each([[42], [null], [undefined], [{}], [["a"]]])("refuses the non-string %j", (value) => expect(isWireText(value, cases.max)).toBe(false));
});

describe("isWireText", () => {
  it("is exactly: 1..max code units, no C0 control or DEL, well-formed UTF-16 (what PostgreSQL can store)", () => {
    const unit = fc.oneof(
      fc.constantFrom("\u0000", "\n", "\u007f", "\ud800", "\udbff", "\udc00", "\udfff", "🎉", "é"),
      fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)),
    );
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 12 }), (s) => {
        const controls = [...s].some((c) => c.charCodeAt(0) < 0x20 || c === "\u007f");
        // Node's own reading of well-formed UTF-16, and what UTF-8 round-trips unchanged.
        const wellFormed = Buffer.from(s, "utf8").toString("utf8") === s;
        const expected = s.length >= 1 && s.length <= 8 && !controls && wellFormed;
        return isWireText(s, 8) === expected && (wireTextProblem(s, 8) === null) === expected;
      }),
      { numRuns: 5000 },
    );
  });

  it("says which part failed", () => {
    expect(wireTextProblem("", 8)).toBe("empty");
    expect(wireTextProblem("123456789", 8)).toBe("too long");
    expect(wireTextProblem("a\u0000", 8)).toBe("control characters");
    expect(wireTextProblem("a\ud800", 8)).toBe("lone surrogate");
    expect(wireTextProblem("a🎉", 8)).toBeNull();
  });
});
