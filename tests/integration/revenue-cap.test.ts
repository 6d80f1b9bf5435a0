// The revenue cap end to end on the real server and database: a test fixes the site's 99th percentile of
// recent conversion values when it starts, the site page edits the cap (a field error for bad input, tests
// already started keep theirs), and ingestion counts a visitor above the cap up to it in the capped sums
// while revenue stays whole, with AOV's per-visitor sums beside them.
import { beforeAll, describe, expect, it } from "vitest";
import type { PatchesResponse } from "~/wire";
import { databaseKinds } from "../support/databases";
import { loaderData, postAction } from "../support/admin-route-data";
import { rollupDrift } from "../support/recount";
import { ago, seedRows, seedSite, seedTest, storefrontSite } from "../support/seed";
import { adminFetch, sendWebhook, useShopifyServer } from "../support/shopify";
import { orderPayload, refundPayload } from "../support/shopify-webhooks";
import { batch, conversion, exposure, getPatches, newId, postBatch } from "../support/snippet-client";

const SHOP = "svc-revenue-cap.myshopify.com";
const SITE = "rc-site";
const TEST = "rc-test";
const SHOP_TEST = "rc-shop-test";
const SITE_ROUTE = "routes/app.sites.$siteId";

async function armOf(url: string, vid: string, site = SITE, test = TEST): Promise<string> {
  const body = (await (await getPatches(url, site, vid)).json()) as PatchesResponse;
  const arm = body.tests.find((t) => t.test === test)?.arm;
  if (!arm) throw new Error(`visitor ${vid} has no arm: ${JSON.stringify(body)}`);
  return arm;
}

describe.each(databaseKinds)("revenue cap (%s)", (kind) => {
  const ctx = useShopifyServer(kind);
  const url = () => ctx.server.url;
  let storefront = "";

  beforeAll(async () => {
    expect((await adminFetch(url(), SHOP, "/app")).status).toBe(200);
    await ctx.sql(async (sql) => {
      const site = await seedSite(sql, { shop: SHOP, id: SITE, currency: "USD" });
      // 40 conversion values of 10, 20 … 400 in the last 30 days: percentile_cont(0.99) = 390 + 0.61 · 10 = 396.10.
      // One older value and one in another currency are outside the default's window.
      await seedRows(sql, "Conversion", [
        ...Array.from({ length: 40 }, (_, i) => ({
          siteId: site.id, eventId: `old-${i}`, goal: "purchase", value: String(10 * (i + 1)), currency: "USD", source: "server", occurredAt: ago("2 days"),
        })),
        { siteId: site.id, eventId: "old-40d", goal: "purchase", value: "100000", currency: "USD", source: "server", occurredAt: ago("40 days") },
        { siteId: site.id, eventId: "old-eur", goal: "purchase", value: "90000", currency: "EUR", source: "server", occurredAt: ago("1 day") },
      ]);
      await seedTest(sql, { id: TEST, site: SITE, pages: ["/demo"], goals: ["purchase"] });
      // A running test on the shop's storefront whose cap (100) was fixed when it started.
      storefront = (await storefrontSite(sql, SHOP)).publicId;
      await seedTest(sql, { id: SHOP_TEST, site: storefront, status: "running", pages: ["/demo"], goals: ["purchase"], revenueCap: "100", revenueCapSource: "setting" });
    });
  });

  it("shows the default on the site page and fixes it in the test when the test starts", async () => {
    const page = await loaderData(url(), SHOP, `/app/sites/${SITE}`, SITE_ROUTE);
    expect(page.data.revenueCap).toMatchObject({ cap: null, currency: "USD", defaultCap: 396.1, values: 40, windowDays: 30 });
    const html = await (await adminFetch(url(), SHOP, `/app/sites/${SITE}`)).text();
    expect(html).toContain("Cap per visitor (USD)");
    expect(html).toContain("the 99th percentile of the last 30 days&#x27; 40 conversion values, 396.1 USD today");

    const started = await postAction(url(), SHOP, `/app/tests/${TEST}`, { intent: "start" });
    expect(started.status).toBe(200);
    const [test] = await ctx.sql((sql) => sql.query<{ cap: string; source: string }>(`SELECT "revenueCap"::text AS cap, "revenueCapSource" AS source FROM "Test" WHERE id = $1`, [TEST]));
    expect(test).toEqual({ cap: "396.1000", source: "p99" });
  });

  it("refuses a bad cap with a field error and keeps the started test's cap when the site's changes", async () => {
    const bad = await postAction(url(), SHOP, `/app/sites/${SITE}`, { intent: "revenue-cap", revenueCap: "a lot" });
    expect(bad.status).toBe(400);
    expect(bad.data.fieldErrors).toEqual({ revenueCap: expect.stringContaining("Enter an amount") });
    const good = await postAction(url(), SHOP, `/app/sites/${SITE}`, { intent: "revenue-cap", revenueCap: "250" });
    expect(good.status).toBe(200);
    expect((await loaderData(url(), SHOP, `/app/sites/${SITE}`, SITE_ROUTE)).data.revenueCap).toMatchObject({ cap: 250 });
    const [row] = await ctx.sql((sql) =>
      sql.query<{ site: string; test: string }>(
        `SELECT s."revenueCap"::text AS site, t."revenueCap"::text AS test FROM "Site" s JOIN "Test" t ON t."siteId" = s.id WHERE t.id = $1`,
        [TEST],
      ),
    );
    expect(row).toEqual({ site: "250.0000", test: "396.1000" });
  });

  it("counts a visitor above the cap up to it in the capped sums, and whole in revenue", async () => {
    const big = newId();
    const small = newId();
    const bigSession = newId();
    const bigArm = await armOf(url(), big);
    const smallArm = await armOf(url(), small);
    // The big spender's first two orders come in one batch (the plan sees the first), the third in another
    // (the database's history): 300 → 500 → 550, capped 300 → 396.10 → 396.10.
    expect((await postBatch(url(), batch(SITE, big, bigSession, [exposure(TEST, bigArm), conversion("purchase", 300), conversion("purchase", 200)]))).status).toBe(200);
    expect((await postBatch(url(), batch(SITE, big, bigSession, [conversion("purchase", 50)]))).status).toBe(200);
    const smallSession = newId();
    expect((await postBatch(url(), batch(SITE, small, smallSession, [exposure(TEST, smallArm), conversion("purchase", 40)]))).status).toBe(200);

    const [sums] = await ctx.sql((sql) =>
      sql.query<Record<string, number>>(
        `SELECT sum(conversions)::float8 AS conversions, sum(revenue)::float8 AS revenue, sum("revenueSquares")::float8 AS "revenueSquares",
                sum("cappedRevenue")::float8 AS "cappedRevenue", sum("cappedRevenueSquares")::float8 AS "cappedRevenueSquares",
                sum("conversionSquares")::float8 AS "conversionSquares", sum("revenueConversions")::float8 AS "revenueConversions",
                sum("cappedRevenueConversions")::float8 AS "cappedRevenueConversions"
           FROM "DailyRollup" WHERE "testId" = $1 AND goal = 'purchase'`,
        [TEST],
      ),
    );
    expect(sums!.conversions).toBe(4);
    expect(sums!.revenue).toBeCloseTo(590, 4);
    expect(sums!.revenueSquares).toBeCloseTo(550 ** 2 + 40 ** 2, 2);
    expect(sums!.cappedRevenue).toBeCloseTo(396.1 + 40, 4);
    expect(sums!.cappedRevenueSquares).toBeCloseTo(396.1 ** 2 + 40 ** 2, 2);
    expect(sums!.conversionSquares).toBe(3 ** 2 + 1);
    expect(sums!.revenueConversions).toBeCloseTo(3 * 550 + 40, 4);
    expect(sums!.cappedRevenueConversions).toBeCloseTo(3 * 396.1 + 40, 4);

    // The results page names the cap the test fixed.
    const page = await adminFetch(url(), SHOP, `/app/tests/${TEST}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("counts each visitor&#x27;s revenue up to $396.10 (the 99th percentile of recent orders)");
  });

  it("caps a visitor's Shopify orders in the test, and a refund moves only net revenue", async () => {
    const vid = newId();
    const sid = newId();
    const arm = await armOf(url(), vid, storefront, SHOP_TEST);
    const collected = await postBatch(url(), { ...batch(storefront, vid, sid, [exposure(SHOP_TEST, arm)]), shop: SHOP }, { path: "/api/collect" });
    expect(collected.status).toBe(200);
    for (const [id, total] of [[9101, "80.00"], [9102, "70.00"]] as const) {
      const paid = await sendWebhook(url(), "orders/paid", SHOP, orderPayload(id, { total, session: sid }));
      expect(await paid.json()).toMatchObject({ status: "recorded", attributedTests: 1 });
    }
    const refund = await sendWebhook(url(), "refunds/create", SHOP, refundPayload(9201, 9101, "50.00"));
    expect(await refund.json()).toMatchObject({ status: "recorded" });

    const [sums] = await ctx.sql((sql) =>
      sql.query<Record<string, number>>(
        `SELECT sum(revenue)::float8 AS revenue, sum(refunded)::float8 AS refunded, sum("cappedRevenue")::float8 AS "cappedRevenue",
                sum("cappedRevenueSquares")::float8 AS "cappedRevenueSquares", sum("conversionSquares")::float8 AS "conversionSquares",
                sum("cappedRevenueConversions")::float8 AS "cappedRevenueConversions"
           FROM "DailyRollup" WHERE "testId" = $1 AND goal = 'purchase'`,
        [SHOP_TEST],
      ),
    );
    // 80 then 70: revenue 150, capped 80 → 100; the refund of 50 is in `refunded` only.
    expect(sums).toEqual({ revenue: 150, refunded: 50, cappedRevenue: 100, cappedRevenueSquares: 10_000, conversionSquares: 4, cappedRevenueConversions: 200 });
  });

  it("leaves rollups that a recount from the raw tables, with each test's cap, agrees with", async () => {
    expect(await ctx.sql((sql) => rollupDrift(sql))).toEqual([]);
  });
});
