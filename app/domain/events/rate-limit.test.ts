import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { RateLimiter, takeAll } from "./rate-limit";

function clock(start = 1_000_000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => void (t += ms), set: (ms: number) => void (t = ms) };
}

describe("RateLimiter", () => {
  it("allows a burst of capacity, then refuses with a whole-second retry", () => {
    const c = clock();
    const limiter = new RateLimiter({ capacity: 3, refillPerSecond: 1 }, { now: c.now });
    for (let i = 0; i < 3; i++) expect(limiter.take("k")).toEqual({ allowed: true, retryAfterSeconds: 0 });
    expect(limiter.take("k")).toEqual({ allowed: false, retryAfterSeconds: 1 });
  });

  it("refills at the configured rate, capped at capacity", () => {
    const c = clock();
    const limiter = new RateLimiter({ capacity: 2, refillPerSecond: 0.5 }, { now: c.now });
    limiter.take("k", 2);
    expect(limiter.take("k")).toEqual({ allowed: false, retryAfterSeconds: 2 });
    c.advance(1999);
    expect(limiter.take("k").allowed).toBe(false);
    c.advance(1);
    expect(limiter.take("k").allowed).toBe(true);
    c.advance(3_600_000);
    expect(limiter.take("k", 2).allowed).toBe(true);
    expect(limiter.take("k").allowed).toBe(false);
  });

  it("rounds a fractional wait up and never answers 0 when refusing", () => {
    const c = clock();
    const limiter = new RateLimiter({ capacity: 10, refillPerSecond: 4 }, { now: c.now });
    limiter.take("k", 10);
    expect(limiter.take("k")).toEqual({ allowed: false, retryAfterSeconds: 1 });
    expect(limiter.take("k", 10)).toEqual({ allowed: false, retryAfterSeconds: 3 });
    c.advance(2400);
    expect(limiter.take("k", 10)).toEqual({ allowed: false, retryAfterSeconds: 1 });
  });

  it("does not charge refused requests", () => {
    const c = clock();
    const limiter = new RateLimiter({ capacity: 5, refillPerSecond: 1 }, { now: c.now });
    limiter.take("k", 4);
    expect(limiter.take("k", 2).allowed).toBe(false);
    expect(limiter.take("k", 1).allowed).toBe(true);
  });

  it("keeps keys apart", () => {
    const c = clock();
    const limiter = new RateLimiter({ capacity: 1, refillPerSecond: 1 }, { now: c.now });
    expect(limiter.take("a").allowed).toBe(true);
    expect(limiter.take("a").allowed).toBe(false);
    expect(limiter.take("b").allowed).toBe(true);
  });

  it("does not mint tokens when the clock steps backwards", () => {
    const c = clock(10_000_000);
    const limiter = new RateLimiter({ capacity: 1, refillPerSecond: 1 }, { now: c.now });
    limiter.take("k");
    c.set(0);
    expect(limiter.take("k").allowed).toBe(false);
    c.set(10_000_500);
    expect(limiter.take("k").allowed).toBe(false);
    c.set(10_001_000);
    expect(limiter.take("k").allowed).toBe(true);
  });

  it("evicts the least recently used key beyond maxKeys", () => {
    const c = clock();
    const limiter = new RateLimiter({ capacity: 1, refillPerSecond: 0.001 }, { now: c.now, maxKeys: 2 });
    limiter.take("a");
    limiter.take("b");
    limiter.take("a"); // a is now the most recent
    limiter.take("c"); // evicts b
    expect(limiter.size).toBe(2);
    expect(limiter.take("a").allowed).toBe(false); // still remembered, still empty
    expect(limiter.take("b").allowed).toBe(true); // forgotten, so a fresh bucket (evicts c)
    expect(limiter.take("a").allowed).toBe(false);
  });

  it("never holds more than maxKeys keys", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20 }), fc.array(fc.string({ maxLength: 3 }), { maxLength: 200 }), (maxKeys, keys) => {
        const limiter = new RateLimiter({ capacity: 2, refillPerSecond: 1 }, { now: () => 0, maxKeys });
        for (const k of keys) limiter.take(k);
        return limiter.size === Math.min(maxKeys, new Set(keys).size);
      }),
    );
  });

  it("never allows more than capacity plus what the elapsed time refills", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 5000 }), fc.integer({ min: 0, max: 3 })), { maxLength: 100 }), (steps) => {
        const c = clock();
        const limiter = new RateLimiter({ capacity: 5, refillPerSecond: 2 }, { now: c.now });
        let spent = 0;
        let elapsed = 0;
        for (const [ms, cost] of steps) {
          c.advance(ms);
          elapsed += ms;
          if (limiter.take("k", cost).allowed) spent += cost;
        }
        return spent <= 5 + (elapsed / 1000) * 2 + 1e-9;
      }),
    );
  });

  it.each([
    [{ capacity: 0, refillPerSecond: 1 }, {}],
    [{ capacity: 1, refillPerSecond: 0 }, {}],
    [{ capacity: Number.NaN, refillPerSecond: 1 }, {}],
    [{ capacity: 1, refillPerSecond: Infinity }, {}],
    [{ capacity: 1, refillPerSecond: 1 }, { maxKeys: 0 }],
    [{ capacity: 1, refillPerSecond: 1 }, { maxKeys: 1.5 }],
  ])("rejects the rule %j with options %j", (rule, options) => {
    expect(() => new RateLimiter(rule, { now: () => 0, ...options })).toThrow(RangeError);
  });

  it.each([-1, Number.NaN, 6])("rejects cost %s", (cost) => {
    const limiter = new RateLimiter({ capacity: 5, refillPerSecond: 1 }, { now: () => 0 });
    expect(() => limiter.take("k", cost)).toThrow(RangeError);
  });
});

describe("takeAll", () => {
  it("spends from every bucket or from none, and answers the first refusal's wait (as the Redis script)", () => {
    const now = 0;
    const site = new RateLimiter({ capacity: 5, refillPerSecond: 1 }, { now: () => now });
    const visitor = new RateLimiter({ capacity: 1, refillPerSecond: 0.25 }, { now: () => now });
    const both = [{ limiter: site, key: "s" }, { limiter: visitor, key: "v" }];
    expect(takeAll(both)).toEqual({ allowed: true, retryAfterSeconds: 0 });
    expect(takeAll(both)).toEqual({ allowed: false, retryAfterSeconds: 4 });
    expect(takeAll(both)).toEqual({ allowed: false, retryAfterSeconds: 4 });
    // The site's bucket lost one token (the allowed take), not three.
    expect(site.peek("s", 4)).toEqual({ allowed: true, retryAfterSeconds: 0 });
    expect(site.peek("s", 5)).toEqual({ allowed: false, retryAfterSeconds: 1 });
  });

  it("peek decides as take without spending", () => {
    fc.assert(
      fc.property(fc.array(fc.record({ gap: fc.integer({ min: 0, max: 2000 }), key: fc.constantFrom("a", "b") }), { maxLength: 40 }), (takes) => {
        let now = 0;
        const limiter = new RateLimiter({ capacity: 3, refillPerSecond: 2 }, { now: () => now });
        for (const t of takes) {
          now += t.gap;
          const peeked = limiter.peek(t.key);
          expect(limiter.peek(t.key)).toEqual(peeked);
          expect(limiter.take(t.key)).toEqual(peeked);
        }
      }),
      { numRuns: 200 },
    );
  });
});
