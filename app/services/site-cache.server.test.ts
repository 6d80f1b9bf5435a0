// The site cache's two promises for unknown Site IDs (issue 20, row 9): they never take a known site's
// place, and an address's lookups of them are limited. The database and Redis are stood in for.
import { beforeEach, describe, expect, it, vi } from "vitest";

const loads = vi.hoisted(() => ({ calls: [] as string[] }));
vi.mock("~/models/sites/site-config.server", () => ({
  loadSiteConfig: async (publicId: string) => {
    loads.calls.push(publicId);
    return publicId.startsWith("known-") ? { id: publicId, publicId, tests: [] } : null;
  },
}));
vi.mock("~/env.server", () => ({ appEnv: () => ({ databaseUrl: null }), previewKey: () => ({ key: Buffer.alloc(32, 7), perProcess: true }) }));
vi.mock("~/infra/redis.server", () => ({ redisKey: (k: string) => k, subscribeToChannel: () => {}, withRedis: async () => null }));

const { getSiteConfig, MAX_UNKNOWN_ENTRIES, UNKNOWN_SITE_LOOKUPS } = await import("./site-cache.server");

beforeEach(() => {
  loads.calls = [];
});

describe("the site cache and unknown Site IDs", () => {
  it("keeps a known site however many unknown Site IDs are asked for", async () => {
    expect(await getSiteConfig("known-a")).toMatchObject({ id: "known-a" });
    for (let i = 0; i < MAX_UNKNOWN_ENTRIES + 500; i++) expect(await getSiteConfig(`nosuch-${i}`)).toBeNull();
    loads.calls = [];
    expect(await getSiteConfig("known-a")).toMatchObject({ id: "known-a" });
    expect(loads.calls).toEqual([]);
    // The newest unknown ones are remembered (no lookup), the oldest were dropped.
    await getSiteConfig(`nosuch-${MAX_UNKNOWN_ENTRIES + 499}`);
    expect(loads.calls).toEqual([]);
    await getSiteConfig("nosuch-0");
    expect(loads.calls).toEqual(["nosuch-0"]);
  });

  it("limits an address's lookups that find nothing, and not another address's, nor known sites", async () => {
    const n = UNKNOWN_SITE_LOOKUPS.capacity;
    for (let i = 0; i < n + 10; i++) expect(await getSiteConfig(`probe-${i}`, "203.0.113.9")).toBeNull();
    // The budget's worth reached the database; the rest were answered without it.
    expect(loads.calls).toHaveLength(n);
    loads.calls = [];
    expect(await getSiteConfig("probe-other", "198.51.100.1")).toBeNull();
    expect(loads.calls).toEqual(["probe-other"]);
    // Cached sites are served to the limited address as ever.
    expect(await getSiteConfig("known-a", "203.0.113.9")).toMatchObject({ id: "known-a" });
  });
});
