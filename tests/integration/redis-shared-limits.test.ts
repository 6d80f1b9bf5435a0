// The Redis scripts behind shared rate limits and the shared misuse monitor, on the real Redis, against
// the in-process domain code: the same takes at the same times give the same decisions and waits, and the
// same exposures at the same minutes give the same counts and pause decision.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Redis } from "ioredis";
import { MISUSE_BUCKET_MS, MisuseMonitor, misusePolicy } from "~/domain/events/exposure-integrity";
import { RateLimiter } from "~/domain/events/rate-limit";
import { RATE_LIMIT_CASES } from "~/domain/events/rate-limit.cases";
import { clearSharedClaims, recordSharedClaims } from "~/infra/redis-misuse.server";
import { peekSharedTokens, takeSharedTokens } from "~/infra/redis-rate-limit.server";
import { deleteRedisKeys, openTestRedis, testRedisUrl, uniqueRedisPrefix } from "../support/redis";

// Without TEST_REDIS_URL (a machine without Redis, outside .ci/run) there is no Redis to run them on.
describe.skipIf(!testRedisUrl)("shared limits in Redis", () => {
  const prefix = uniqueRedisPrefix();
  let redis: Redis;
  let n = 0;
  const fresh = (name: string) => `${prefix}${name}:${n++}`;

  beforeAll(() => {
    redis = openTestRedis();
  });
  afterAll(async () => {
    await deleteRedisKeys(redis, prefix);
    redis.disconnect();
  });

  it.each(RATE_LIMIT_CASES.map((c) => [c.name, c] as const))("the script decides as RateLimiter: %s", async (_name, c) => {
    const scope = fresh("case");
    const decisions = [];
    for (const take of c.takes) {
      decisions.push(await takeSharedTokens(redis, [{ key: `${scope}:${take.key}`, rule: c.rule }], take.at));
    }
    expect(decisions).toEqual(c.takes.map(({ allowed, retryAfterSeconds }) => ({ allowed, retryAfterSeconds })));
  });

  it("decides as RateLimiter on random sequences of takes", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({ capacity: fc.integer({ min: 1, max: 20 }), refillPerSecond: fc.constantFrom(0.5, 1, 3, 50, 1000) }),
        fc.array(fc.record({ gap: fc.integer({ min: 0, max: 3000 }), key: fc.constantFrom("a", "b") }), { maxLength: 40 }),
        async (rule, takes) => {
          const scope = fresh("random");
          let now = 1_700_000_000_000;
          const limiter = new RateLimiter(rule, { now: () => now });
          for (const take of takes) {
            now += take.gap;
            const shared = await takeSharedTokens(redis, [{ key: `${scope}:${take.key}`, rule }], now);
            expect(shared).toEqual(limiter.take(take.key));
          }
        },
      ),
      { numRuns: 30 },
    );
  });

  it("peeks as RateLimiter.peek does, on random sequences of takes, and writes nothing", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({ capacity: fc.integer({ min: 1, max: 10 }), refillPerSecond: fc.constantFrom(1 / 6, 0.5, 1, 50) }),
        fc.array(fc.record({ gap: fc.integer({ min: 0, max: 3000 }), peekOnly: fc.boolean() }), { maxLength: 30 }),
        async (rule, steps) => {
          const bucket = { key: fresh("peek"), rule };
          let now = 1_700_000_000_000;
          const limiter = new RateLimiter(rule, { now: () => now });
          for (const step of steps) {
            now += step.gap;
            const before = await redis.hgetall(bucket.key);
            expect(await peekSharedTokens(redis, [bucket], now)).toEqual(limiter.peek("a"));
            expect(await redis.hgetall(bucket.key)).toEqual(before);
            if (!step.peekOnly) expect(await takeSharedTokens(redis, [bucket], now)).toEqual(limiter.take("a"));
          }
        },
      ),
      { numRuns: 30 },
    );
  });

  it("spends nothing from any bucket when one refuses, and reports the refusing bucket's wait", async () => {
    const site = { key: fresh("site"), rule: { capacity: 5, refillPerSecond: 1 } };
    const visitor = { key: fresh("visitor"), rule: { capacity: 1, refillPerSecond: 0.25 } };
    expect(await takeSharedTokens(redis, [site, visitor], 0)).toEqual({ allowed: true, retryAfterSeconds: 0 });
    expect(await takeSharedTokens(redis, [site, visitor], 0)).toEqual({ allowed: false, retryAfterSeconds: 4 });
    expect(await takeSharedTokens(redis, [site, visitor], 0)).toEqual({ allowed: false, retryAfterSeconds: 4 });
    // The site's bucket lost one token (the allowed take), not three.
    expect(Number(await redis.hget(site.key, "t"))).toBe(4);
  });

  it("lets a bucket's key expire when it would be full again", async () => {
    const bucket = { key: fresh("expiry"), rule: { capacity: 10, refillPerSecond: 5 } };
    for (let i = 0; i < 4; i++) await takeSharedTokens(redis, [bucket]);
    const ttl = await redis.pttl(bucket.key);
    // 4 tokens short at 5 a second: full again in 800 ms (a little less, as Redis's clock moved on), plus
    // the second of slack.
    expect(ttl).toBeGreaterThan(1000);
    expect(ttl).toBeLessThanOrEqual(1800);
  });

  it("keeps a test's misuse window as MisuseMonitor does, minute by minute, and pauses when it would", async () => {
    const policy = misusePolicy({ windowMs: 5 * MISUSE_BUCKET_MS, minVisitors: 3, minNetworks: 2, minSpanMs: MISUSE_BUCKET_MS, minShare: 0.3 });
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            gapMs: fc.integer({ min: 0, max: 2 * MISUSE_BUCKET_MS }),
            valid: fc.nat(15),
            evidence: fc.nat(15),
            visitor: fc.nat(5),
            network: fc.option(fc.nat(3)),
          }),
          { minLength: 1, maxLength: 25 },
        ),
        async (batches) => {
          const prefix = fresh("misuse");
          let now = 1_700_000_000_000;
          const monitor = new MisuseMonitor(policy, () => now);
          for (const batch of batches) {
            now += batch.gapMs;
            if (batch.valid + batch.evidence === 0) continue;
            const seen = { claims: batch.valid + batch.evidence, evidence: batch.evidence, visitor: `v${batch.visitor}`, network: batch.network === null ? null : `n${batch.network}` };
            const local = monitor.record("test", seen);
            const shared = await recordSharedClaims(redis, prefix, policy, seen, now);
            expect(shared).toEqual(local);
          }
          monitor.clear("test");
          await clearSharedClaims(redis, prefix);
          const after = { claims: 1, evidence: 1, visitor: "v", network: null };
          expect(await recordSharedClaims(redis, prefix, policy, after, now)).toEqual(monitor.record("test", after));
        },
      ),
      { numRuns: 25 },
    );
  });

});
