// Installing on a Shopify store through the real flow: an admin request with a session token and no stored
// session → token exchange at the Admin API stand-in → afterAuth. Shopify is stood in for by its wire formats.
import { beforeAll, describe, expect, it } from "vitest";
import { SITE_ID_PATTERN, type PatchesResponse } from "~/wire";
import { oneDatabase } from "../support/databases";
import { seedTest } from "../support/seed";
import { APP, adminFetch, sendWebhook, useShopifyServer } from "../support/shopify";
import { batch, getPatches, newId, pageview, postBatch } from "../support/snippet-client";

interface SiteRow {
  publicId: string;
  kind: string;
  name: string;
  currency: string;
}

describe.each(oneDatabase)("install on a Shopify store (%s)", (kind) => {
  const ctx = useShopifyServer(kind);
  const SHOP = "svc-install.myshopify.com";

  beforeAll(() => {
    const shop = ctx.admin.shop(SHOP);
    shop.name = "Acme Outfitters";
    shop.currencyCode = "EUR";
    // Tokens that are always about to expire: every admin request makes a new session, so afterAuth runs each time.
    shop.tokenLifetimeSeconds = 60;
  });

  const shopRows = (domain: string) =>
    ctx.sql(async (sql) => ({
      shops: await sql.query<{ name: string; currency: string; uninstalledAt: Date | null }>(
        `SELECT name, currency, "uninstalledAt" FROM "Shop" WHERE domain = $1`,
        [domain],
      ),
      sites: await sql.query<SiteRow>(
        `SELECT s."publicId", s.kind, s.name, s.currency FROM "Site" s JOIN "Shop" p ON p.id = s."shopId" WHERE p.domain = $1`,
        [domain],
      ),
      sessions: (await sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM "Session" WHERE shop = $1`, [domain]))[0]?.n,
    }));

  let siteId = "";

  it("exchanges the session token at the Admin API stand-in, through the library's fetch", async () => {
    const res = await adminFetch(ctx.server.url, SHOP, "/app");
    expect(res.status).toBe(200);
    // Every loader of the page waited for the install: the first page already shows the new site.
    const html = await res.text();
    expect(html).toContain("Acme Outfitters");
    expect(html).not.toContain("No site yet");
    const exchanges = ctx.admin.calls.filter((c) => c.shop === SHOP && c.kind === "token");
    expect(exchanges.length).toBeGreaterThanOrEqual(1);
    expect(exchanges.every((c) => c.status === 200)).toBe(true);
    expect(exchanges[0]?.body).toMatchObject({
      client_id: APP.apiKey,
      grant_type: "urn:ietf:params:oauth:grant-type:token-exchange",
      requested_token_type: "urn:shopify:params:oauth:token-type:offline-access-token",
    });
  });

  it("reads the shop, its app data and its pixel in one query", () => {
    const reads = ctx.admin.callsTo(SHOP, "currentAppInstallation");
    expect(reads).toHaveLength(1);
    expect(reads[0]?.fields).toEqual(["shop", "currentAppInstallation", "webPixel"]);
    expect(reads[0]?.apiVersion).toBe("2026-07");
  });

  it("records the shop and its one storefront site", async () => {
    const { shops, sites, sessions } = await shopRows(SHOP);
    expect(shops).toEqual([{ name: "Acme Outfitters", currency: "EUR", uninstalledAt: null }]);
    expect(sites).toHaveLength(1);
    expect(sites[0]).toMatchObject({ kind: "shopify", name: "Acme Outfitters", currency: "EUR" });
    siteId = sites[0]?.publicId ?? "";
    expect(siteId).toMatch(/^[a-z2-7]{16}$/);
    expect(siteId).toMatch(SITE_ID_PATTERN);
    expect(sessions).toBeGreaterThanOrEqual(1);
  });

  it("writes the app-data metafields the embed reads, on the installation", () => {
    const sets = ctx.admin.callsTo(SHOP, "metafieldsSet");
    expect(sets).toHaveLength(1);
    const { installationId } = ctx.admin.shop(SHOP);
    expect(sets[0]?.variables.metafields).toEqual([
      { ownerId: installationId, namespace: "svc", key: "base_url", type: "single_line_text_field", value: APP.appUrl },
      { ownerId: installationId, namespace: "svc", key: "site_id", type: "single_line_text_field", value: siteId },
    ]);
    expect([...ctx.admin.shop(SHOP).metafields.values()].map((m) => [m.key, m.value])).toEqual([
      ["base_url", APP.appUrl],
      ["site_id", siteId],
    ]);
  });

  it("creates the web pixel with exactly siteId and baseUrl", () => {
    expect(ctx.admin.callsTo(SHOP, "webPixelCreate")).toHaveLength(1);
    const pixel = ctx.admin.shop(SHOP).webPixel;
    expect(pixel && JSON.parse(pixel.settings)).toEqual({ siteId, baseUrl: APP.appUrl });
  });

  it("runs again on every new session and writes nothing the shop already holds", async () => {
    for (let i = 0; i < 2; i++) expect((await adminFetch(ctx.server.url, SHOP, "/app")).status).toBe(200);
    expect(ctx.admin.callsTo(SHOP, "currentAppInstallation").length).toBeGreaterThanOrEqual(3);
    expect(ctx.admin.callsTo(SHOP, "metafieldsSet")).toHaveLength(1);
    expect(ctx.admin.callsTo(SHOP, "webPixelCreate")).toHaveLength(1);
    expect(ctx.admin.callsTo(SHOP, "webPixelUpdate")).toHaveLength(0);
    const { shops, sites } = await shopRows(SHOP);
    expect(shops).toHaveLength(1);
    expect(sites.map((s) => s.publicId)).toEqual([siteId]);
  });

  it("follows a change of the shop's name and currency", async () => {
    ctx.admin.shop(SHOP).name = "Acme";
    ctx.admin.shop(SHOP).currencyCode = "GBP";
    expect((await adminFetch(ctx.server.url, SHOP, "/app")).status).toBe(200);
    const { shops, sites } = await shopRows(SHOP);
    expect(shops[0]).toMatchObject({ name: "Acme", currency: "GBP" });
    expect(sites).toEqual([{ publicId: siteId, kind: "shopify", name: "Acme", currency: "GBP" }]);
  });

  it("sets only what differs, and updates a pixel whose settings differ", async () => {
    const other = "svc-moved.myshopify.com";
    const fake = ctx.admin.shop(other);
    fake.metafields.set("svc.base_url", { namespace: "svc", key: "base_url", type: "single_line_text_field", value: APP.appUrl });
    fake.webPixel = { id: "gid://shopify/WebPixel/77", settings: JSON.stringify({ siteId: "oldsiteoldsiteold", baseUrl: APP.appUrl }) };
    expect((await adminFetch(ctx.server.url, other, "/app")).status).toBe(200);
    const sets = ctx.admin.callsTo(other, "metafieldsSet");
    expect(sets.map((c) => (c.variables.metafields as Array<{ key: string }>).map((m) => m.key))).toEqual([["site_id"]]);
    expect(ctx.admin.callsTo(other, "webPixelCreate")).toHaveLength(0);
    const updates = ctx.admin.callsTo(other, "webPixelUpdate");
    expect(updates).toHaveLength(1);
    expect(updates[0]?.variables.id).toBe("gid://shopify/WebPixel/77");
    const newSiteId = fake.metafields.get("svc.site_id")?.value;
    expect(JSON.parse(fake.webPixel?.settings ?? "{}")).toEqual({ siteId: newSiteId, baseUrl: APP.appUrl });
  });

  it("still installs when Shopify's error on the missing pixel takes all the data with it", async () => {
    const other = "svc-nodata.myshopify.com";
    ctx.admin.shop(other).missingPixelDropsData = true;
    expect((await adminFetch(ctx.server.url, other, "/app")).status).toBe(200);
    const reads = ctx.admin.callsTo(other, "currentAppInstallation");
    expect(reads.map((c) => c.fields)).toEqual([
      ["shop", "currentAppInstallation", "webPixel"],
      ["shop", "currentAppInstallation"],
    ]);
    expect(ctx.admin.callsTo(other, "webPixelCreate")).toHaveLength(1);
    expect(ctx.admin.shop(other).metafields.get("svc.site_id")?.value).toMatch(SITE_ID_PATTERN);
  });

  it("fails the request, saying why in the log, when Shopify refuses a write", async () => {
    const other = "svc-refused.myshopify.com";
    ctx.admin.shop(other).refuse.webPixelCreate = "Settings are invalid";
    const res = await adminFetch(ctx.server.url, other, "/app");
    expect(res.status).toBe(500);
    expect(ctx.server.output()).toContain(`[svc] install of ${other} failed: webPixelCreate refused: Settings are invalid`);
  });
});

describe.each(oneDatabase)("uninstall and reinstall (%s)", (kind) => {
  const ctx = useShopifyServer(kind);
  const SHOP = "svc-leaving.myshopify.com";
  const UNINSTALLED = { id: 1, name: "Leaving", domain: SHOP, myshopify_domain: SHOP };
  let siteId = "";

  beforeAll(async () => {
    expect((await adminFetch(ctx.server.url, SHOP, "/app")).status).toBe(200);
    siteId = ctx.admin.shop(SHOP).metafields.get("svc.site_id")?.value ?? "";
    await ctx.sql((sql) => seedTest(sql, { id: "leaving-test", site: siteId, status: "running" }));
  });

  const runningTests = async (site: string) => ((await (await getPatches(ctx.server.url, site, newId())).json()) as PatchesResponse).tests;
  const state = () =>
    ctx.sql(async (sql) => ({
      sessions: (await sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM "Session" WHERE shop = $1`, [SHOP]))[0]?.n,
      uninstalled: (await sql.query<{ at: Date | null }>(`SELECT "uninstalledAt" AS at FROM "Shop" WHERE domain = $1`, [SHOP]))[0]?.at,
      tests: (await sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM "Test" WHERE id = 'leaving-test'`))[0]?.n,
    }));

  it("serves the installed shop's site", async () => {
    expect(await runningTests(siteId)).toHaveLength(1);
  });

  it("refuses an uninstall whose signed body names another shop, and keeps serving", async () => {
    const res = await sendWebhook(ctx.server.url, "app/uninstalled", SHOP, { ...UNINSTALLED, myshopify_domain: "svc-other.myshopify.com" });
    expect(res.status).toBe(400);
    expect(await runningTests(siteId)).toHaveLength(1);
  });

  it("stops serving the shop's sites at once on app/uninstalled", async () => {
    expect((await sendWebhook(ctx.server.url, "app/uninstalled", SHOP, UNINSTALLED)).status).toBe(200);
    // The same answers as for a Site ID that never existed.
    expect(await runningTests(siteId)).toEqual(await runningTests("nosuchsiteatall0"));
    expect(await runningTests(siteId)).toEqual([]);
    const events = await postBatch(ctx.server.url, batch(siteId, newId(), newId(), [pageview("/")]));
    expect(events.status).toBe(404);
    expect(await events.json()).toMatchObject({ type: "https://svc.dev/problems/unknown-site" });
    const collect = await postBatch(ctx.server.url, { ...batch(siteId, newId(), newId(), [pageview("/")]), shop: SHOP }, { path: "/api/collect" });
    expect(collect.status).toBe(404);
  });

  it("deletes the shop's sessions and keeps its data", async () => {
    const { sessions, uninstalled, tests } = await state();
    expect(sessions).toBe(0);
    expect(uninstalled).toBeInstanceOf(Date);
    expect(tests).toBe(1);
  });

  it("serves again once the shop installs again", async () => {
    expect(await runningTests(siteId)).toEqual([]);
    expect((await adminFetch(ctx.server.url, SHOP, "/app")).status).toBe(200);
    expect(await runningTests(siteId)).toHaveLength(1);
    expect(ctx.admin.shop(SHOP).metafields.get("svc.site_id")?.value).toBe(siteId);
    const { sessions, uninstalled } = await state();
    expect(sessions).toBeGreaterThanOrEqual(1);
    expect(uninstalled).toBeNull();
  });
});
