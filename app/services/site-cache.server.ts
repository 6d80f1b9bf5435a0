// Each site's configuration and running tests, in memory, so the snippet's hot paths never wait on
// the database after a site's first request. Entries are dropped at once on a change, by this instance
// or (with REDIS_URL, by pub/sub) by any other, and refreshed in the background after refreshMs().
import { createHmac } from "node:crypto";
import { clientNetwork } from "~/domain/events/client-network";
import { RateLimiter, takeAll } from "~/domain/events/rate-limit";
import type { SiteConfig } from "~/domain/sites/site-config";
import { appEnv, previewKey } from "~/env.server";
import { loadSiteConfig } from "~/models/sites/site-config.server";
import { redisKey, subscribeToChannel, withRedis } from "~/infra/redis.server";

/** How stale an entry may be before a background reload; also how long an unknown Site ID is remembered. */
export const REFRESH_MS = 30_000;
/**
 * The same on the embedded database: one process owns it, so every change went through this process and
 * already dropped its entry; the reload is only a safety net. Measured with 10,000 sites on PGlite, the
 * 30 s reloads (~330 queries a second, on the process's own core) cut /api/patches from ~28,000 to ~2,400
 * requests a second.
 */
export const SOLE_WRITER_REFRESH_MS = 10 * 60_000;

function refreshMs(): number {
  return appEnv().databaseUrl === null ? SOLE_WRITER_REFRESH_MS : REFRESH_MS;
}
/** Known sites kept; only Site IDs the database knows are entered here, so unknown ones never evict one. */
const MAX_ENTRIES = 50_000;
/**
 * Unknown Site IDs remembered (a separate negative cache: the oldest of them is dropped past it, never a
 * known site), for as long as an entry (refreshMs()).
 */
export const MAX_UNKNOWN_ENTRIES = 10_000;
/**
 * Lookups of Site IDs in neither cache that found no site, per client address: a burst of 20, then one a
 * second. Past it, such an address's requests naming a Site ID not cached are answered as for an unknown
 * site without asking the database or remembering the ID; cached sites (known or not) are served as ever.
 */
export const UNKNOWN_SITE_LOOKUPS = { capacity: 20, refillPerSecond: 1 } as const;
/** The same per client network (IPv4 /24, IPv6 /48), twice an address's: many addresses of one network share it. */
export const UNKNOWN_SITE_LOOKUPS_PER_NETWORK = { capacity: 40, refillPerSecond: 2 } as const;

interface Entry {
  value: SiteConfig | null;
  loadedAt: number;
  loading?: Promise<SiteConfig | null>;
}

/** Known sites, and IDs whose first load is under way (moved to `unknown` if the load finds nothing). */
const entries = new Map<string, Entry>();
const unknown = new Map<string, number>();
const unknownLookups = new RateLimiter(UNKNOWN_SITE_LOOKUPS, { now: () => Date.now(), maxKeys: 10_000 });
const unknownLookupsPerNetwork = new RateLimiter(UNKNOWN_SITE_LOOKUPS_PER_NETWORK, { now: () => Date.now(), maxKeys: 10_000 });

/** The address's and its network's lookup buckets, keyed by HMACs so that no address is held in memory. */
function lookupBuckets(address: string): Array<{ limiter: RateLimiter; key: string }> {
  const hash = (label: string, value: string) => createHmac("sha256", previewKey().key).update(`${label}\u0000${value}`).digest("base64url");
  const network = clientNetwork(address);
  return [
    { limiter: unknownLookups, key: hash("unknown-site", address) },
    ...(network === null ? [] : [{ limiter: unknownLookupsPerNetwork, key: hash("unknown-site-network", network) }]),
  ];
}

function load(publicId: string, entry: Entry | undefined): Promise<SiteConfig | null> {
  if (entry?.loading) return entry.loading;
  const target: Entry = entry ?? { value: null, loadedAt: 0 };
  const loading = loadSiteConfig(publicId)
    .then((value) => {
      // Invalidated while loading: what was read may predate the change, so it is not kept.
      if (entries.get(publicId) !== target) return value;
      entries.delete(publicId);
      if (value) {
        entries.set(publicId, { value, loadedAt: Date.now() });
        while (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
      } else {
        unknown.delete(publicId);
        unknown.set(publicId, Date.now());
        while (unknown.size > MAX_UNKNOWN_ENTRIES) unknown.delete(unknown.keys().next().value as string);
      }
      return value;
    })
    .catch((error: unknown) => {
      const current = entries.get(publicId);
      if (current === target && current.loadedAt === 0) entries.delete(publicId);
      else if (current) delete current.loading;
      throw error;
    });
  target.loading = loading;
  if (!entry) entries.set(publicId, target);
  return loading;
}

let listening = false;

/**
 * Once per process (with REDIS_URL): other instances' changes drop our entries as they happen. Called at
 * start-up, and again (a no-op) by the cache's first users in case start-up did not run (tests).
 */
export function listenForSiteChanges(): void {
  if (listening) return;
  listening = true;
  subscribeToChannel(
    redisKey("site-changed"),
    (publicId) => forget(publicId),
    // (Re)subscribed: any change announced while we were not listening is unknown, so nothing cached is trusted.
    () => {
      entries.clear();
      unknown.clear();
    },
  );
}

function forget(publicId: string): void {
  entries.delete(publicId);
  unknown.delete(publicId);
}

/**
 * The site's configuration, or null for an unknown Site ID. `address` (the client's) limits the lookups
 * of Site IDs in neither cache that find nothing (UNKNOWN_SITE_LOOKUPS, and per its network
 * UNKNOWN_SITE_LOOKUPS_PER_NETWORK); without it, none is limited.
 */
export async function getSiteConfig(publicId: string, address?: string): Promise<SiteConfig | null> {
  listenForSiteChanges();
  const entry = entries.get(publicId);
  if (!entry) {
    const knownUnknown = unknown.get(publicId);
    if (knownUnknown !== undefined && Date.now() - knownUnknown <= refreshMs()) return null;
    unknown.delete(publicId);
    const buckets = address === undefined ? [] : lookupBuckets(address);
    // Out of budget (the address's, or its network's): answered as unknown, at no cost to the database or the cache.
    if (buckets.some(({ limiter, key }) => !limiter.peek(key).allowed)) return null;
    const value = await load(publicId, undefined);
    if (!value) takeAll(buckets);
    return value;
  }
  if (entry.loadedAt === 0) return load(publicId, entry);
  if (Date.now() - entry.loadedAt > refreshMs()) load(publicId, entry).catch(() => {});
  return entry.value;
}

/** Drops the cached entry after a change made by this instance (a test edited, a site paused), here and on every other. */
export function invalidateSite(publicId: string): void {
  forget(publicId);
  listenForSiteChanges();
  void withRedis((client) => client.publish(redisKey("site-changed"), publicId));
}
