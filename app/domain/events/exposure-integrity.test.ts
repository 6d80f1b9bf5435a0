import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  DEFAULT_MISUSE_POLICY,
  judgeExposure,
  MISUSE_BUCKET_MS,
  MisuseMonitor,
  misuseWarrantsPause,
  misuseWindowSlots,
} from "./exposure-integrity";

describe("judgeExposure", () => {
  it.each<[string | null | undefined, string]>([
    [undefined, "unknown-test"],
    [null, "not-assigned"],
    ["b", "wrong-arm"],
    ["B", "wrong-arm"],
    ["", "wrong-arm"],
    ["a", "valid"],
  ])("assigned %j, claimed a → %s", (assigned, verdict) => {
    expect(judgeExposure({ test: "t", arm: "a" }, assigned)).toBe(verdict);
  });
});

function clock(start = 1_000_000_000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => void (t += ms), set: (ms: number) => void (t = ms) };
}

function recordMany(m: MisuseMonitor, site: string, valid: boolean, n: number) {
  let last = { pause: false, invalid: 0, total: 0 };
  for (let i = 0; i < n; i++) last = m.record(site, valid);
  return last;
}

describe("MisuseMonitor", () => {
  it("publishes the default policy", () => {
    expect(DEFAULT_MISUSE_POLICY).toEqual({ windowMs: 3_600_000, minInvalid: 100, maxInvalidShare: 0.2 });
    expect(Object.isFrozen(DEFAULT_MISUSE_POLICY)).toBe(true);
  });

  it("pauses at exactly minInvalid invalid exposures when they are a large enough share", () => {
    const c = clock();
    const m = new MisuseMonitor(undefined, c.now);
    expect(recordMany(m, "s", false, 99)).toEqual({ pause: false, invalid: 99, total: 99 });
    expect(m.record("s", false)).toEqual({ pause: true, invalid: 100, total: 100 });
  });

  it("does not pause while invalid exposures are below the share, however many", () => {
    const c = clock();
    const m = new MisuseMonitor(undefined, c.now);
    recordMany(m, "s", true, 801);
    expect(recordMany(m, "s", false, 200)).toEqual({ pause: false, invalid: 200, total: 1001 });
    expect(m.record("s", true)).toMatchObject({ pause: false });
    // 200 / 1000 is exactly the threshold share
    const m2 = new MisuseMonitor(undefined, c.now);
    recordMany(m2, "s", true, 800);
    expect(recordMany(m2, "s", false, 200)).toEqual({ pause: true, invalid: 200, total: 1000 });
  });

  it("forgets exposures older than the window", () => {
    const c = clock(0);
    const m = new MisuseMonitor(undefined, c.now);
    recordMany(m, "s", false, 60);
    c.advance(30 * 60_000);
    expect(recordMany(m, "s", false, 39)).toEqual({ pause: false, invalid: 99, total: 99 });
    c.advance(30 * 60_000); // the first 60 are now an hour old
    expect(m.record("s", false)).toEqual({ pause: false, invalid: 40, total: 40 });
    c.advance(59 * 60_000); // only the exposure at minute 60 is still inside the hour
    expect(m.record("s", false)).toEqual({ pause: false, invalid: 2, total: 2 });
    c.advance(61 * 60_000);
    expect(m.record("s", true)).toEqual({ pause: false, invalid: 0, total: 1 });
  });

  it("keeps sites apart", () => {
    const c = clock();
    const m = new MisuseMonitor({ windowMs: 60_000, minInvalid: 2, maxInvalidShare: 0.5 }, c.now);
    m.record("a", false);
    expect(m.record("b", false)).toEqual({ pause: false, invalid: 1, total: 1 });
    expect(m.record("a", false)).toEqual({ pause: true, invalid: 2, total: 2 });
  });

  it("survives a clock stepping backwards without losing or inventing counts", () => {
    const c = clock(10 * MISUSE_BUCKET_MS);
    const m = new MisuseMonitor({ windowMs: 5 * MISUSE_BUCKET_MS, minInvalid: 3, maxInvalidShare: 0.5 }, c.now);
    m.record("s", false);
    c.set(0);
    expect(m.record("s", false)).toEqual({ pause: false, invalid: 2, total: 2 });
    c.set(10 * MISUSE_BUCKET_MS);
    expect(m.record("s", false)).toEqual({ pause: true, invalid: 3, total: 3 });
  });

  it("agrees with a per-event reference over random timelines, within the bucket granularity", () => {
    const windowMs = 10 * MISUSE_BUCKET_MS;
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 3 * MISUSE_BUCKET_MS }), fc.boolean()), { maxLength: 300 }), (steps) => {
        const c = clock(0);
        const m = new MisuseMonitor({ windowMs, minInvalid: 5, maxInvalidShare: 0.3 }, c.now);
        const events: Array<{ at: number; valid: boolean }> = [];
        for (const [ms, valid] of steps) {
          c.advance(ms);
          events.push({ at: c.now(), valid });
          const got = m.record("s", valid);
          const slot = Math.floor(c.now() / MISUSE_BUCKET_MS);
          const inWindow = events.filter((e) => Math.floor(e.at / MISUSE_BUCKET_MS) > slot - 10);
          const invalid = inWindow.filter((e) => !e.valid).length;
          expect(got).toEqual({ pause: invalid >= 5 && invalid / inWindow.length >= 0.3, invalid, total: inWindow.length });
        }
      }),
      { numRuns: 200 },
    );
  });

  it("keeps at most one bucket per minute of window per site", () => {
    const c = clock(0);
    const m = new MisuseMonitor(undefined, c.now);
    for (let i = 0; i < 10_000; i++) {
      m.record("s", i % 2 === 0);
      c.advance(1000);
    }
    const sites = (m as unknown as { sites: Map<string, { buckets: unknown[] }> }).sites;
    expect(sites.get("s")!.buckets.length).toBeLessThanOrEqual(60);
  });

  it.each([
    { windowMs: 0, minInvalid: 100, maxInvalidShare: 0.2 },
    { windowMs: 60_000, minInvalid: 0, maxInvalidShare: 0.2 },
    { windowMs: 60_000, minInvalid: 1, maxInvalidShare: 0 },
    { windowMs: 60_000, minInvalid: 1, maxInvalidShare: 1.5 },
    { windowMs: Number.NaN, minInvalid: 1, maxInvalidShare: 0.5 },
  ])("rejects the policy %j", (policy) => {
    expect(() => new MisuseMonitor(policy, () => 0)).toThrow(RangeError);
  });
});

describe("misuseWarrantsPause", () => {
  const policy = { windowMs: 60_000, minInvalid: 10, maxInvalidShare: 0.5 };

  it("needs both the floor of invalid exposures and their share", () => {
    expect(misuseWarrantsPause(policy, 10, 20)).toBe(true);
    expect(misuseWarrantsPause(policy, 9, 9)).toBe(false);
    expect(misuseWarrantsPause(policy, 10, 21)).toBe(false);
    expect(misuseWarrantsPause(policy, 0, 0)).toBe(false);
  });

  it("is what MisuseMonitor decides after every exposure", () => {
    const monitor = new MisuseMonitor(policy, () => 0);
    for (let i = 0; i < 40; i++) {
      const verdict = monitor.record("s", i % 3 === 0);
      expect(verdict.pause).toBe(misuseWarrantsPause(policy, verdict.invalid, verdict.total));
    }
  });

  it("counts a window in whole minutes", () => {
    expect(misuseWindowSlots(DEFAULT_MISUSE_POLICY)).toBe(60);
    expect(misuseWindowSlots({ ...policy, windowMs: MISUSE_BUCKET_MS + 1 })).toBe(2);
  });
});
