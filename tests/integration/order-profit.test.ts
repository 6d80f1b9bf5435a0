// Profit from Shopify orders end to end on the real server and database: signed orders/paid webhooks whose
// line items' unit costs are read through the Admin API stand-in (one query per order for the variants not
// kept, then kept), a variant without a cost or an Admin API outage leaving the order counted without cost,
// refunds and cancellations moving profit, subscription orders apart, and the results page and CSV.
import { beforeAll, describe, expect, it } from "vitest";
import type { PatchesResponse } from "~/wire";
import { csvObjects } from "../support/csv";
import { databaseKinds } from "../support/databases";
import { rollupDrift } from "../support/recount";
import { seedTest, storefrontSite } from "../support/seed";
import { adminFetch, sendWebhook, useShopifyServer } from "../support/shopify";
import { orderPayload, refundPayload } from "../support/shopify-webhooks";
import { batch, exposure, getPatches, newId, postBatch } from "../support/snippet-client";

const SHOP = "svc-profit.myshopify.com";
const TEST = "profit-test";
const MUG = 40000000000101;
const PLATE = 40000000000102;
const NO_COST = 40000000000103;
const BOWL = 40000000000104;
const SLOW = 40000000000105;
const gid = (id: number) => `gid://shopify/ProductVariant/${id}`;

describe.each(databaseKinds)("profit from Shopify orders (%s)", (kind) => {
  const ctx = useShopifyServer(kind);
  const url = () => ctx.server.url;
  let buyer: { vid: string; sid: string; arm: string };

  const costQueries = () => ctx.admin.callsTo(SHOP, "nodes");
  const paid = async (id: number, total: string, lines: Parameters<typeof orderPayload>[1]["lines"]) => {
    const res = await sendWebhook(url(), "orders/paid", SHOP, orderPayload(id, { total, session: buyer.sid, lines }));
    expect(res.status).toBe(200);
    return (await res.json()) as Record<string, unknown>;
  };
  /** The units the buyer's arm's purchases sold, summed over the rollup's rows (and parts), and those of one order. */
  const armUnits = async () =>
    Number((await ctx.sql((sql) => sql.query<{ n: number }>(`SELECT COALESCE(sum(units), 0)::int AS n FROM "DailyRollup" WHERE "testId" = $1 AND "armId" = $2 AND goal = 'purchase'`, [TEST, buyer.arm])))[0]?.n);
  const orderUnits = async (id: number) =>
    Number((await ctx.sql((sql) => sql.query<{ units: number }>(`SELECT units FROM "Order" WHERE "orderId" = $1`, [String(id)])))[0]?.units);
  /** The buyer's arm's purchase row of the summary CSV, as the merchant downloads it. */
  const purchaseRow = async () => {
    const res = await adminFetch(url(), SHOP, `/app/tests/${TEST}/export.csv`);
    expect(res.status).toBe(200);
    const row = csvObjects(await res.text()).find((r) => r.goal === "purchase" && r.arm_id === buyer.arm);
    if (!row) throw new Error("no purchase row for the buyer's arm");
    return row;
  };
  const orderCost = async (id: number) =>
    (await ctx.sql((sql) => sql.query<{ cost: string | null; sub: boolean }>(`SELECT cost::text AS cost, "isSubscription" AS sub FROM "Order" WHERE "orderId" = $1`, [String(id)])))[0];

  beforeAll(async () => {
    const shop = ctx.admin.shop(SHOP);
    shop.variants.set(gid(MUG), { unitCost: { amount: "8.0", currencyCode: "USD" } });
    shop.variants.set(gid(PLATE), { unitCost: { amount: "3.5", currencyCode: "USD" } });
    shop.variants.set(gid(NO_COST), { unitCost: null });
    shop.variants.set(gid(BOWL), { unitCost: { amount: "5.0", currencyCode: "USD" } });
    // Installing the shop (token exchange, afterAuth) stores its offline session and creates its storefront site.
    expect((await adminFetch(url(), SHOP, "/app")).status).toBe(200);
    const site = await ctx.sql(async (sql) => {
      const s = await storefrontSite(sql, SHOP);
      await seedTest(sql, { id: TEST, site: s.publicId, status: "running", pages: ["/"], goals: ["purchase"] });
      return s;
    });
    const vid = newId();
    const sid = newId();
    const body = (await (await getPatches(url(), site.publicId, vid)).json()) as PatchesResponse;
    const arm = body.tests.find((t) => t.test === TEST)?.arm;
    if (!arm) throw new Error(`no arm: ${JSON.stringify(body)}`);
    expect((await postBatch(url(), { ...batch(site.publicId, vid, sid, [exposure(TEST, arm)]), shop: SHOP }, { path: "/api/collect" })).status).toBe(200);
    buyer = { vid, sid, arm };
  }, 120_000);

  it("works out an order's cost from its variants' unit costs, read in one Admin API query and then kept", async () => {
    expect(await paid(7001, "50.00", [{ variantId: MUG, quantity: 2 }, { variantId: PLATE, quantity: 1 }])).toMatchObject({ status: "recorded", attributedTests: 1 });
    expect(costQueries()).toHaveLength(1);
    expect(costQueries()[0]?.variables).toEqual({ ids: [gid(MUG), gid(PLATE)] });
    expect(await orderCost(7001)).toEqual({ cost: "19.5000", sub: false });

    // The mug's cost is kept: a second order needing only it asks nothing.
    await paid(7002, "20.00", [{ variantId: MUG, quantity: 1 }]);
    expect(costQueries()).toHaveLength(1);
    expect(await orderCost(7002)).toEqual({ cost: "8.0000", sub: false });

    expect(await purchaseRow()).toMatchObject({
      visitors: "1", conversions: "2", profit: "42.50", profit_per_visitor: "42.50", order_cost: "27.50", costed_orders: "2", uncosted_orders: "0",
    });
    const page = await adminFetch(url(), SHOP, `/app/tests/${TEST}`);
    const html = await page.text();
    expect(html).toContain("Profit per visitor");
    expect(html).toContain("$42.50");
    // Units: 2 mugs and a plate, then a mug, for the arm's one visitor.
    expect([await orderUnits(7001), await orderUnits(7002), await armUnits()]).toEqual([3, 1, 4]);
    expect(html).toContain("Units per visitor");
    expect(html).toContain("4.000");
  });

  it("leaves an order out of profit, counted and never partly costed, when one of its variants has no cost", async () => {
    await paid(7003, "30.00", [{ variantId: MUG, quantity: 1 }, { variantId: NO_COST, quantity: 1 }]);
    // Only the variant not kept was asked for.
    expect(costQueries().at(-1)?.variables).toEqual({ ids: [gid(NO_COST)] });
    expect(await orderCost(7003)).toEqual({ cost: null, sub: false });
    expect(await purchaseRow()).toMatchObject({ conversions: "3", profit: "42.50", costed_orders: "2", uncosted_orders: "1" });
    const html = await (await adminFetch(url(), SHOP, `/app/tests/${TEST}`)).text();
    expect(html).toContain("1 order is left out of profit");
  });

  it("lowers profit by a refund and takes the cost out when the order is cancelled", async () => {
    expect(await (await sendWebhook(url(), "refunds/create", SHOP, refundPayload(7101, 7002, "5.00"))).json()).toMatchObject({ status: "recorded" });
    expect(await purchaseRow()).toMatchObject({ profit: "37.50", order_cost: "27.50" });
    const cancelled = { ...orderPayload(7002, { total: "20.00", session: buyer.sid }), cancelled_at: new Date().toISOString() };
    expect(await (await sendWebhook(url(), "orders/cancelled", SHOP, cancelled)).json()).toMatchObject({ status: "recorded" });
    // Net revenue of the costed orders is 50 + 0 and their cost 19.50: the cancelled order counts for nothing.
    expect(await purchaseRow()).toMatchObject({ profit: "30.50", order_cost: "19.50", costed_orders: "2" });
    // Its unit too (4 + the 2 of order 7003, less the cancelled mug); a refund alone took none.
    expect(await armUnits()).toBe(5);
  });

  it("counts subscription orders and their net revenue apart", async () => {
    await paid(7004, "18.00", [{ variantId: MUG, quantity: 1, sellingPlan: { id: 9, name: "Every month" } }]);
    expect(await orderCost(7004)).toEqual({ cost: "8.0000", sub: true });
    expect(await purchaseRow()).toMatchObject({ subscription_orders: "1", subscription_revenue: "18.00", profit: "40.50", costed_orders: "3" });
    expect(await (await adminFetch(url(), SHOP, `/app/tests/${TEST}`)).text()).toContain("1 ($18.00 net)");
  });

  it("still counts the order, without a cost, when the Admin API is down", async () => {
    ctx.admin.shop(SHOP).failGraphqlWith = 503;
    try {
      const queries = costQueries().length;
      expect(await paid(7005, "25.00", [{ variantId: BOWL, quantity: 1 }])).toMatchObject({ status: "recorded", attributedTests: 1 });
      expect(costQueries().length).toBeGreaterThan(queries);
    } finally {
      ctx.admin.shop(SHOP).failGraphqlWith = null;
    }
    expect(await orderCost(7005)).toEqual({ cost: null, sub: false });
    expect(await purchaseRow()).toMatchObject({ conversions: "5", uncosted_orders: "2", profit: "40.50" });
    // Nothing was kept of the failed read: the next order asks again, and is costed.
    await paid(7006, "25.00", [{ variantId: BOWL, quantity: 1 }]);
    expect(costQueries().at(-1)?.variables).toEqual({ ids: [gid(BOWL)] });
    expect(await orderCost(7006)).toEqual({ cost: "5.0000", sub: false });
  });

  it("does not keep Shopify waiting on a slow Admin API: the order counts without cost within its 5 seconds", async () => {
    ctx.admin.shop(SHOP).graphqlDelayMs = 4_000;
    ctx.admin.shop(SHOP).variants.set(gid(SLOW), { unitCost: { amount: "1.0", currencyCode: "USD" } });
    try {
      const started = Date.now();
      expect(await paid(7008, "10.00", [{ variantId: SLOW, quantity: 1 }])).toMatchObject({ status: "recorded", attributedTests: 1 });
      expect(Date.now() - started).toBeLessThan(4_000);
    } finally {
      ctx.admin.shop(SHOP).graphqlDelayMs = 0;
    }
    expect(await orderCost(7008)).toEqual({ cost: null, sub: false });
  });

  it("adds an order's cost when the web pixel's report gives it its session after it was paid", async () => {
    const before = await purchaseRow();
    const res = await sendWebhook(url(), "orders/paid", SHOP, { ...orderPayload(7007, { total: "20.00", lines: [{ variantId: MUG, quantity: 1 }] }), checkout_token: "tok-7007" });
    expect(await res.json()).toMatchObject({ status: "recorded", attributedTests: 0 });
    const site = await ctx.sql((sql) => storefrontSite(sql, SHOP));
    // Naming the order's checkout: a claim without it never moves an order (issue 33, row 12).
    const report = { type: "checkout" as const, id: newId(), ts: Date.now(), path: "/checkouts/c/1/thank-you", order: "7007", checkout: "tok-7007" };
    expect((await postBatch(url(), { ...batch(site.publicId, buyer.vid, buyer.sid, [report]), shop: SHOP }, { path: "/api/collect" })).status).toBe(200);
    const after = await purchaseRow();
    expect(Number(after.costed_orders)).toBe(Number(before.costed_orders) + 1);
    expect(Number(after.profit)).toBeCloseTo(Number(before.profit) + 12, 4);
  });

  it("keeps the buyer's running profit and profit per visitor's squares and cubes as the orders stand, through refund, cancellation and a late session", async () => {
    // One visitor bought everything in this file: their profit is the arm's, squared and cubed.
    const profit = Number((await purchaseRow()).profit);
    expect(profit).toBeGreaterThan(0);
    const [sums] = await ctx.sql((sql) =>
      sql.query<{ squares: number; cubes: number; kept: number }>(
        `SELECT sum("profitSquares")::float8 AS squares, sum("profitCubes")::float8 AS cubes,
                (SELECT "profit"::float8 FROM "VisitorTotal" WHERE "visitorId" = $2 AND "testId" = $1 AND goal = 'purchase') AS kept
           FROM "DailyRollup" WHERE "testId" = $1 AND "armId" = $3 AND goal = 'purchase'`,
        [TEST, buyer.vid, buyer.arm],
      ),
    );
    expect(sums?.kept).toBeCloseTo(profit, 4);
    expect(sums?.squares).toBeCloseTo(profit ** 2, 2);
    expect(sums?.cubes).toBeCloseTo(profit ** 3, 0);
    // And the recount from the orders themselves agrees with every rollup and total.
    expect(await ctx.sql((sql) => rollupDrift(sql))).toEqual([]);
  });

  it("keeps the variants' costs as the shop's data: no order line, no customer field", async () => {
    const kept = await ctx.sql((sql) => sql.query<{ variantId: string; unitCost: string | null }>(`SELECT "variantId", "unitCost"::text AS "unitCost" FROM "VariantCost" ORDER BY "variantId"`));
    expect(kept).toEqual([
      { variantId: String(MUG), unitCost: "8.0000" },
      { variantId: String(PLATE), unitCost: "3.5000" },
      { variantId: String(NO_COST), unitCost: null },
      { variantId: String(BOWL), unitCost: "5.0000" },
    ]);
  });
  it("takes a redacted order's profit out of its visitor's running profit (customers/redact), as its conversions and revenue", async () => {
    const kept = async () =>
      (await ctx.sql((sql) => sql.query<{ conversions: number; revenue: number; profit: number }>(
        `SELECT conversions, revenue::float8 AS revenue, profit::float8 AS profit FROM "VisitorTotal" WHERE "visitorId" = $1 AND "testId" = $2 AND goal = 'purchase'`,
        [buyer.vid, TEST],
      )))[0];
    const before = await kept();
    const res = await sendWebhook(url(), "customers/redact", SHOP, { shop_id: 1, shop_domain: SHOP, customer: { id: 7 }, orders_to_redact: [7001] });
    expect(res.status).toBe(200);
    // Order 7001: $50.00 for a cost of $19.50, never refunded.
    expect(await kept()).toEqual({ conversions: Number(before?.conversions) - 1, revenue: Number(before?.revenue) - 50, profit: expect.closeTo(Number(before?.profit) - 30.5, 4) });
  });
});
