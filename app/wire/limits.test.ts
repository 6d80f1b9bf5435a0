import { describe, expect, it } from "vitest";
import { isConversionValue, MAX_VALUE } from "./limits";

describe("isConversionValue", () => {
  it.each([0, -0, 49.9, -12, MAX_VALUE, -MAX_VALUE, Number.MIN_VALUE])("accepts %s", (v) => expect(isConversionValue(v)).toBe(true));
  it.each([MAX_VALUE * 1.0001, -MAX_VALUE * 1.0001, Number.MAX_VALUE, NaN, Infinity, -Infinity, "12", null, undefined, {}, 10n])(
    "refuses %s",
    (v) => expect(isConversionValue(v)).toBe(false),
  );
});
