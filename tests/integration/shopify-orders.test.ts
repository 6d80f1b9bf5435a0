// Purchases from Shopify orders over HTTP against the real server: signed orders/paid, refunds/create and
// orders/cancelled webhooks, the web pixel's checkout report and the demo storefront's checkout, read back
// through the results CSV.
import { request } from "node:http";
import { beforeAll, describe, expect, it } from "vitest";
import { DEMO_PRODUCT } from "~/demo/cart.server";
import { DEMO_SHOP_DOMAIN, DEMO_SHOPIFY_SITE_ID, DEMO_SHOPIFY_TEST_ID } from "~/demo/constants";
import type { PatchesResponse, SvcEvent } from "~/wire";
import { csvObjects, parseCsv } from "../support/csv";
import { databaseKinds } from "../support/databases";
import { SHOPIFY_TEST_ENV, useServer } from "../support/server";
import { orderPayload, refundPayload, signedWebhook } from "../support/shopify-webhooks";
import { batch, exposure, getPatches, newId, postBatch } from "../support/snippet-client";

const SECRET = SHOPIFY_TEST_ENV.SHOPIFY_API_SECRET;
const shop = { shop: DEMO_SHOP_DOMAIN, secret: SECRET };

const checkout = (order: string, token?: string): SvcEvent => ({
  type: "checkout",
  id: `checkout-${order}`,
  ts: Date.now(),
  path: "/checkouts/c/1/thank-you",
  order,
  ...(token !== undefined && { checkout: token }),
});

describe.each(databaseKinds)("Shopify purchases on %s", (kind) => {
  // The local demo with the app's credentials: its seeded Shopify storefront site, real webhook signatures.
  const ctx = useServer(kind, { SVC_DEMO: "1", SHOPIFY_API_KEY: SHOPIFY_TEST_ENV.SHOPIFY_API_KEY, SHOPIFY_API_SECRET: SECRET });

  /** A visitor who saw an arm on the storefront: their session id and the arm. */
  async function exposedSession(): Promise<{ sid: string; vid: string; arm: string }> {
    const vid = newId();
    const sid = newId();
    const body = (await (await getPatches(ctx.server.url, DEMO_SHOPIFY_SITE_ID, vid)).json()) as PatchesResponse;
    const arm = body.tests.find((t) => t.test === DEMO_SHOPIFY_TEST_ID)?.arm;
    if (!arm) throw new Error(`no arm: ${JSON.stringify(body)}`);
    const sent = await collect(vid, sid, [exposure(DEMO_SHOPIFY_TEST_ID, arm)]);
    expect(sent.status).toBe(200);
    return { sid, vid, arm };
  }

  function collect(vid: string, sid: string, events: SvcEvent[]) {
    return postBatch(ctx.server.url, { ...batch(DEMO_SHOPIFY_SITE_ID, vid, sid, events), shop: DEMO_SHOP_DOMAIN }, { path: "/api/collect" });
  }

  async function purchaseRows(): Promise<Map<string, { conversions: number; revenue: number; net: number; refundedOrders: number }>> {
    const res = await fetch(`${ctx.server.url}/app/tests/${DEMO_SHOPIFY_TEST_ID}/export.csv`);
    expect(res.status).toBe(200);
    const [header, ...rows] = parseCsv(await res.text());
    const col = (name: string) => header?.indexOf(name) ?? -1;
    return new Map(
      rows
        .filter((r) => r[col("goal")] === "purchase")
        .map((r) => [
          r[col("arm_id")] ?? "",
          { conversions: Number(r[col("conversions")]), revenue: Number(r[col("revenue")]), net: Number(r[col("net_revenue")]), refundedOrders: Number(r[col("refunded_orders")]) },
        ]),
    );
  }

  /** Profit's columns of an arm's purchase row in the summary CSV. */
  async function profitRow(arm: string): Promise<{ costed: number; cost: number; profit: number }> {
    const res = await fetch(`${ctx.server.url}/app/tests/${DEMO_SHOPIFY_TEST_ID}/export.csv`);
    const row = csvObjects(await res.text()).find((r) => r.goal === "purchase" && r.arm_id === arm);
    return { costed: Number(row?.costed_orders ?? 0), cost: Number(row?.order_cost ?? 0), profit: Number(row?.profit ?? 0) };
  }

  let buyer: { sid: string; vid: string; arm: string };
  beforeAll(async () => {
    buyer = await exposedSession();
  });

  it("attributes a paid order to the arm its cart's session saw, with the order's value, once", async () => {
    const paid = await signedWebhook(ctx.server.url, "orders/paid", orderPayload(1001, { total: "40.00", session: buyer.sid }), shop);
    expect(paid.status).toBe(200);
    expect(await paid.json()).toEqual({ status: "recorded", orderId: "1001", attributedTests: 1 });

    // Shopify delivers at least once: the same order again changes nothing.
    const again = await signedWebhook(ctx.server.url, "orders/paid", orderPayload(1001, { total: "40.00", session: buyer.sid }), shop);
    expect(await again.json()).toMatchObject({ status: "duplicate" });
    // The pixel's report of the same order does not add a second purchase.
    expect((await collect(buyer.vid, buyer.sid, [checkout("1001")])).status).toBe(200);

    expect((await purchaseRows()).get(buyer.arm)).toEqual({ conversions: 1, revenue: 40, net: 40, refundedOrders: 0 });
  });

  it("lowers net revenue by a refund, once per refund, and to zero when the order is cancelled", async () => {
    const refund = refundPayload(7001, 1001, "10.00");
    expect(await (await signedWebhook(ctx.server.url, "refunds/create", refund, shop)).json()).toMatchObject({ status: "recorded" });
    expect(await (await signedWebhook(ctx.server.url, "refunds/create", refund, shop)).json()).toMatchObject({ status: "duplicate" });
    // The order now counts among the arm's refunded orders, once however many refunds follow.
    expect((await purchaseRows()).get(buyer.arm)).toEqual({ conversions: 1, revenue: 40, net: 30, refundedOrders: 1 });

    const cancelled = { ...orderPayload(1001, { total: "40.00" }), cancelled_at: new Date().toISOString() };
    expect(await (await signedWebhook(ctx.server.url, "orders/cancelled", cancelled, shop)).json()).toMatchObject({ status: "recorded" });
    // The refund that usually comes with a cancellation removes nothing more.
    await signedWebhook(ctx.server.url, "refunds/create", refundPayload(7002, 1001, "30.00"), shop);
    expect((await purchaseRows()).get(buyer.arm)).toEqual({ conversions: 1, revenue: 40, net: 0, refundedOrders: 1 });
  });

  it("joins the pixel's report and an order without a cart attribute, whichever arrives first", async () => {
    const total = (rows: Map<string, { conversions: number }>) => [...rows.values()].reduce((sum, r) => sum + r.conversions, 0);
    const before = total(await purchaseRows());
    const pixelFirst = await exposedSession();
    const webhookFirst = await exposedSession();

    // Buy it now: no cart, so no _svc_sid on the order; the pixel reports the session first, naming the
    // checkout the order's webhook names too.
    expect((await collect(pixelFirst.vid, pixelFirst.sid, [checkout("2001", "tok-2001")])).status).toBe(200);
    const paid = await signedWebhook(ctx.server.url, "orders/paid", { ...orderPayload(2001, { total: "25.00" }), checkout_token: "tok-2001" }, shop);
    expect(await paid.json()).toEqual({ status: "recorded", orderId: "2001", attributedTests: 1 });

    // The webhook first: counted as an unattributed purchase until the pixel names the session (and the
    // order's checkout: issue 33, row 12).
    const unattributed = await signedWebhook(ctx.server.url, "orders/paid", { ...orderPayload(2002, { total: "15.00" }), checkout_token: "tok-2002" }, shop);
    expect(await unattributed.json()).toEqual({ status: "recorded", orderId: "2002", attributedTests: 0 });
    expect((await collect(webhookFirst.vid, webhookFirst.sid, [checkout("2002", "tok-2002")])).status).toBe(200);

    const rows = await purchaseRows();
    expect(total(rows)).toBe(before + 2);
    // Each arm's revenue is exactly the orders its sessions placed (gross: the cancellation shows in net).
    const expected = new Map<string, number>();
    for (const [arm, total] of [[buyer.arm, 40], [pixelFirst.arm, 25], [webhookFirst.arm, 15]] as const) {
      expected.set(arm, (expected.get(arm) ?? 0) + total);
    }
    for (const [arm, total] of expected) expect(rows.get(arm)?.revenue).toBe(total);
  });

  describe("the order's own attribute wins (issue 20, row 7)", () => {
    /** Two exposed sessions on different arms: a buyer, and someone claiming the buyer's order. */
    async function buyerAndThief() {
      const buyer = await exposedSession();
      for (;;) {
        const thief = await exposedSession();
        if (thief.arm !== buyer.arm) return { buyer, thief };
      }
    }
    const revenueOf = async (arm: string) => (await purchaseRows()).get(arm)?.revenue ?? 0;

    it("ignores a claim made before the order unless it names the order's checkout", async () => {
      const { buyer, thief } = await buyerAndThief();
      const [buyerBefore, thiefBefore] = [await revenueOf(buyer.arm), await revenueOf(thief.arm)];
      // Order ids are sequential: the thief claims the next one in advance, with the pixel's own event id,
      // naming no checkout and then a made-up one.
      expect((await collect(thief.vid, thief.sid, [checkout("4001")])).status).toBe(200);
      expect((await collect(thief.vid, newId(), [{ ...checkout("4001", "made-up-token"), id: newId() }])).status).toBe(200);
      const paid = await signedWebhook(ctx.server.url, "orders/paid", { ...orderPayload(4001, { total: "30.00" }), checkout_token: "tok-4001" }, shop);
      expect(await paid.json()).toEqual({ status: "recorded", orderId: "4001", attributedTests: 0 });
      // The buyer's pixel, after the order, naming its checkout (its event id was taken: it is judged all the same).
      const answer = await collect(buyer.vid, buyer.sid, [checkout("4001", "tok-4001")]);
      expect(await answer.json()).toMatchObject({ duplicates: 1 });
      expect(await revenueOf(buyer.arm)).toBe(buyerBefore + 30);
      expect(await revenueOf(thief.arm)).toBe(thiefBefore);
    });

    it("lets a claim that arrives after an order without the attribute give it its session, once", async () => {
      const { buyer, thief } = await buyerAndThief();
      const [buyerBefore, thiefBefore] = [await revenueOf(buyer.arm), await revenueOf(thief.arm)];
      const paid = await signedWebhook(ctx.server.url, "orders/paid", { ...orderPayload(4002, { total: "12.00" }), checkout_token: "tok-4002" }, shop);
      expect(await paid.json()).toEqual({ status: "recorded", orderId: "4002", attributedTests: 0 });
      // Naming another checkout, or none (issue 33, row 12), never counts.
      expect((await collect(thief.vid, thief.sid, [checkout("4002", "tok-other")])).status).toBe(200);
      expect((await collect(thief.vid, newId(), [{ ...checkout("4002"), id: newId() }])).status).toBe(200);
      expect((await collect(buyer.vid, buyer.sid, [checkout("4002", "tok-4002")])).status).toBe(200);
      // Once given, the session is never replaced.
      expect((await collect(thief.vid, newId(), [{ ...checkout("4002", "tok-4002"), id: newId() }])).status).toBe(200);
      expect(await revenueOf(buyer.arm)).toBe(buyerBefore + 12);
      expect(await revenueOf(thief.arm)).toBe(thiefBefore);
    });

    it("keeps the order's _svc_sid over an earlier claim, even one naming its checkout", async () => {
      const { buyer, thief } = await buyerAndThief();
      const [buyerBefore, thiefBefore] = [await revenueOf(buyer.arm), await revenueOf(thief.arm)];
      expect((await collect(thief.vid, thief.sid, [checkout("4003", "tok-4003")])).status).toBe(200);
      const order = { ...orderPayload(4003, { total: "18.00", session: buyer.sid }), checkout_token: "tok-4003" };
      expect(await (await signedWebhook(ctx.server.url, "orders/paid", order, shop)).json()).toEqual({ status: "recorded", orderId: "4003", attributedTests: 1 });
      expect((await collect(thief.vid, newId(), [{ ...checkout("4003", "tok-4003"), id: newId() }])).status).toBe(200);
      expect(await revenueOf(buyer.arm)).toBe(buyerBefore + 18);
      expect(await revenueOf(thief.arm)).toBe(thiefBefore);
    });
  });

  it("keeps test orders out of results", async () => {
    const before = await purchaseRows();
    const tester = await exposedSession();
    const res = await signedWebhook(ctx.server.url, "orders/paid", orderPayload(3001, { total: "99.00", session: tester.sid, test: true }), shop);
    expect(await res.json()).toMatchObject({ status: "recorded", attributedTests: 0 });
    expect(await purchaseRows()).toEqual(before);
  });

  it("refuses a forged signature with 401 and an unreadable order with 422, counting neither", async () => {
    const before = await purchaseRows();
    const forger = await exposedSession();
    for (const topic of ["orders/paid", "refunds/create", "orders/cancelled"]) {
      const forged = await signedWebhook(ctx.server.url, topic, orderPayload(4001, { total: "500.00", session: forger.sid }), { ...shop, secret: "not-the-secret" });
      expect(forged.status).toBe(401);
    }
    const junk = await signedWebhook(ctx.server.url, "orders/paid", { id: "x", total_price_set: "lots" }, shop);
    expect(junk.status).toBe(422);
    expect((await junk.json()).type).toMatch(/invalid-webhook-payload$/);
    expect(await purchaseRows()).toEqual(before);
  });

  it("counts the demo storefront's checkout: its cart's _svc_sid reaches the order through the app's own signed webhook", async () => {
    const shopper = await exposedSession();
    const before = (await purchaseRows()).get(shopper.arm) ?? { conversions: 0, revenue: 0, net: 0, refundedOrders: 0 };
    const profitBefore = await profitRow(shopper.arm);
    let cookie = "";
    const call = async (path: string, body?: unknown) => {
      const res = await fetch(`${ctx.server.url}${path}`, {
        method: body === undefined ? "GET" : "POST",
        headers: { "Content-Type": "application/json", Cookie: cookie },
        ...(body !== undefined && { body: JSON.stringify(body) }),
      });
      cookie = res.headers.get("set-cookie")?.split(";")[0] ?? cookie;
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
    expect((await call("/demo/shopify/checkout", {})).body).toMatchObject({ type: expect.stringMatching(/empty-cart$/) });
    expect((await call("/cart/update.js", { attributes: { _svc_sid: shopper.sid, note: "gift" } })).status).toBe(200);
    expect((await call("/cart/update.js", { attributes: { note: "" } })).body).toMatchObject({ attributes: { _svc_sid: shopper.sid } });
    expect((await call("/cart/add.js", { items: [{ id: DEMO_PRODUCT.variantId, quantity: 2 }] })).status).toBe(200);
    expect((await call("/cart.js")).body).toMatchObject({ item_count: 2, total_price: 4000, currency: "USD" });

    // Signed with this server's SHOPIFY_API_SECRET (not the demo default), or the webhook would answer 401.
    const placed = await call("/demo/shopify/checkout", {});
    expect(placed).toMatchObject({ status: 200, body: { webhook: 200, order: { total_price: "40.00", currency: "USD", item_count: 2 } } });
    expect((await call("/cart.js")).body).toMatchObject({ item_count: 0, attributes: {} });
    expect((await purchaseRows()).get(shopper.arm)).toEqual({
      conversions: before.conversions + 1,
      revenue: before.revenue + 40,
      net: before.net + 40,
      refundedOrders: before.refundedOrders,
    });
    // Its profit uses the demo product's unit cost, which the demo's stand-in Admin API answers (8.00 a mug).
    const profitAfter = await profitRow(shopper.arm);
    expect(profitAfter.costed).toBe(profitBefore.costed + 1);
    expect(profitAfter.cost).toBeCloseTo(profitBefore.cost + 16, 4);
    expect(profitAfter.profit).toBeCloseTo(profitBefore.profit + 24, 4);
  });

  it("keeps the demo checkout to this machine: a proxied request or a foreign Host is refused", async () => {
    // fetch cannot set Host; node:http can (as a page that rebinds its name to 127.0.0.1 would send it).
    for (const headers of [{ "X-Forwarded-For": "203.0.113.7" }, { Host: "shop.example" }] as Record<string, string>[]) {
      const res = await rawPost(`${ctx.server.url}/demo/shopify/checkout`, headers);
      expect(res.status).toBe(403);
      expect(JSON.parse(res.body).type).toMatch(/not-local$/);
    }
  });

  it("refuses a checkout event on /api/events: only the Shopify door takes them", async () => {
    const res = await postBatch(ctx.server.url, batch(DEMO_SHOPIFY_SITE_ID, newId(), newId(), [checkout("5001")]));
    expect(res.status).toBe(400);
  });
});

/** A POST with exactly these headers. */
function rawPost(url: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: "POST", headers }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.end();
  });
}
