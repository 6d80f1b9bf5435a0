// Issue 33, rows 8 and 9, on the real server and database. Row 8: an exposure whose own request contradicts its
// test's audience on a fact the server sees (the device from the User-Agent, the country from the trusted header)
// is dropped at ingestion, through both event doors, so its visitor is never counted. Row 9: market handles, which
// the page states and so anybody can choose, are counted only once shown from many networks, so junk from a few
// networks cannot take a site's market slots; and the cap holds when first batches race.
import { beforeAll, describe, expect, it } from "vitest";
import type { PatchesResponse, SvcEvent } from "~/wire";
import { databaseKinds } from "../support/databases";
import { SEGMENT_ROWS_BY_DIMENSION } from "../support/recount";
import { seedRows, seedShop, seedSite, seedTest } from "../support/seed";
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

  describe("row 9: market handles outsiders choose are bounded", () => {
    const marketsTest = (site: string) => `${site}-markets`;
    /** One new visitor from `from` (a loopback address: its /24 is its network) whose page states `market`. */
    async function visitWithMarket(site: string, market: string, from: string) {
      const vid = newId();
      return { vid, arm: await armOf(site, marketsTest(site), vid, {}), market, from };
    }
    const report = (site: string, v: { vid: string; arm: string; market: string; from: string }) =>
      send(site, v.vid, [exposure(marketsTest(site), v.arm)], { from: v.from, l: `&nv=1&ref=&a=${v.market}|en|USD|0` });
    async function marketOf(site: string, vid: string): Promise<string> {
      const rows = await sql<{ segment: string }>(`SELECT segment FROM "Exposure" WHERE "testId" = $1 AND "visitorId" = $2`, [marketsTest(site), vid]);
      return rows[0]!.segment.split("|")[4]!;
    }
    const countedMarkets = async (site: string) =>
      (await sql<{ value: string }>(`SELECT DISTINCT value FROM ${SEGMENT_ROWS_BY_DIMENSION} s WHERE "testId" = $1 AND dimension = 'market' ORDER BY value`, [marketsTest(site)])).map(
        (r) => r.value,
      );

    it("does not let 51 junk markets from one network push real markets to other", async () => {
      for (let i = 0; i < 51; i++) expect((await report(STORE, await visitWithMarket(STORE, `junk-${i}`, "127.0.9.1"))).status).toBe(200);
      // A real market: shoppers from 20 networks. It counts as itself from the 20th network on.
      for (const market of ["us", "ca"]) {
        const seen: string[] = [];
        for (let n = 0; n < 21; n++) {
          const visit = await visitWithMarket(STORE, market, `127.0.${market === "us" ? 30 + n : 60 + n}.1`);
          expect((await report(STORE, visit)).status).toBe(200);
          seen.push(await marketOf(STORE, visit.vid));
        }
        expect(seen.slice(-2)).toEqual([market, market]);
        expect(seen.slice(0, 19).every((m) => m === "other")).toBe(true);
      }
      expect(await countedMarkets(STORE)).toEqual(["ca", "other", "us"]);
    });

    it("counts no more markets than the cap when first batches from many networks race", async () => {
      // 60 shoppers, each on a network of their own, stating 60 markets in the site's first market batches, at once.
      const visits = await Promise.all(Array.from({ length: 60 }, (_, i) => visitWithMarket(RACE, `race-${i}`, `127.1.${i}.1`)));
      const answers = await Promise.all(visits.map((v) => report(RACE, v)));
      expect(answers.map((a) => a.status)).toEqual(visits.map(() => 200));
      const counted = (await countedMarkets(RACE)).filter((m) => m !== "other");
      expect(counted.length).toBeLessThanOrEqual(50);
    });

    it("holds the cap of 50 when 60 markets reach their 20th network at once", async () => {
      // 60 handles each shown from 19 networks already (their keyed tags), then one more network each, all at once.
      const [site] = await sql<{ id: string }>(`SELECT id FROM "Site" WHERE "publicId" = $1`, [CAPPED]);
      const pending = Array.from({ length: 60 }, (_, i) => ({ value: `capped-${i}`, networks: Array.from({ length: 19 }, () => newId()) }));
      await ctx.sql((s) => seedRows(s, "SiteSegmentValue", pending.map((p) => ({ siteId: site!.id, dimension: "market", value: p.value, networks: p.networks }))));
      const visits = await Promise.all(pending.map((p, i) => visitWithMarket(CAPPED, p.value, `127.2.${i}.1`)));
      const answers = await Promise.all(visits.map((v) => report(CAPPED, v)));
      expect(answers.map((a) => a.status)).toEqual(visits.map(() => 200));
      const admitted = await sql<{ n: number }>(`SELECT count(*)::int AS n FROM "SiteSegmentValue" WHERE "siteId" = $1 AND admitted`, [site!.id]);
      expect(admitted[0]!.n).toBe(50);
      const counted = await countedMarkets(CAPPED);
      expect(counted.filter((m) => m !== "other")).toHaveLength(50);
      expect(counted).toContain("other");
    });
  });
});
