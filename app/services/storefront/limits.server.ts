// The rate limits of the public endpoints: shared by every instance
// through Redis when REDIS_URL is set (failing open when it does not answer), else per instance. Each
// door's service takes from these buckets itself, right after it has found the site or the API key.
import { createHmac } from "node:crypto";
import { RateLimiter, takeAll, type RateLimitDecision, type RateLimitRule } from "~/domain/events/rate-limit";
import { appEnv, previewKey } from "~/env.server";
import { fail, ok, type Outcome, type Problem } from "~/services/outcome";
import { redisConfigured, redisKey, withRedis } from "~/infra/redis.server";
import { takeSharedTokens, type SharedBucket } from "~/infra/redis-rate-limit.server";

/** Documented in docs/api.md ("Limits"); change both together. */
export const RATE_LIMITS = {
  /** Every snippet request of one visitor of one site: a burst of 60, then one a second. */
  visitor: { capacity: 60, refillPerSecond: 1 },
  /**
   * Event batches (/api/events, /api/collect) from one client address to one site: a burst of 600, then
   * 30 a second, so that rotating `vid` (which the visitor limit is keyed on) does not lift the limit.
   * Generous for many shoppers behind one address (a carrier's NAT); the address is hashed, never stored.
   */
  address: { capacity: 600, refillPerSecond: 30 },
  /** All snippet requests of one site: a burst of 2000, then 1000 a second. */
  site: { capacity: 2000, refillPerSecond: 1000 },
  /** Server-side conversions per API key: a burst of 200, then 50 a second. */
  apiKey: { capacity: 200, refillPerSecond: 50 },
} satisfies Record<string, RateLimitRule>;

const now = () => Date.now();
const limiters = {
  visitor: new RateLimiter(RATE_LIMITS.visitor, { now }),
  address: new RateLimiter(RATE_LIMITS.address, { now }),
  site: new RateLimiter(RATE_LIMITS.site, { now }),
  apiKey: new RateLimiter(RATE_LIMITS.apiKey, { now }),
};

/** What a throttle answers when the request may go on. */
const ALLOWED: Outcome<void> = ok(undefined);

function rateLimited(retryAfterSeconds: number): Outcome<never> {
  const problem: Problem = { status: 429, type: "rate-limited", title: "Too many requests", retryAfterSeconds };
  return fail(problem);
}

/** A 429 when Redis refuses; allowed when it allows or is unavailable (fail open: never refuse for our outage). */
async function throttleShared(buckets: SharedBucket[]): Promise<Outcome<void>> {
  const decision: RateLimitDecision | null = await withRedis((client) => takeSharedTokens(client, buckets));
  return decision && !decision.allowed ? rateLimited(decision.retryAfterSeconds) : ALLOWED;
}

/**
 * A client address as a bucket key: an HMAC under the deployment's preview key (shared by instances that
 * share a secret, random per process otherwise), so neither memory nor Redis ever holds an address.
 */
export function addressKey(address: string): string {
  return createHmac("sha256", previewKey().key).update(`client-address\u0000${address}`).digest("base64url").slice(0, 22);
}

/**
 * Takes one request from the site's, the visitor's and (when given) the client address's buckets, all or
 * none: allowed, or the 429 to answer.
 */
export async function throttleSnippetRequest(siteId: string, visitorId: string | null, address?: string): Promise<Outcome<void>> {
  if (!appEnv().rateLimits) return ALLOWED;
  const hashed = address ? addressKey(address) : null;
  if (redisConfigured()) {
    const buckets: SharedBucket[] = [{ key: redisKey(`rate:site:${siteId}`), rule: RATE_LIMITS.site }];
    if (visitorId) buckets.push({ key: redisKey(`rate:visitor:${siteId}:${visitorId}`), rule: RATE_LIMITS.visitor });
    if (hashed) buckets.push({ key: redisKey(`rate:address:${siteId}:${hashed}`), rule: RATE_LIMITS.address });
    return throttleShared(buckets);
  }
  const takes = [{ limiter: limiters.site, key: siteId }];
  if (visitorId) takes.push({ limiter: limiters.visitor, key: `${siteId}:${visitorId}` });
  if (hashed) takes.push({ limiter: limiters.address, key: `${siteId}:${hashed}` });
  const decision = takeAll(takes);
  return decision.allowed ? ALLOWED : rateLimited(decision.retryAfterSeconds);
}

/** Takes one request from the API key's bucket: allowed, or the 429 to answer. */
export async function throttleApiKey(keyId: string): Promise<Outcome<void>> {
  if (!appEnv().rateLimits) return ALLOWED;
  if (redisConfigured()) return throttleShared([{ key: redisKey(`rate:api-key:${keyId}`), rule: RATE_LIMITS.apiKey }]);
  const result = limiters.apiKey.take(keyId);
  return result.allowed ? ALLOWED : rateLimited(result.retryAfterSeconds);
}
