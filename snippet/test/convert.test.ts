import { describe, expect, it } from "vitest";
import goalLabels from "../../app/wire/rules/goal.cases.json";
import { MAX_VALUE } from "../../app/wire/limits";
import { parsePatches } from "../src/config";
import { conversionFields, createDeduper } from "../src/convert";

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
  it("keeps ±MAX_VALUE, and counts the conversion without a value just past it (the server would refuse it)", () => {
    expect(conversionFields("purchase", MAX_VALUE)).toEqual({ goal: "purchase", value: MAX_VALUE });
    expect(conversionFields("purchase", -MAX_VALUE)).toEqual({ goal: "purchase", value: -MAX_VALUE });
    for (const v of [MAX_VALUE * 1.0001, -MAX_VALUE * 1.0001, Number.MAX_VALUE, -1e13])
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
});

// The table the server's tests run too (app/wire/rules/goal.test.ts, app/domain/events/event-batch.test.ts): the
// snippet sends exactly the labels the server accepts. "" is left out of convert(): there it means "conversion".
describe("goal labels (shared cases)", () => {
  const configWithGoal = (goal: string) => ({ ttl: 300, tests: [{ test: "t", arm: "b", pages: ["*"], goals: [{ kind: "click", goal, sel: "a" }] }] });
  it.each(goalLabels.valid)("convert(%j) sends it, and a configured goal may use it", (goal) => {
    expect(conversionFields(goal, 1)).toEqual({ goal, value: 1 });
    expect(parsePatches(configWithGoal(goal))).toBeDefined();
  });
  it.each(goalLabels.invalid)("convert(%j) is dropped, and a config using it is refused", (goal) => {
    if (goal !== "") expect(conversionFields(goal, 1)).toBeUndefined();
    expect(parsePatches(configWithGoal(goal))).toBeUndefined();
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
