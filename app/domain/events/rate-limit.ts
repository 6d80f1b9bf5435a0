// Token-bucket rate limiting per key (site, visitor, API key) in memory, with a cap on keys kept.

export interface RateLimitRule {
  /** Burst size: a fresh key may spend this many tokens at once. */
  capacity: number;
  refillPerSecond: number;
}

export interface RateLimitDecision {
  allowed: boolean;
  /** Whole seconds (>= 1) until the request could pass when refused; 0 when allowed. */
  retryAfterSeconds: number;
}

export const DEFAULT_MAX_KEYS = 100_000;

interface Bucket {
  tokens: number;
  at: number;
}

/**
 * One bucket per key. Keys are kept in a Map in least-recently-used order (a touch re-inserts),
 * and the oldest are dropped beyond `maxKeys`: an evicted key starts again with a full bucket, which
 * errs towards allowing traffic, never towards refusing it, and only for keys idle the longest.
 * Per process; with REDIS_URL set, app/infra/redis-rate-limit.server.ts runs the same algorithm in Redis
 * (parity: rate-limit.cases.json).
 */
export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();
  private readonly now: () => number;
  private readonly maxKeys: number;

  constructor(
    private readonly rule: RateLimitRule,
    options: { now: () => number; maxKeys?: number },
  ) {
    if (!(Number.isFinite(rule.capacity) && rule.capacity > 0)) throw new RangeError("capacity must be > 0");
    if (!(Number.isFinite(rule.refillPerSecond) && rule.refillPerSecond > 0)) {
      throw new RangeError("refillPerSecond must be > 0");
    }
    const maxKeys = options.maxKeys ?? DEFAULT_MAX_KEYS;
    if (!(Number.isInteger(maxKeys) && maxKeys >= 1)) throw new RangeError("maxKeys must be an integer >= 1");
    this.now = options.now;
    this.maxKeys = maxKeys;
  }

  /** Spends `cost` tokens of `key` if it has them; a refused request spends nothing. */
  take(key: string, cost = 1): RateLimitDecision {
    // A cost above capacity could never pass; that is a caller bug, not a throttling decision.
    if (!(Number.isFinite(cost) && cost >= 0 && cost <= this.rule.capacity)) {
      throw new RangeError(`cost must be within 0..${this.rule.capacity}`);
    }
    const now = this.now();
    const bucket = this.refilled(key, now);
    this.buckets.delete(key);
    this.buckets.set(key, bucket);
    if (this.buckets.size > this.maxKeys) {
      const oldest = this.buckets.keys().next();
      if (!oldest.done) this.buckets.delete(oldest.value);
    }
    if (bucket.tokens >= cost) {
      bucket.tokens -= cost;
      return { allowed: true, retryAfterSeconds: 0 };
    }
    const seconds = (cost - bucket.tokens) / this.rule.refillPerSecond;
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(seconds)) };
  }

  /** The decision take() would give now, spending nothing and changing nothing. */
  peek(key: string, cost = 1): RateLimitDecision {
    const bucket = this.refilled(key, this.now());
    if (bucket.tokens >= cost) return { allowed: true, retryAfterSeconds: 0 };
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((cost - bucket.tokens) / this.rule.refillPerSecond)) };
  }

  get size(): number {
    return this.buckets.size;
  }

  private refilled(key: string, now: number): Bucket {
    const bucket = this.buckets.get(key);
    if (!bucket) return { tokens: this.rule.capacity, at: now };
    // A clock that steps backwards must not mint tokens; it only delays the next refill.
    const elapsedMs = Math.max(0, now - bucket.at);
    const tokens = Math.min(this.rule.capacity, bucket.tokens + (elapsedMs / 1000) * this.rule.refillPerSecond);
    return { tokens, at: Math.max(now, bucket.at) };
  }
}

/**
 * One token from every bucket, or from none: the first that refuses gives the answer and nothing is
 * spent anywhere, as the Redis script does (app/infra/redis-rate-limit.server.ts) for the same buckets.
 */
export function takeAll(takes: ReadonlyArray<{ limiter: RateLimiter; key: string }>): RateLimitDecision {
  for (const { limiter, key } of takes) {
    const decision = limiter.peek(key);
    if (!decision.allowed) return decision;
  }
  for (const { limiter, key } of takes) limiter.take(key);
  return { allowed: true, retryAfterSeconds: 0 };
}
