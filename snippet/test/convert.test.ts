import { describe, expect, it } from "vitest";
import { conversionFields, createDeduper, validGoalLabel } from "../src/convert";

describe("conversionFields", () => {
  it("defaults the goal", () => {
    expect(conversionFields(undefined, undefined)).toEqual({ goal: "conversion" });
    expect(conversionFields(null, null)).toEqual({ goal: "conversion" });
    expect(conversionFields("", 5)).toEqual({ goal: "conversion", value: 5 });
  });
  it("keeps a finite value within bounds, drops the value otherwise", () => {
    expect(conversionFields("purchase", 12.5)).toEqual({ goal: "purchase", value: 12.5 });
    expect(conversionFields("purchase", 0)).toEqual({ goal: "purchase", value: 0 });
    for (const v of [NaN, Infinity, -Infinity, 1e13, "12", {}, null, Symbol("x")])
      expect(conversionFields("purchase", v)).toEqual({ goal: "purchase" });
  });
  it("drops calls with an unusable goal", () => {
    for (const g of [42, {}, [], Symbol("s"), () => 1, "x".repeat(65), "a\nb", "\u0000"])
      expect(conversionFields(g, 1)).toBeUndefined();
  });
  it("never invokes the arguments", () => {
    const trap = new Proxy({}, { get: () => { throw new Error("read"); } });
    const getter = Object.defineProperty({}, "toString", { get: () => { throw new Error("read"); } });
    expect(() => conversionFields(trap, trap)).not.toThrow();
    expect(() => conversionFields(getter, getter)).not.toThrow();
  });
  it("accepts 64-character labels", () => {
    expect(validGoalLabel("g".repeat(64))).toBe(true);
  });
});

describe("createDeduper", () => {
  it("drops a repeat inside the window, counts it after", () => {
    const dup = createDeduper(2000);
    expect(dup("k", 0)).toBe(false);
    expect(dup("k", 1999)).toBe(true);
    expect(dup("other", 1999)).toBe(false);
    // The dropped repeat did not extend the window.
    expect(dup("k", 2000)).toBe(false);
  });
});
