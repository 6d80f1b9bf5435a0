// Each site's configuration and running tests, in memory, so the snippet's hot paths never wait on
// the database after a site's first request. Entries are refreshed in the background when they are
// older than REFRESH_MS (other app instances' changes arrive that way) and at once on local changes.
import type { SiteConfig } from "~/domain/site-config";
import { loadSiteConfig } from "~/models/site-config.server";

/** How stale an entry may be before a background reload; also how long an unknown Site ID is remembered. */
export const REFRESH_MS = 30_000;
const MAX_ENTRIES = 50_000;

interface Entry {
  value: SiteConfig | null;
  loadedAt: number;
  loading?: Promise<SiteConfig | null>;
}

const entries = new Map<string, Entry>();

function load(publicId: string, entry: Entry | undefined): Promise<SiteConfig | null> {
  if (entry?.loading) return entry.loading;
  const loading = loadSiteConfig(publicId)
    .then((value) => {
      entries.delete(publicId);
      entries.set(publicId, { value, loadedAt: Date.now() });
      while (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
      return value;
    })
    .catch((error: unknown) => {
      const current = entries.get(publicId);
      if (current) delete current.loading;
      throw error;
    });
  if (entry) entry.loading = loading;
  else entries.set(publicId, { value: null, loadedAt: 0, loading });
  return loading;
}

/** The site's configuration, or null for an unknown Site ID. */
export async function getSiteConfig(publicId: string): Promise<SiteConfig | null> {
  const entry = entries.get(publicId);
  if (!entry || entry.loadedAt === 0) return load(publicId, entry);
  if (Date.now() - entry.loadedAt > REFRESH_MS) load(publicId, entry).catch(() => {});
  return entry.value;
}

/** Drops the cached entry after a change made by this instance (a test edited, a site paused). */
export function invalidateSite(publicId: string): void {
  entries.delete(publicId);
}
