import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { attribute, type SessionExposure } from "./attribution";

const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 12, minute));
const exp = (testId: string, armId: string, minute: number): SessionExposure => ({ testId, armId, exposedAt: at(minute) });

describe("attribute", () => {
  it("credits the first exposure of each running test, sorted by test id", () => {
    const exposures = [exp("t2", "b", 5), exp("t1", "control", 3), exp("t2", "a", 1), exp("t1", "v1", 4)];
    expect(attribute(at(10), exposures, new Set(["t1", "t2"]))).toEqual([
      { testId: "t1", armId: "control" },
      { testId: "t2", armId: "a" },
    ]);
  });

  it("counts an exposure at the exact conversion time, but none after it", () => {
    expect(attribute(at(10), [exp("t", "a", 10)], new Set(["t"]))).toEqual([{ testId: "t", armId: "a" }]);
    expect(attribute(at(10), [exp("t", "a", 11)], new Set(["t"]))).toEqual([]);
    expect(attribute(new Date(at(10).getTime() - 1), [exp("t", "a", 10)], new Set(["t"]))).toEqual([]);
  });

  it("uses the first exposure before the conversion, not a later one", () => {
    // An exposure after the conversion does not displace an earlier one, and is not a fallback.
    expect(attribute(at(10), [exp("t", "late", 20), exp("t", "early", 2)], new Set(["t"]))).toEqual([{ testId: "t", armId: "early" }]);
  });

  it("ignores tests that are not running", () => {
    expect(attribute(at(10), [exp("stopped", "a", 1), exp("t", "b", 2)], new Set(["t"]))).toEqual([{ testId: "t", armId: "b" }]);
    expect(attribute(at(10), [exp("t", "b", 2)], new Set())).toEqual([]);
  });

  it("returns nothing without exposures", () => {
    expect(attribute(at(10), [], new Set(["t"]))).toEqual([]);
  });

  it("never counts invalid dates", () => {
    const invalid = new Date(Number.NaN);
    expect(attribute(at(10), [{ testId: "t", armId: "a", exposedAt: invalid }], new Set(["t"]))).toEqual([]);
    expect(attribute(invalid, [exp("t", "a", 1)], new Set(["t"]))).toEqual([]);
  });

  it("sorts test ids by code unit, not by locale", () => {
    const r = attribute(at(10), [exp("b", "x", 1), exp("B", "x", 1), exp("a", "x", 1), exp("_", "x", 1)], new Set(["a", "b", "B", "_"]));
    expect(r.map((x) => x.testId)).toEqual(["B", "_", "a", "b"]);
  });

  it("does not depend on the order of the exposures, even with equal timestamps", () => {
    const arb = fc.array(
      fc.record({ testId: fc.constantFrom("t1", "t2", "t3"), armId: fc.constantFrom("a", "b", "c"), minute: fc.integer({ min: 0, max: 20 }) }),
      { maxLength: 30 },
    );
    fc.assert(
      fc.property(arb, fc.integer({ min: 0, max: 20 }), (rows, minute) => {
        const exposures = rows.map((r) => exp(r.testId, r.armId, r.minute));
        const running = new Set(["t1", "t3"]);
        const forward = attribute(at(minute), exposures, running);
        const backward = attribute(at(minute), [...exposures].reverse(), running);
        // Reference: the earliest (then smallest arm) qualifying exposure per test.
        const expected = ["t1", "t3"].flatMap((testId) => {
          const ok = rows.filter((r) => r.testId === testId && r.minute <= minute).sort((x, y) => x.minute - y.minute || (x.armId < y.armId ? -1 : 1));
          return ok[0] ? [{ testId, armId: ok[0].armId }] : [];
        });
        expect(forward).toEqual(expected);
        expect(backward).toEqual(expected);
      }),
    );
  });
});
