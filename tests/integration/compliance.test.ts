// Shopify's mandatory compliance webhooks and every webhook's signature check, on the real server and
// database: shop/redact leaves no row of the shop in any table, customers/redact unlinks the orders from
// every visitor and session, data_request says what is on file, and a forged HMAC writes nothing.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { SqlRunner } from "~/db/connection.server";
import { databaseKinds } from "../support/databases";
import { NOW, TODAY, seedRows, seedTest, storefrontSite } from "../support/seed";
import { adminFetch, sendWebhook, useShopifyServer } from "../support/shopify";

/** A shop's ids, taken before anything is erased, so its rows are still found once the Shop row is gone. */
interface Owner {
  domain: string;
  shopId: string;
  siteIds: string[];
  testIds: string[];
}

const placeholders = (n: number) => Array.from({ length: n }, (_, i) => `$${i + 1}`).join(", ");

/**
 * Every table of the schema and which of its rows belong to a shop. A table missing here fails the test
 * "knows every table": a new table needs its rule here and in shop erasure (app/models/shopify/shop-erasure.server.ts).
 */
const OWNED_ROWS: Record<string, (o: Owner) => [string, string[]]> = {
  Session: (o) => [`shop = $1`, [o.domain]],
  Shop: (o) => [`id = $1`, [o.shopId]],
  Site: (o) => [`id IN (${placeholders(o.siteIds.length)})`, o.siteIds],
  Test: (o) => [`"siteId" IN (${placeholders(o.siteIds.length)})`, o.siteIds],
  Arm: (o) => [`"testId" IN (${placeholders(o.testIds.length)})`, o.testIds],
  Goal: (o) => [`"testId" IN (${placeholders(o.testIds.length)})`, o.testIds],
  SelectorCheck: (o) => [`"testId" IN (${placeholders(o.testIds.length)})`, o.testIds],
  TestGroup: (o) => [`"siteId" IN (${placeholders(o.siteIds.length)})`, o.siteIds],
  SiteApiKey: (o) => [`"siteId" IN (${placeholders(o.siteIds.length)})`, o.siteIds],
  Order: (o) => [`"shopId" = $1`, [o.shopId]],
  Refund: (o) => [`"shopId" = $1`, [o.shopId]],
  VariantCost: (o) => [`"shopId" = $1`, [o.shopId]],
  Event: (o) => [`"siteId" IN (${placeholders(o.siteIds.length)})`, o.siteIds],
  Exposure: (o) => [`"siteId" IN (${placeholders(o.siteIds.length)})`, o.siteIds],
  Conversion: (o) => [`"siteId" IN (${placeholders(o.siteIds.length)})`, o.siteIds],
  ConversionAttribution: (o) => [`"siteId" IN (${placeholders(o.siteIds.length)})`, o.siteIds],
  VisitorTotal: (o) => [`"siteId" IN (${placeholders(o.siteIds.length)})`, o.siteIds],
  DailyRollup: (o) => [`"siteId" IN (${placeholders(o.siteIds.length)})`, o.siteIds],
  SegmentRollup: (o) => [`"siteId" IN (${placeholders(o.siteIds.length)})`, o.siteIds],
  NetworkRollup: (o) => [`"siteId" IN (${placeholders(o.siteIds.length)})`, o.siteIds],
  SiteSegmentValue: (o) => [`"siteId" IN (${placeholders(o.siteIds.length)})`, o.siteIds],
  CheckoutReport: (o) => [`"siteId" IN (${placeholders(o.siteIds.length)})`, o.siteIds],
  OrderOfferCheck: (o) => [`"siteId" IN (${placeholders(o.siteIds.length)})`, o.siteIds],
  BuyNowOrder: (o) => [`"siteId" IN (${placeholders(o.siteIds.length)})`, o.siteIds],
  OutboxEmail: (o) => [`"shopId" = $1`, [o.shopId]],
  StaffAddress: (o) => [`"shopId" = $1`, [o.shopId]],
};

/**
 * Tables whose rows shop/redact leaves to expire on their own, with why: each must say so in docs/privacy.md.
 */
const EXPIRING_TABLES: Record<string, string> = {
  // Which webhook deliveries were taken (id, topic, shop domain, body digest), so that a replay is
  // recognised: deleted 48 hours after receipt for orders, refunds, rollouts and shop/redact, kept for good
  // for the other topics; shop/redact blanks the domain of those it leaves.
  WebhookDelivery: "48 hours",
  // SHA-256 of the selector-check tokens that have reported (each reports once): no shop, no site, deleted
  // once the token has expired.
  UsedCheckToken: "15 minutes",
};

async function countRows(sql: SqlRunner, owner: Owner): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const [table, rule] of Object.entries(OWNED_ROWS)) {
    const [where, params] = rule(owner);
    const rows = await sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${table}" WHERE ${where}`, params);
    counts[table] = rows[0]?.n ?? -1;
  }
  return counts;
}

/** Rows in every table for the shop's storefront site: a test, keys, two orders (1001, 1002), events of both. */
async function fillShop(sql: SqlRunner, domain: string, tag: string): Promise<Owner> {
  const { id: s, publicId, shopId: p } = await storefrontSite(sql, domain);
  const [t, a] = [`${tag}-test`, `${tag}-arm`];
  await seedTest(sql, { id: t, site: publicId, status: "running", arms: [{ id: a }], goals: [{ label: "purchase", kind: "purchase" }] });
  await seedRows(sql, "SelectorCheck", [{ testId: t, checkedAt: NOW, page: "/", changes: [{ arm: a, index: 0, op: "hide", sel: ".promo", matched: 0 }] }]);
  await seedRows(sql, "SiteApiKey", [{ id: `${tag}-key`, siteId: s, name: "key", prefix: "svc_", hash: `${tag}-hash` }]);
  await seedRows(sql, "TestGroup", [{ id: `${tag}-group`, siteId: s, name: "Homepage" }]);
  const order = { shopId: p, currency: "EUR", presentmentCurrency: "EUR", occurredAt: NOW };
  await seedRows(sql, "Order", [
    { ...order, orderId: "1001", sessionId: "sess-1001", total: 20, presentmentTotal: 20 },
    { ...order, orderId: "1002", sessionId: "sess-1002", total: 30, presentmentTotal: 30 },
  ]);
  await seedRows(sql, "Refund", [{ shopId: p, refundId: "refund-1", orderId: "1002", amount: 5, currency: "EUR" }]);
  await seedRows(sql, "VariantCost", [{ shopId: p, variantId: "40000000000001", unitCost: 8, currency: "EUR", fetchedAt: NOW }]);
  await seedRows(sql, "Event", [
    { siteId: s, eventId: "e-page", type: "pageview", visitorId: "vis-1", sessionId: "sess-1001", path: "/", occurredAt: NOW, data: {} },
    { siteId: s, eventId: "e-1001", type: "checkout", visitorId: "vis-1", sessionId: "sess-1001", path: "/checkouts/x", occurredAt: NOW, data: { order: "1001" } },
    { siteId: s, eventId: "e-1002", type: "checkout", visitorId: "vis-2", sessionId: "sess-1002", path: "/checkouts/y", occurredAt: NOW, data: { order: "1002" } },
  ]);
  await seedRows(sql, "Exposure", [{ siteId: s, testId: t, sessionId: "sess-1001", visitorId: "vis-1", armId: a, eventId: "e-exposure", exposedAt: NOW }]);
  const conversion = { siteId: s, goal: "purchase", currency: "EUR", source: "order", occurredAt: NOW };
  await seedRows(sql, "Conversion", [
    { ...conversion, eventId: "order-1001", value: 20, sessionId: "sess-1001", visitorId: "vis-1" },
    { ...conversion, eventId: "order-1002", value: 30, sessionId: "sess-1002", visitorId: "vis-2" },
  ]);
  await seedRows(sql, "ConversionAttribution", [{ siteId: s, eventId: "order-1001", testId: t, armId: a }]);
  await seedRows(sql, "VisitorTotal", [
    { siteId: s, visitorId: "vis-1", testId: t, goal: "purchase", currency: "EUR", conversions: 1, revenue: 20 },
    { siteId: s, visitorId: "vis-2", testId: t, goal: "signup", currency: "", conversions: 2, revenue: 0 },
  ]);
  await seedRows(sql, "DailyRollup", [{ siteId: s, testId: t, armId: a, goal: "purchase", day: TODAY, currency: "EUR", conversions: 1, revenue: 20 }]);
  await seedRows(sql, "SegmentRollup", [{ siteId: s, testId: t, armId: a, goal: "purchase", day: TODAY, currency: "EUR", dimension: "device", value: "mobile", conversions: 1, revenue: 20 }]);
  await seedRows(sql, "NetworkRollup", [{ siteId: s, testId: t, armId: a, goal: "purchase", currency: "EUR", network: "n1", conversions: 1, revenue: 20 }]);
  await seedRows(sql, "SiteSegmentValue", [{ siteId: s, dimension: "market", value: "europe", networks: ["tag"], admitted: true }]);
  await seedRows(sql, "CheckoutReport", [
    { siteId: s, orderId: "1001", sessionId: "sess-1001", visitorId: "vis-1" },
    { siteId: s, orderId: "1002", sessionId: "sess-1002", visitorId: "vis-2" },
  ]);
  await seedRows(sql, "OrderOfferCheck", [{ siteId: s, orderId: "1001", testId: t, armId: a, expected: 0, charged: 0, mismatch: false }]);
  await seedRows(sql, "BuyNowOrder", [{ siteId: s, orderId: "1002", testId: t, armId: a }]);
  await seedRows(sql, "OutboxEmail", [{ id: `${tag}-mail`, shopId: p, kind: "notice", to: "owner@example.com", subject: "S", text: "T" }]);
  await seedRows(sql, "StaffAddress", [{ shopId: p, address: "203.0.113.9" }]);
  return { domain, shopId: p, siteIds: [s], testIds: [t] };
}

/** What links an order of the shop to a visitor or session. */
async function orderLinks(sql: SqlRunner, owner: Owner, orderId: string) {
  const [site] = owner.siteIds;
  const [order] = await sql.query<{ sessionId: string | null }>(`SELECT "sessionId" FROM "Order" WHERE "shopId" = $1 AND "orderId" = $2`, [owner.shopId, orderId]);
  const [conversion] = await sql.query<{ sessionId: string | null; visitorId: string | null }>(
    `SELECT "sessionId", "visitorId" FROM "Conversion" WHERE "siteId" = $1 AND "eventId" = $2`,
    [site, `order-${orderId}`],
  );
  const reports = await sql.query(`SELECT 1 FROM "CheckoutReport" WHERE "siteId" = $1 AND "orderId" = $2`, [site, orderId]);
  const events = await sql.query(`SELECT 1 FROM "Event" WHERE "siteId" = $1 AND type = 'checkout' AND data->>'order' = $2`, [site, orderId]);
  return { order, conversion, reports: reports.length, checkoutEvents: events.length };
}

const ERASED = "svc-erase.myshopify.com";
const KEPT = "svc-keep.myshopify.com";

/** Every webhook URI the app declares (the test below holds this list to shopify.app.toml), with a body that would write something if it were accepted. */
const WEBHOOKS: Array<{ topic: string; payload: unknown }> = [
  { topic: "app/uninstalled", payload: { id: 2, domain: KEPT, myshopify_domain: KEPT } },
  { topic: "app/scopes_update", payload: { id: 2, previous: ["read_orders"], current: [] } },
  { topic: "customers/data_request", payload: { shop_id: 2, shop_domain: KEPT, orders_requested: [1001], customer: { id: 1 }, data_request: { id: 9 } } },
  { topic: "customers/redact", payload: { shop_id: 2, shop_domain: KEPT, customer: { id: 1 }, orders_to_redact: [1001, 1002] } },
  { topic: "shop/redact", payload: { shop_id: 2, shop_domain: KEPT } },
  { topic: "orders/paid", payload: { id: 1003, total_price: "9.00", currency: "EUR", note_attributes: [] } },
  { topic: "refunds/create", payload: { id: 7, order_id: 1001, transactions: [{ amount: "20.00", kind: "refund" }] } },
  { topic: "orders/cancelled", payload: { id: 1001, cancelled_at: new Date().toISOString() } },
  { topic: "rollouts", payload: { rollout: { id: "gid://shopify/Rollout/1" } } },
];

describe.each(databaseKinds)("compliance webhooks (%s)", (kind) => {
  const ctx = useShopifyServer(kind);
  let erased: Owner;
  let kept: Owner;
  let keptBefore: Record<string, number>;

  beforeAll(async () => {
    for (const shop of [ERASED, KEPT]) expect((await adminFetch(ctx.server.url, shop, "/app")).status).toBe(200);
    await ctx.sql(async (sql) => {
      erased = await fillShop(sql, ERASED, "erase");
      kept = await fillShop(sql, KEPT, "keep");
    });
  });

  it("knows every table of the schema", async () => {
    const tables = await ctx.sql((sql) =>
      sql.query<{ name: string }>(
        `SELECT table_name AS name FROM information_schema.tables
          WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name <> '_prisma_migrations'`,
      ),
    );
    expect(tables.map((t) => t.name).sort()).toEqual([...Object.keys(OWNED_ROWS), ...Object.keys(EXPIRING_TABLES)].sort());
  });

  it("customers/redact unlinks the listed orders from every visitor and session, in that shop only", async () => {
    const res = await sendWebhook(ctx.server.url, "customers/redact", ERASED, {
      shop_id: 1,
      shop_domain: ERASED,
      customer: { id: 42, email: "jane@example.com", phone: "+15555550100" },
      orders_to_redact: [1001],
    });
    expect(res.status).toBe(200);
    const links = await ctx.sql(async (sql) => ({
      redacted: await orderLinks(sql, erased, "1001"),
      other: await orderLinks(sql, erased, "1002"),
      otherShop: await orderLinks(sql, kept, "1001"),
      aggregates: await sql.query<{ n: number }>(
        `SELECT (SELECT count(*) FROM "DailyRollup" WHERE "siteId" = $1) + (SELECT count(*) FROM "ConversionAttribution" WHERE "siteId" = $1) AS n`,
        [erased.siteIds[0]],
      ),
      keptCounts: await countRows(sql, kept),
      totals: await sql.query<{ siteId: string; conversions: number }>(
        `SELECT "siteId", "conversions" FROM "VisitorTotal" WHERE "visitorId" = 'vis-1' AND "siteId" IN ($1, $2) ORDER BY "siteId"`,
        [erased.siteIds[0], kept.siteIds[0]],
      ),
    }));
    keptBefore = links.keptCounts;
    // The redacted order's conversion leaves its visitor's running totals (no row names vis-1 in that test now);
    // the other shop's visitor of the same id keeps theirs.
    expect(links.totals.map((r) => [r.siteId, Number(r.conversions)])).toEqual([[kept.siteIds[0], 1]]);
    expect(links.redacted).toEqual({ order: { sessionId: null }, conversion: { sessionId: null, visitorId: null }, reports: 0, checkoutEvents: 0 });
    expect(links.other).toEqual({ order: { sessionId: "sess-1002" }, conversion: { sessionId: "sess-1002", visitorId: "vis-2" }, reports: 1, checkoutEvents: 1 });
    expect(links.otherShop).toEqual({ order: { sessionId: "sess-1001" }, conversion: { sessionId: "sess-1001", visitorId: "vis-1" }, reports: 1, checkoutEvents: 1 });
    expect(Number(links.aggregates[0]?.n)).toBe(2);
  });

  it("customers/redact refuses a body that is not the documented shape, or names another shop", async () => {
    const bad = await sendWebhook(ctx.server.url, "customers/redact", KEPT, { shop_id: 2, shop_domain: KEPT, orders_to_redact: "1001" });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ type: "https://svc.dev/problems/invalid-webhook" });
    const other = await sendWebhook(ctx.server.url, "customers/redact", KEPT, { shop_id: 1, shop_domain: ERASED, orders_to_redact: [1002] });
    expect(other.status).toBe(400);
    expect(await other.json()).toMatchObject({ type: "https://svc.dev/problems/webhook-shop-mismatch" });
  });

  it("customers/data_request says what is on file, which is no personal data", async () => {
    const res = await sendWebhook(ctx.server.url, "customers/data_request", KEPT, {
      shop_id: 2,
      shop_domain: KEPT,
      orders_requested: [1001, "1002", 9999],
      customer: { id: 42, email: "jane@example.com", phone: "+15555550100" },
      data_request: { id: 9999 },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ shop: KEPT, ordersRequested: 3, ordersOnFile: 2, personalData: "none" });
    expect(ctx.server.output()).toContain(`[svc] customers/data_request for ${KEPT}: 2 orders on file, no personal data stored`);
    expect(ctx.server.output()).not.toContain("jane@example.com");
  });

  it("covers every webhook URI shopify.app.toml declares", async () => {
    const toml = await readFile(path.resolve(import.meta.dirname, "../../shopify.app.toml"), "utf8");
    const declared = [...toml.matchAll(/^\s*uri = "\/webhooks\/([^"]+)"/gm)].map((m) => m[1]).sort();
    expect(declared).toEqual(WEBHOOKS.map((w) => w.topic).sort());
  });

  it.each(WEBHOOKS)("$topic refuses a forged signature with 401", async ({ topic, payload }) => {
    const res = await sendWebhook(ctx.server.url, topic, KEPT, payload, "not-the-app-secret");
    expect(res.status).toBe(401);
  });

  it("wrote nothing for any forged webhook", async () => {
    expect(await ctx.sql((sql) => countRows(sql, kept))).toEqual(keptBefore);
  });

  it("shop/redact erases every row of the shop in every table, and no other shop's", async () => {
    const before = await ctx.sql((sql) => countRows(sql, erased));
    // Every table held some of the shop's rows, or erasing it would prove nothing.
    for (const [table, n] of Object.entries(before)) expect(n, table).toBeGreaterThan(0);
    // While the shop is installed, shop/redact erases nothing (a replay, or a reinstall since): Shopify sends
    // it 48 hours after app/uninstalled.
    const early = await sendWebhook(ctx.server.url, "shop/redact", ERASED, { shop_id: 1, shop_domain: ERASED, early: true });
    expect(await early.json()).toMatchObject({ status: "installed" });
    expect(await ctx.sql((sql) => countRows(sql, erased))).toEqual(before);
    expect((await sendWebhook(ctx.server.url, "app/uninstalled", ERASED, { id: 1, myshopify_domain: ERASED })).status).toBe(200);
    const res = await sendWebhook(ctx.server.url, "shop/redact", ERASED, { shop_id: 1, shop_domain: ERASED });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: "erased" });
    const after = await ctx.sql(async (sql) => ({ erased: await countRows(sql, erased), kept: await countRows(sql, kept) }));
    expect(after.erased).toEqual(Object.fromEntries(Object.keys(OWNED_ROWS).map((table) => [table, 0])));
    expect(after.kept).toEqual(keptBefore);
  });

  it("shop/redact of a shop already erased changes nothing", async () => {
    expect((await sendWebhook(ctx.server.url, "shop/redact", ERASED, { shop_id: 1, shop_domain: ERASED })).status).toBe(200);
  });
});
