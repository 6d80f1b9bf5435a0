import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { clientNetwork as clientNetworkHome } from "./client-network";
import {
  claimWeight,
  clientNetwork,
  DEFAULT_MISUSE_POLICY,
  judgeExposure,
  MISUSE_BUCKET_MS,
  MisuseMonitor,
  misusePolicy,
  misuseWarrantsPause,
  misuseWindowSlots,
  siteOwnOrigins,
  type ExposureVerdict,
  type MisuseObservation,
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

describe("claimWeight: only claims that could come from the site count", () => {
  it.each<[ExposureVerdict, boolean, string]>([
    ["wrong-arm", true, "evidence"],
    ["valid", true, "valid"],
    // A visitor outside the test was never served it; a test not running cannot be abused.
    ["not-assigned", true, "none"],
    ["unknown-test", true, "none"],
    // No Origin, or another site's: nothing counts, whatever it claims.
    ["wrong-arm", false, "none"],
    ["valid", false, "none"],
  ])("%s from the site's origin %s → %s", (verdict, own, weight) => {
    expect(claimWeight(verdict, own)).toBe(weight);
  });
});

describe("siteOwnOrigins", () => {
  it("is a Shopify site's myshopify origin, a web site's domain, and the allowed origins", () => {
    expect(siteOwnOrigins({ kind: "shopify", domain: null, shopDomain: "a.myshopify.com", allowedOrigins: [] })).toEqual(["https://a.myshopify.com"]);
    expect(siteOwnOrigins({ kind: "web", domain: "https://www.example.com/", shopDomain: "a.myshopify.com", allowedOrigins: ["https://shop.example.com"] })).toEqual([
      "https://shop.example.com",
      "https://www.example.com",
    ]);
    expect(siteOwnOrigins({ kind: "web", domain: "not a url", shopDomain: "a.myshopify.com", allowedOrigins: [] })).toEqual([]);
  });
});

describe("clientNetwork", () => {
  it("is still exported here, as client-network.ts's", () => {
    expect(clientNetwork).toBe(clientNetworkHome);
  });
});

function clock(start = 1_000_000_000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => void (t += ms), set: (ms: number) => void (t = ms) };
}

const SMALL = misusePolicy({ windowMs: 10 * MISUSE_BUCKET_MS, minVisitors: 3, minNetworks: 2, minSpanMs: 2 * MISUSE_BUCKET_MS, minShare: 0.5 });

function evidence(visitor: string, network: string | null, n = 1): MisuseObservation {
  return { claims: n, evidence: n, visitor, network };
}

describe("MisuseMonitor", () => {
  it("publishes the default policy", () => {
    expect(DEFAULT_MISUSE_POLICY).toEqual({ windowMs: 3_600_000, minVisitors: 50, minNetworks: 20, minSpanMs: 900_000, minShare: 0.2 });
    expect(Object.isFrozen(DEFAULT_MISUSE_POLICY)).toBe(true);
  });

  it("never pauses for one client, however much it claims and however long", () => {
    const c = clock();
    const m = new MisuseMonitor(undefined, c.now);
    for (let minute = 0; minute < 120; minute++) {
      // The two-request attack, every minute for two hours: 100 false claims from one visitor.
      expect(m.record("t", evidence("attacker", "net-1", 50)).pause).toBe(false);
      expect(m.record("t", evidence("attacker", "net-1", 50)).pause).toBe(false);
      c.advance(MISUSE_BUCKET_MS);
    }
  });

  it("never pauses for many visitors from few networks, nor for a burst", () => {
    const c = clock();
    const m = new MisuseMonitor(undefined, c.now);
    // 1,000 made-up visitors from 19 networks, spread over 50 minutes: one network short.
    for (let i = 0; i < 1000; i++) {
      expect(m.record("t", evidence(`v${i}`, `net-${i % 19}`)).pause).toBe(false);
      c.advance(3_000);
    }
    // 100 visitors from 100 networks within a minute: enough people, not for long enough.
    const burst = new MisuseMonitor(undefined, c.now);
    for (let i = 0; i < 100; i++) expect(burst.record("t", evidence(`v${i}`, `net-${i}`)).pause).toBe(false);
  });

  it("pauses when many visitors from many networks keep claiming over the minimum span", () => {
    const c = clock();
    const m = new MisuseMonitor(undefined, c.now);
    let last = m.record("t", evidence("v0", "n0"));
    for (let i = 1; i < 50; i++) {
      c.advance(20_000); // 49 × 20 s: 16 min 20 s from the first
      last = m.record("t", evidence(`v${i}`, `n${i % 20}`));
    }
    expect(last).toMatchObject({ pause: true, evidence: 50, claims: 50, visitors: 50, networks: 20, spanMs: 49 * 20_000 });
  });

  it("needs the share of false claims among the test's claims from the site", () => {
    const c = clock();
    const m = new MisuseMonitor(SMALL, c.now);
    m.record("t", { claims: 10, evidence: 0, visitor: "ok", network: "n" });
    m.record("t", evidence("a", "n1"));
    c.advance(3 * MISUSE_BUCKET_MS);
    m.record("t", evidence("b", "n2"));
    expect(m.record("t", evidence("c", "n1"))).toMatchObject({ pause: false, evidence: 3, claims: 13, visitors: 3, networks: 2 });
    expect(m.record("t", evidence("c", "n1", 7))).toMatchObject({ pause: true, evidence: 10, claims: 20 });
  });

  it("keeps tests apart: evidence about one test never pauses another", () => {
    const c = clock();
    const m = new MisuseMonitor(SMALL, c.now);
    m.record("a", evidence("v1", "n1"));
    c.advance(3 * MISUSE_BUCKET_MS);
    m.record("a", evidence("v2", "n2"));
    expect(m.record("b", evidence("v3", "n3")).pause).toBe(false);
    expect(m.record("a", evidence("v3", "n3")).pause).toBe(true);
  });

  it("forgets evidence older than the window, and all of a test's when cleared", () => {
    const c = clock(0);
    const m = new MisuseMonitor(SMALL, c.now);
    m.record("t", evidence("v1", "n1"));
    m.record("t", evidence("v2", "n2"));
    c.advance(10 * MISUSE_BUCKET_MS); // v1 and v2 are now a whole window old
    expect(m.record("t", evidence("v3", "n3"))).toMatchObject({ pause: false, evidence: 1, visitors: 1, networks: 1, spanMs: 0 });
    c.advance(3 * MISUSE_BUCKET_MS);
    m.record("t", evidence("v4", "n4"));
    expect(m.record("t", evidence("v5", "n4")).pause).toBe(true);
    m.clear("t");
    expect(m.record("t", evidence("v6", "n6"))).toEqual({ pause: false, evidence: 1, claims: 1, visitors: 1, networks: 1, spanMs: 0 });
  });

  it("adds a visitor and a network only with evidence, and a network only when known", () => {
    const m = new MisuseMonitor(SMALL, () => 0);
    expect(m.record("t", { claims: 5, evidence: 0, visitor: "v", network: "n" })).toMatchObject({ visitors: 0, networks: 0 });
    expect(m.record("t", evidence("v", null))).toMatchObject({ visitors: 1, networks: 0 });
  });

  it("keeps no more visitors and networks than the policy asks for", () => {
    const c = clock();
    const m = new MisuseMonitor(SMALL, c.now);
    for (let i = 0; i < 100; i++) m.record("t", evidence(`v${i}`, `n${i}`));
    const kept = (m as unknown as { tests: Map<string, { visitors: Map<string, number>; networks: Map<string, number>; buckets: unknown[] }> }).tests.get("t")!;
    expect([kept.visitors.size, kept.networks.size]).toEqual([3, 2]);
  });

  it("survives a clock stepping backwards without losing or inventing counts", () => {
    const c = clock(10 * MISUSE_BUCKET_MS);
    const m = new MisuseMonitor(SMALL, c.now);
    m.record("t", evidence("a", "n1"));
    c.set(0);
    expect(m.record("t", evidence("b", "n2"))).toMatchObject({ evidence: 2, claims: 2, visitors: 2 });
  });

  it("keeps at most one bucket per minute of window per test", () => {
    const c = clock(0);
    const m = new MisuseMonitor(undefined, c.now);
    for (let i = 0; i < 10_000; i++) {
      m.record("t", { claims: 1, evidence: i % 2, visitor: `v${i}`, network: null });
      c.advance(1000);
    }
    const tests = (m as unknown as { tests: Map<string, { buckets: unknown[] }> }).tests;
    expect(tests.get("t")!.buckets.length).toBeLessThanOrEqual(60);
  });

  it("agrees with a per-claim reference over random timelines, within the bucket granularity", () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ gap: fc.integer({ min: 0, max: 3 * MISUSE_BUCKET_MS }), valid: fc.boolean(), who: fc.nat(6), net: fc.nat(3) }), { maxLength: 200 }),
        (steps) => {
          const c = clock(0);
          const m = new MisuseMonitor(SMALL, c.now);
          const seen: Array<{ at: number; valid: boolean }> = [];
          for (const step of steps) {
            c.advance(step.gap);
            seen.push({ at: c.now(), valid: step.valid });
            const got = m.record("t", { claims: 1, evidence: step.valid ? 0 : 1, visitor: `v${step.who}`, network: `n${step.net}` });
            const slot = Math.floor(c.now() / MISUSE_BUCKET_MS);
            const inWindow = seen.filter((e) => Math.floor(e.at / MISUSE_BUCKET_MS) > slot - 10);
            expect(got.claims).toBe(inWindow.length);
            expect(got.evidence).toBe(inWindow.filter((e) => !e.valid).length);
            expect(got.visitors).toBeLessThanOrEqual(SMALL.minVisitors);
            expect(got.networks).toBeLessThanOrEqual(SMALL.minNetworks);
            expect(got.pause).toBe(misuseWarrantsPause(SMALL, got));
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it.each<Record<string, number>>([
    { windowMs: 0 },
    { windowMs: 59_999 },
    { minVisitors: 0 },
    { minNetworks: 1.5 },
    { minVisitors: 1001 },
    { minSpanMs: -1 },
    { minSpanMs: 3_600_000 },
    { minShare: 0 },
    { minShare: 1.5 },
    { windowMs: Number.NaN },
  ])("rejects the policy %j", (changes) => {
    expect(() => misusePolicy(changes)).toThrow(RangeError);
    expect(() => new MisuseMonitor({ ...DEFAULT_MISUSE_POLICY, ...changes }, () => 0)).toThrow(RangeError);
  });
});

describe("misuseWarrantsPause", () => {
  const ok = { evidence: 10, claims: 20, visitors: 3, networks: 2, spanMs: 2 * MISUSE_BUCKET_MS };

  it("needs every threshold at once", () => {
    expect(misuseWarrantsPause(SMALL, ok)).toBe(true);
    expect(misuseWarrantsPause(SMALL, { ...ok, visitors: 2 })).toBe(false);
    expect(misuseWarrantsPause(SMALL, { ...ok, networks: 1 })).toBe(false);
    expect(misuseWarrantsPause(SMALL, { ...ok, spanMs: 2 * MISUSE_BUCKET_MS - 1 })).toBe(false);
    expect(misuseWarrantsPause(SMALL, { ...ok, claims: 21 })).toBe(false);
    expect(misuseWarrantsPause(SMALL, { ...ok, evidence: 0, claims: 0 })).toBe(false);
  });

  it("counts a window in whole minutes", () => {
    expect(misuseWindowSlots(DEFAULT_MISUSE_POLICY)).toBe(60);
    expect(misuseWindowSlots({ ...SMALL, windowMs: MISUSE_BUCKET_MS + 1 })).toBe(2);
  });
});
