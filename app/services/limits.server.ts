// The rate limits of the public endpoints (per app instance) and the exposure-misuse monitor.
import { RateLimiter, type RateLimitRule } from "~/domain/rate-limit";
import { MisuseMonitor } from "~/domain/exposure-integrity";
import { appEnv } from "~/env.server";

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

export type Throttle = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** Takes one request from the site's and the visitor's buckets. */
export function throttleSnippetRequest(siteId: string, visitorId: string | null): Throttle {
  if (!appEnv().rateLimits) return { allowed: true };
  const site = limiters.site.take(siteId);
  if (!site.allowed) return { allowed: false, retryAfterSeconds: site.retryAfterSeconds };
  if (visitorId) {
    const visitor = limiters.visitor.take(`${siteId}:${visitorId}`);
    if (!visitor.allowed) return { allowed: false, retryAfterSeconds: visitor.retryAfterSeconds };
  }
  return { allowed: true };
}

export function throttleApiKey(keyId: string): Throttle {
  if (!appEnv().rateLimits) return { allowed: true };
  const result = limiters.apiKey.take(keyId);
  return result.allowed ? { allowed: true } : { allowed: false, retryAfterSeconds: result.retryAfterSeconds };
}

export const misuseMonitor = new MisuseMonitor();
