// The rate limits of the public endpoints: shared by every instance
// through Redis when REDIS_URL is set (failing open when it does not answer), else per instance. Each
// door's service takes from these buckets itself, right after it has found the site or the API key.
import { createHmac, hash } from "node:crypto";
import { clientNetwork } from "~/domain/events/client-network";
import { RateLimiter, takeAll, type RateLimitDecision, type RateLimitRule } from "~/domain/events/rate-limit";
import { appEnv, previewKey } from "~/env.server";
import { fail, ok, type Outcome, type Problem } from "~/services/outcome";
import { redisConfigured, redisKey, withRedis } from "~/infra/redis.server";
import { peekSharedTokens, takeSharedTokens, type SharedBucket } from "~/infra/redis-rate-limit.server";

/**
 * Documented in docs/api.md ("Limits"); change both together. A network is the client's IPv4 /24 or IPv6
 * /48 (client-network.ts): whoever holds many addresses of one network (a /64 alone is 2^64 of them) gets
 * that network's budget, not one per address. Each network budget is twice its address budget: a network
 * may hold an office or a carrier's NAT pool, many honest shoppers behind several busy addresses, while
 * three or more addresses of one network never get their full budgets each.
 */
export const RATE_LIMITS = {
  /** Every snippet request of one visitor of one site: a burst of 60, then one a second. */
  visitor: { capacity: 60, refillPerSecond: 1 },
  /**
   * Event batches (/api/events, /api/collect) and hiding sheets from one client address to one site: a
   * burst of 600, then 30 a second, so that rotating `vid` (which the visitor limit is keyed on) does not
   * lift the limit. Generous for many shoppers behind one address (a carrier's NAT: 30 batches a second is
   * over 100,000 an hour from one address to one shop); the address is hashed, never stored.
   */
  address: { capacity: 600, refillPerSecond: 30 },
  /** The same from one client network (/24, /48) to one site: a burst of 1200, then 60 a second. */
  network: { capacity: 1200, refillPerSecond: 60 },
  /**
   * /api/patches from one client address to one site, apart from the event batches' bucket so that neither
   * door spends the other's budget. A shopper asks for patches at most once a pageview (the snippet keeps
   * the answer for its `ttl`, 5 minutes) and sends at least one event batch each pageview, so honest
   * traffic that the event limits let through is let through here too, with the same margin.
   */
  patchesAddress: { capacity: 600, refillPerSecond: 30 },
  /** /api/patches from one client network to one site: a burst of 1200, then 60 a second. */
  patchesNetwork: { capacity: 1200, refillPerSecond: 60 },
  /** All snippet requests of one site: a burst of 2000, then 1000 a second. */
  site: { capacity: 2000, refillPerSecond: 1000 },
  /** Server-side conversions and results reads per API key: a burst of 200, then 50 a second. */
  apiKey: { capacity: 200, refillPerSecond: 50 },
  /**
   * Failed API-key authentications (an unknown or revoked key) per client address: 10, then 10 a minute.
   * A server with its right key never fails; one with a wrong key is told 401 ten times before 429.
   */
  authFailuresAddress: { capacity: 10, refillPerSecond: 1 / 6 },
  /** Failed API-key authentications per client network (/24, /48): 20, then 20 a minute. */
  authFailuresNetwork: { capacity: 20, refillPerSecond: 1 / 3 },
} satisfies Record<string, RateLimitRule>;

type BucketName = keyof typeof RATE_LIMITS;

/** Each bucket's Redis key prefix (the first four predate the network buckets: kept, so no bucket restarts full). */
const REDIS_NAMES: Record<BucketName, string> = {
  visitor: "visitor",
  address: "address",
  site: "site",
  apiKey: "api-key",
  network: "network",
  patchesAddress: "patches-address",
  patchesNetwork: "patches-network",
  authFailuresAddress: "auth-failures-address",
  authFailuresNetwork: "auth-failures-network",
};

const now = () => Date.now();
const limiters = Object.fromEntries(
  Object.entries(RATE_LIMITS).map(([name, rule]) => [name, new RateLimiter(rule, { now })]),
) as Record<BucketName, RateLimiter>;

/** One bucket of one request: which rule, and whose (already hashed) key. */
interface Take {
  bucket: BucketName;
  key: string;
}

/** What a throttle answers when the request may go on. */
const ALLOWED: Outcome<void> = ok(undefined);

function rateLimited(retryAfterSeconds: number): Outcome<never> {
  const problem: Problem = { status: 429, type: "rate-limited", title: "Too many requests", retryAfterSeconds };
  return fail(problem);
}

const sharedBuckets = (takes: readonly Take[]): SharedBucket[] =>
  takes.map(({ bucket, key }) => ({ key: redisKey(`rate:${REDIS_NAMES[bucket]}:${key}`), rule: RATE_LIMITS[bucket] }));

const localTakes = (takes: readonly Take[]) => takes.map(({ bucket, key }) => ({ limiter: limiters[bucket], key }));

/**
 * Takes one token from every bucket or from none: allowed, or the 429 to answer. With Redis, allowed when
 * it allows or is unavailable (fail open: never refuse for our outage).
 */
async function take(takes: readonly Take[]): Promise<Outcome<void>> {
  let decision: RateLimitDecision | null;
  if (redisConfigured()) decision = await withRedis((client) => takeSharedTokens(client, sharedBuckets(takes)));
  else decision = takeAll(localTakes(takes));
  return decision && !decision.allowed ? rateLimited(decision.retryAfterSeconds) : ALLOWED;
}

/** Whether every bucket has a token, spending none: allowed, or the 429 to answer. Fails open as take() does. */
async function peek(takes: readonly Take[]): Promise<Outcome<void>> {
  let decision: RateLimitDecision | null;
  if (redisConfigured()) decision = await withRedis((client) => peekSharedTokens(client, sharedBuckets(takes)));
  else decision = localTakes(takes).map(({ limiter, key }) => limiter.peek(key)).find((d) => !d.allowed) ?? null;
  return decision && !decision.allowed ? rateLimited(decision.retryAfterSeconds) : ALLOWED;
}

let bucketSecret: string | undefined;

/**
 * A keyed hash of a client's address or network: SHA-256 over a secret derived from the deployment's
 * preview key (shared by instances that share a secret, random per process otherwise) and the value. One
 * digest, not an HMAC's two with a new HMAC object each: /api/patches computes two of these per pageview
 * (~0.7 µs each against ~2–5 µs). A prefix-keyed digest is a sound keyed hash here: nobody outside ever
 * sees one, so there is nothing to extend or forge.
 */
function keyedHash(label: string, value: string): string {
  bucketSecret ??= createHmac("sha256", previewKey().key).update("rate-limit-bucket-keys").digest("base64url");
  return hash("sha256", `${bucketSecret}\u0000${label}\u0000${value}`, "base64url").slice(0, 22);
}

/** A client address as a bucket key, hashed (keyedHash), so neither memory nor Redis ever holds an address. */
export function addressKey(address: string): string {
  return keyedHash("client-address", address);
}

/** The client's network (/24, /48) as a bucket key, hashed as addressKey is; null when the address has none. */
export function networkKey(address: string): string | null {
  const network = clientNetwork(address);
  return network === null ? null : keyedHash("client-network", network);
}

/** The address's and its network's buckets of one kind, under `scope` (a site's id, or "" for none). */
function clientTakes(address: string | undefined, scope: string, buckets: { address: BucketName; network: BucketName }): Take[] {
  if (!address) return [];
  const takes: Take[] = [{ bucket: buckets.address, key: `${scope}:${addressKey(address)}` }];
  const network = networkKey(address);
  if (network !== null) takes.push({ bucket: buckets.network, key: `${scope}:${network}` });
  return takes;
}

/** Which client buckets a snippet request takes from: the event batches' (and hiding sheets'), or /api/patches'. */
export type ClientBudget = "events" | "patches";

const CLIENT_BUCKETS: Record<ClientBudget, { address: BucketName; network: BucketName }> = {
  events: { address: "address", network: "network" },
  patches: { address: "patchesAddress", network: "patchesNetwork" },
};

/**
 * Takes one request from the site's, the visitor's and (when given) the client address's and its network's
 * buckets, all or none: allowed, or the 429 to answer. A request is refused when any of them is empty.
 */
export async function throttleSnippetRequest(
  siteId: string,
  visitorId: string | null,
  address?: string,
  budget: ClientBudget = "events",
): Promise<Outcome<void>> {
  if (!appEnv().rateLimits) return ALLOWED;
  const takes: Take[] = [{ bucket: "site", key: siteId }];
  if (visitorId) takes.push({ bucket: "visitor", key: `${siteId}:${visitorId}` });
  takes.push(...clientTakes(address, siteId, CLIENT_BUCKETS[budget]));
  return take(takes);
}

/** Takes one request from the API key's bucket: allowed, or the 429 to answer. */
export async function throttleApiKey(keyId: string): Promise<Outcome<void>> {
  if (!appEnv().rateLimits) return ALLOWED;
  return take([{ bucket: "apiKey", key: keyId }]);
}

const AUTH_FAILURE_BUCKETS = { address: "authFailuresAddress", network: "authFailuresNetwork" } as const;

/**
 * 429 when the client's address or network has spent its failed authentications: asked before the key
 * is even looked up, so a guesser past the budget learns nothing, whatever key it sends next.
 */
export async function refuseSpentAuthFailures(address: string | undefined): Promise<Outcome<void>> {
  if (!appEnv().rateLimits) return ALLOWED;
  const takes = clientTakes(address, "", AUTH_FAILURE_BUCKETS);
  return takes.length === 0 ? ALLOWED : peek(takes);
}

/** Counts one failed authentication (an unknown or revoked key) against the client's address and network. */
export async function noteAuthFailure(address: string | undefined): Promise<void> {
  if (!appEnv().rateLimits) return;
  const takes = clientTakes(address, "", AUTH_FAILURE_BUCKETS);
  if (takes.length > 0) await take(takes);
}
