import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ATTRIBUTION_WINDOW_MS, attribute, exposureCounts, inAttributionPeriod, type AttributionTest, type VisitorExposure } from "./attribution";

const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;
const t0 = Date.UTC(2026, 0, 1, 12);
const at = (minute: number) => new Date(t0 + minute * 60_000);
const exp = (testId: string, armId: string, minute: number): VisitorExposure => ({ testId, armId, exposedAt: at(minute) });
const running = (...ids: string[]) => new Map(ids.map((id) => [id, { id, startedAt: at(-24 * 60), endedAt: null }] as const));
const tests = (...list: AttributionTest[]) => new Map(list.map((t) => [t.id, t]));

describe("attribute", () => {
  // The visitor's exposures come from all their sessions: the rule never sees a session.
  it.each<[string, VisitorExposure[], AttributionTest, number, string | null]>([
    ["exposure in session 1, purchase an hour later in session 2: counted for the arm", [exp("t", "b", 0)], { id: "t", startedAt: at(-60), endedAt: null }, 60, "b"],
    ["conversion at the exposure's instant: counted", [exp("t", "b", 0)], { id: "t", startedAt: at(-60), endedAt: null }, 0, "b"],
    ["conversion before the exposure: not counted", [exp("t", "b", 10)], { id: "t", startedAt: at(-60), endedAt: null }, 9, null],
    ["conversion before startedAt (back-dated ts): not counted", [exp("t", "b", 0)], { id: "t", startedAt: at(30), endedAt: null }, 20, null],
    ["exposure before startedAt (back-dated ts): not counted", [exp("t", "b", 0)], { id: "t", startedAt: at(30), endedAt: null }, 60, null],
    ["exposure at startedAt, conversion after: counted", [exp("t", "b", 30)], { id: "t", startedAt: at(30), endedAt: null }, 60, "b"],
    ["paused test (no end yet): a conversion of an exposed visitor counts", [exp("t", "b", 0)], { id: "t", startedAt: at(-60), endedAt: null }, 60 * 24 * 30, "b"],
    ["conversion after the end, inside the window: counted", [exp("t", "b", 0)], { id: "t", startedAt: at(-60), endedAt: at(60) }, 60 + 60 * 24 * 6, "b"],
    ["conversion at the end of the window: counted", [exp("t", "b", 0)], { id: "t", startedAt: at(-60), endedAt: at(60) }, 60 + ATTRIBUTION_WINDOW_MS / 60_000, "b"],
    ["conversion after the window: not counted", [exp("t", "b", 0)], { id: "t", startedAt: at(-60), endedAt: at(60) }, 60 + ATTRIBUTION_WINDOW_MS / 60_000 + 1, null],
    ["exposure after the end: not counted", [exp("t", "b", 90)], { id: "t", startedAt: at(-60), endedAt: at(60) }, 120, null],
  ])("%s", (_, exposures, test, minute, arm) => {
    expect(attribute(at(minute), exposures, tests(test))).toEqual(arm === null ? [] : [{ testId: "t", armId: arm }]);
  });

  it("credits the first exposure of each test, sorted by test id", () => {
    const exposures = [exp("t2", "b", 5), exp("t1", "control", 3), exp("t2", "a", 1), exp("t1", "v1", 4)];
    expect(attribute(at(10), exposures, running("t1", "t2"))).toEqual([
      { testId: "t1", armId: "control" },
      { testId: "t2", armId: "a" },
    ]);
  });

  it("counts an exposure at the exact conversion time, but none after it", () => {
    expect(attribute(at(10), [exp("t", "a", 10)], running("t"))).toEqual([{ testId: "t", armId: "a" }]);
    expect(attribute(at(10), [exp("t", "a", 11)], running("t"))).toEqual([]);
    expect(attribute(new Date(at(10).getTime() - 1), [exp("t", "a", 10)], running("t"))).toEqual([]);
  });

  it("uses the first exposure before the conversion, not a later one", () => {
    // An exposure after the conversion does not displace an earlier one, and is not a fallback.
    expect(attribute(at(10), [exp("t", "late", 20), exp("t", "early", 2)], running("t"))).toEqual([{ testId: "t", armId: "early" }]);
  });

  it("skips an exposure before the start for the first one after it", () => {
    const test = { id: "t", startedAt: at(5), endedAt: null };
    expect(attribute(at(10), [exp("t", "before", 1), exp("t", "after", 6)], tests(test))).toEqual([{ testId: "t", armId: "after" }]);
  });

  it("ignores tests it is not given (drafts, tests ended longer ago)", () => {
    expect(attribute(at(10), [exp("gone", "a", 1), exp("t", "b", 2)], running("t"))).toEqual([{ testId: "t", armId: "b" }]);
    expect(attribute(at(10), [exp("t", "b", 2)], new Map())).toEqual([]);
  });

  it("judges each test by its own period", () => {
    const ended = { id: "ended", startedAt: at(-60), endedAt: at(0) };
    const late = at(ATTRIBUTION_WINDOW_MS / 60_000 + 1);
    expect(attribute(late, [exp("ended", "a", -30), exp("live", "b", -30)], tests(ended, ...running("live").values()))).toEqual([
      { testId: "live", armId: "b" },
    ]);
  });

  it("returns nothing without exposures", () => {
    expect(attribute(at(10), [], running("t"))).toEqual([]);
  });

  it("never counts invalid dates", () => {
    const invalid = new Date(Number.NaN);
    expect(attribute(at(10), [{ testId: "t", armId: "a", exposedAt: invalid }], running("t"))).toEqual([]);
    expect(attribute(invalid, [exp("t", "a", 1)], running("t"))).toEqual([]);
  });

  it("sorts test ids by code unit, not by locale", () => {
    const r = attribute(at(10), [exp("b", "x", 1), exp("B", "x", 1), exp("a", "x", 1), exp("_", "x", 1)], running("a", "b", "B", "_"));
    expect(r.map((x) => x.testId)).toEqual(["B", "_", "a", "b"]);
  });

  it("does not depend on the order of the exposures, even with equal timestamps", () => {
    const arb = fc.array(
      fc.record({ testId: fc.constantFrom("t1", "t2", "t3"), armId: fc.constantFrom("a", "b", "c"), minute: fc.integer({ min: 0, max: 20 }) }),
      { maxLength: 30 },
    );
    fc.assert(
      fc.property(arb, fc.integer({ min: 0, max: 20 }), fc.integer({ min: 0, max: 20 }), (rows, minute, start) => {
        const exposures = rows.map((r) => exp(r.testId, r.armId, r.minute));
        const given = tests({ id: "t1", startedAt: at(start), endedAt: null }, { id: "t3", startedAt: at(0), endedAt: null });
        const forward = attribute(at(minute), exposures, given);
        const backward = attribute(at(minute), [...exposures].reverse(), given);
        // Reference: the earliest (then smallest arm) qualifying exposure per test.
        const expected = ["t1", "t3"].flatMap((testId) => {
          const from = testId === "t1" ? start : 0;
          if (minute < from) return [];
          const ok = rows
            .filter((r) => r.testId === testId && r.minute <= minute && r.minute >= from)
            .sort((x, y) => x.minute - y.minute || (x.armId < y.armId ? -1 : 1));
          return ok[0] ? [{ testId, armId: ok[0].armId }] : [];
        });
        expect(forward).toEqual(expected);
        expect(backward).toEqual(expected);
      }),
    );
  });
});

describe("inAttributionPeriod and exposureCounts", () => {
  const test = { id: "t", startedAt: new Date(t0), endedAt: new Date(t0 + DAY) };
  it.each<[string, number, boolean, boolean]>([
    ["a millisecond before the start", -1, false, false],
    ["at the start", 0, true, true],
    ["at the end", DAY, true, true],
    ["a millisecond after the end", DAY + 1, true, false],
    ["at the end of the window", DAY + ATTRIBUTION_WINDOW_MS, true, false],
    ["after the window", DAY + ATTRIBUTION_WINDOW_MS + 1, false, false],
  ])("%s", (_, offset, period, exposure) => {
    expect(inAttributionPeriod(test, new Date(t0 + offset))).toBe(period);
    expect(exposureCounts(test, new Date(t0 + offset))).toBe(exposure);
  });

  it("stays open while the test has no end (running or paused)", () => {
    const open = { ...test, endedAt: null };
    expect(inAttributionPeriod(open, new Date(t0 + 365 * DAY))).toBe(true);
    expect(exposureCounts(open, new Date(t0 + 365 * DAY))).toBe(true);
  });

  it("is seven days", () => {
    expect(ATTRIBUTION_WINDOW_MS).toBe(7 * DAY);
  });
});
