// The rate limits of the public endpoints: shared by every instance
// through Redis when REDIS_URL is set (failing open when it does not answer), else per instance. Each
// door's service takes from these buckets itself, right after it has found the site or the API key.
import { RateLimiter, type RateLimitDecision, type RateLimitRule } from "~/domain/events/rate-limit";
import { appEnv } from "~/env.server";
import { fail, ok, type Outcome, type Problem } from "~/services/outcome";
import { redisConfigured, redisKey, withRedis } from "~/infra/redis.server";
import { takeSharedTokens, type SharedBucket } from "~/infra/redis-rate-limit.server";

/** Documented in docs/api.md ("Limits"); change both together. */
export const RATE_LIMITS = {
  /** Every snippet request of one visitor of one site: a burst of 60, then one a second. */
  visitor: { capacity: 60, refillPerSecond: 1 },
  /** All snippet requests of one site: a burst of 2000, then 1000 a second. */
  site: { capacity: 2000, refillPerSecond: 1000 },
  /** Server-side conversions per API key: a burst of 200, then 50 a second. */
  apiKey: { capacity: 200, refillPerSecond: 50 },
} satisfies Record<string, RateLimitRule>;

const now = () => Date.now();
const limiters = {
  visitor: new RateLimiter(RATE_LIMITS.visitor, { now }),
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

/** Takes one request from the site's and the visitor's buckets: allowed, or the 429 to answer. */
export async function throttleSnippetRequest(siteId: string, visitorId: string | null): Promise<Outcome<void>> {
  if (!appEnv().rateLimits) return ALLOWED;
  if (redisConfigured()) {
    const buckets: SharedBucket[] = [{ key: redisKey(`rate:site:${siteId}`), rule: RATE_LIMITS.site }];
    if (visitorId) buckets.push({ key: redisKey(`rate:visitor:${siteId}:${visitorId}`), rule: RATE_LIMITS.visitor });
    return throttleShared(buckets);
  }
  const site = limiters.site.take(siteId);
  if (!site.allowed) return rateLimited(site.retryAfterSeconds);
  if (visitorId) {
    const visitor = limiters.visitor.take(`${siteId}:${visitorId}`);
    if (!visitor.allowed) return rateLimited(visitor.retryAfterSeconds);
  }
  return ALLOWED;
}

/** Takes one request from the API key's bucket: allowed, or the 429 to answer. */
export async function throttleApiKey(keyId: string): Promise<Outcome<void>> {
  if (!appEnv().rateLimits) return ALLOWED;
  if (redisConfigured()) return throttleShared([{ key: redisKey(`rate:api-key:${keyId}`), rule: RATE_LIMITS.apiKey }]);
  const result = limiters.apiKey.take(keyId);
  return result.allowed ? ALLOWED : rateLimited(result.retryAfterSeconds);
}
