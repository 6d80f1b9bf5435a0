// Money only from money's source (issue 33, rows 3 and 12), as an outsider would try it over real HTTP: browser
// purchases on a Shopify site (any value, either door), browser values for goals a web site counts from its
// server, and pixel claims of an order id without its checkout's token. None of it may count; the signed
// order webhook and the server's Bearer conversions still do, and the results page names each goal's source.
import { beforeAll, describe, expect, it } from "vitest";
import type { PatchesResponse, SvcEvent } from "~/wire";
import { loaderData, postAction } from "../support/admin-route-data";
import { databaseKinds } from "../support/databases";
import { seedSite, seedTest, storefrontSite, type SiteRef } from "../support/seed";
import { adminFetch, sendWebhook, useShopifyServer } from "../support/shopify";
import { orderPayload } from "../support/shopify-webhooks";
import { batch, conversion, exposure, getPatches, newId, pageview, postBatch } from "../support/snippet-client";

const SHOP = "svc-abuse-money.myshopify.com";
const SHOP_TEST = "am-shop-test";
const WEB_SITE = "abuse-money-web";
const WEB_TEST = "am-web-test";
const REFUSED = "https://svc.dev/problems/browser-conversion-refused";
const RESULTS = "routes/app.tests.$testId";

describe.each(databaseKinds)("money only from money's source (issue 33) on %s", (kind) => {
  const ctx = useShopifyServer(kind);
  const url = () => ctx.server.url;
  let storefront: SiteRef;

  async function armOf(site: string, test: string, vid: string): Promise<string> {
    const body = (await (await getPatches(url(), site, vid)).json()) as PatchesResponse;
    const arm = body.tests.find((t) => t.test === test)?.arm;
    if (!arm) throw new Error(`visitor ${vid} has no arm of ${test}: ${JSON.stringify(body)}`);
    return arm;
  }
  const collect = (vid: string, sid: string, events: SvcEvent[]) =>
    postBatch(url(), { ...batch(storefront.publicId, vid, sid, events), shop: SHOP }, { path: "/api/collect" });
  /** A goal's conversions and revenue per arm, from the rollups the results read. */
  const goalRows = (test: string, goal: string) =>
    ctx.sql(async (sql) =>
      new Map(
        (
          await sql.query<{ armId: string; conversions: number; revenue: number }>(
            `SELECT "armId", sum(conversions)::int AS conversions, sum(revenue)::float8 AS revenue FROM "DailyRollup"
              WHERE "testId" = $1 AND goal = $2 GROUP BY "armId"`,
            [test, goal],
          )
        ).map((r) => [r.armId, { conversions: r.conversions, revenue: r.revenue }]),
      ),
    );
  const revenueOf = async (test: string, goal: string, arm: string) => (await goalRows(test, goal)).get(arm)?.revenue ?? 0;

  beforeAll(async () => {
    // Installing the shop through the admin creates its storefront site.
    expect((await adminFetch(url(), SHOP, "/app")).status).toBe(200);
    await ctx.sql(async (sql) => {
      storefront = await storefrontSite(sql, SHOP);
      await seedTest(sql, {
        id: SHOP_TEST, site: storefront.publicId, status: "running", pages: ["/demo"],
        goals: [{ label: "purchase", kind: "purchase" }, { label: "added_to_cart", kind: "added_to_cart" }],
      });
      await seedSite(sql, { shop: SHOP, id: WEB_SITE, domain: "https://shop.example.com", currency: "USD" });
      await seedTest(sql, { id: WEB_TEST, site: WEB_SITE, status: "running", pages: ["/demo"], goals: ["order", "signup"] });
    });
  });

  describe("row 3: purchases on a Shopify site come from signed orders only", () => {
    it("refuses 20 forged $1,000 purchases on either door, keeps the forgers' other events, and counts $0", async () => {
      const answers: Array<{ status: number; body: { type?: string; detail?: string; issues?: string[] } }> = [];
      for (let i = 0; i < 20; i++) {
        const vid = newId();
        const events = [exposure(SHOP_TEST, await armOf(storefront.publicId, SHOP_TEST, vid)), conversion("purchase", 1_000)];
        const res =
          i % 2 === 0
            ? await collect(vid, newId(), events)
            : await postBatch(url(), batch(storefront.publicId, vid, newId(), events), { path: "/api/events" });
        answers.push({ status: res.status, body: await res.json() });
      }
      for (const { status, body } of answers) {
        expect(status).toBe(403);
        expect(body.type).toBe(REFUSED);
        expect(body.issues).toEqual(['events.1: "purchase" is counted from the shop\'s signed order webhooks only']);
        // Only the purchase was refused: the exposure of the same batch was stored.
        expect(body.detail).toMatch(/other events were stored: 1 accepted/);
      }
      // Any value, without anything else in the batch: refused, and nothing stored.
      const alone = await collect(newId(), newId(), [conversion("purchase", 1e12), conversion("purchase")]);
      expect(alone.status).toBe(403);
      expect(await alone.json()).toMatchObject({ type: REFUSED, detail: expect.stringMatching(/Nothing else of the batch was stored/) });

      expect(await goalRows(SHOP_TEST, "purchase")).toEqual(new Map());
      const stored = await ctx.sql((sql) => sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM "Conversion" WHERE goal = 'purchase'`));
      expect(stored[0]?.n).toBe(0);
      const exposed = await ctx.sql((sql) => sql.query<{ n: number }>(`SELECT count(DISTINCT "visitorId")::int AS n FROM "Exposure" WHERE "testId" = $1`, [SHOP_TEST]));
      expect(exposed[0]?.n).toBe(20);
    });

    it("takes no purchase from the merchant's server either: the orders count each order once", async () => {
      const created = await postAction(url(), SHOP, `/app/sites/${storefront.publicId}`, { intent: "create-key", name: "Backend" });
      expect(created.status).toBe(201);
      const post = (goal: string) =>
        fetch(`${url()}/api/conversions`, {
          method: "POST",
          headers: { "Content-Type": "application/json", Authorization: `Bearer ${created.data.key.key}` },
          body: JSON.stringify({ site: storefront.publicId, event_id: `srv-${goal}`, goal, value: 10 }),
        });
      const refused = await post("purchase");
      expect(refused.status).toBe(422);
      expect(await refused.json()).toMatchObject({ type: "https://svc.dev/problems/goal-from-orders-only" });
      expect((await post("gift_card")).status).toBe(201);
      const stored = await ctx.sql((sql) => sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM "Conversion" WHERE goal = 'purchase'`));
      expect(stored[0]?.n).toBe(0);
    });

    it("still counts a signed order, and the results page says the purchase comes from signed orders", async () => {
      const vid = newId();
      const sid = newId();
      const arm = await armOf(storefront.publicId, SHOP_TEST, vid);
      expect((await collect(vid, sid, [exposure(SHOP_TEST, arm)])).status).toBe(200);
      const paid = await sendWebhook(url(), "orders/paid", SHOP, orderPayload(8801, { total: "35.00", session: sid }));
      expect(await paid.json()).toMatchObject({ status: "recorded", attributedTests: 1 });
      expect(await goalRows(SHOP_TEST, "purchase")).toEqual(new Map([[arm, { conversions: 1, revenue: 35 }]]));

      const page = await loaderData(url(), SHOP, `/app/tests/${SHOP_TEST}`, RESULTS);
      const sources = Object.fromEntries(page.data.goals.map((g: { goal: string; source: string }) => [g.goal, g.source]));
      expect(sources).toEqual({ purchase: "orders", added_to_cart: "browser" });
      const html = await (await adminFetch(url(), SHOP, `/app/tests/${SHOP_TEST}`)).text();
      expect(html).toContain("Counted from the shop&#x27;s signed order webhooks");
    });
  });

  describe("a web site whose purchases come from its server", () => {
    it("counts browser values until the site says the goal comes from its server, then refuses them and counts the server's", async () => {
      const vid = newId();
      const sid = newId();
      const arm = await armOf(WEB_SITE, WEB_TEST, vid);
      const send = (events: SvcEvent[]) => postBatch(url(), batch(WEB_SITE, vid, sid, events));
      expect((await send([exposure(WEB_TEST, arm), conversion("order", 500)])).status).toBe(200);
      expect(await revenueOf(WEB_TEST, "order", arm)).toBe(500);

      // A label the doors would refuse is a field error, and nothing is saved.
      const wrong = await postAction(url(), SHOP, `/app/sites/${WEB_SITE}`, { intent: "update", name: "Web", domain: "shop.example.com", serverGoals: "a\tb" });
      expect(wrong.status).toBe(400);
      expect(wrong.data.fieldErrors).toEqual({ serverGoals: expect.stringContaining("not a goal label") });
      const saved = await postAction(url(), SHOP, `/app/sites/${WEB_SITE}`, { intent: "update", name: "Web", domain: "shop.example.com", serverGoals: "order" });
      expect(saved.status).toBe(200);
      expect((await loaderData(url(), SHOP, `/app/sites/${WEB_SITE}`, "routes/app.sites.$siteId")).data.serverGoals).toEqual(["order"]);

      // The browser's "order" is refused; its "signup" in the same batch still counts.
      const forged = await send([conversion("order", 20_000), conversion("signup")]);
      expect(forged.status).toBe(403);
      expect(await forged.json()).toMatchObject({
        type: REFUSED,
        issues: ['events.0: "order" is counted from the site\'s server (POST /api/conversions) only'],
        detail: expect.stringMatching(/other events were stored: 1 accepted/),
      });
      expect(await revenueOf(WEB_TEST, "order", arm)).toBe(500);
      expect((await goalRows(WEB_TEST, "signup")).get(arm)?.conversions).toBe(1);

      // The merchant's server, with the site's key, is the goal's one source now.
      const created = await postAction(url(), SHOP, `/app/sites/${WEB_SITE}`, { intent: "create-key", name: "Backend" });
      expect(created.status).toBe(201);
      const res = await fetch(`${url()}/api/conversions`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Authorization: `Bearer ${created.data.key.key}` },
        body: JSON.stringify({ site: WEB_SITE, event_id: "order-77", goal: "order", value: 80, session: sid }),
      });
      expect(res.status).toBe(201);
      expect(await revenueOf(WEB_TEST, "order", arm)).toBe(580);

      const page = await loaderData(url(), SHOP, `/app/tests/${WEB_TEST}`, RESULTS);
      const sources = Object.fromEntries(page.data.goals.map((g: { goal: string; source: string }) => [g.goal, g.source]));
      expect(sources).toEqual({ order: "server", signup: "browser" });
      const html = await (await adminFetch(url(), SHOP, `/app/tests/${WEB_TEST}`)).text();
      expect(html).toContain("Counted from your server only");
      expect(html).toContain("anyone can forge these conversions");
    });
  });

  describe("row 12: a claim of an order id without its checkout token", () => {
    const claim = (order: string, token?: string): SvcEvent => ({
      type: "checkout", id: newId(), ts: Date.now(), path: "/checkouts/c/1/thank-you", order, ...(token !== undefined && { checkout: token }),
    });
    /** An exposed visitor of the storefront's test, with their arm. */
    async function shopper(): Promise<{ vid: string; sid: string; arm: string }> {
      const vid = newId();
      const sid = newId();
      const arm = await armOf(storefront.publicId, SHOP_TEST, vid);
      expect((await collect(vid, sid, [exposure(SHOP_TEST, arm)])).status).toBe(200);
      return { vid, sid, arm };
    }

    it("never moves a paid order without _svc_sid, before or after it arrives, unless the claim names its checkout", async () => {
      const buyer = await shopper();
      let attacker = await shopper();
      while (attacker.arm === buyer.arm) attacker = await shopper();
      const [buyerBefore, attackerBefore] = [await revenueOf(SHOP_TEST, "purchase", buyer.arm), await revenueOf(SHOP_TEST, "purchase", attacker.arm)];

      // Ids are sequential: the attacker claims the next order before it exists, and again after it is paid,
      // from several sessions; none names the checkout.
      expect((await collect(attacker.vid, attacker.sid, [claim("8901")])).status).toBe(200);
      const paid = await sendWebhook(url(), "orders/paid", SHOP, { ...orderPayload(8901, { total: "120.00" }), checkout_token: "tok-8901" });
      expect(await paid.json()).toMatchObject({ status: "recorded", attributedTests: 0 });
      for (let i = 0; i < 3; i++) expect((await collect(attacker.vid, newId(), [pageview(), claim("8901")])).status).toBe(200);

      const order = async () =>
        (await ctx.sql((sql) => sql.query<{ sessionId: string | null }>(`SELECT "sessionId" FROM "Order" WHERE "orderId" = '8901'`)))[0];
      expect(await order()).toEqual({ sessionId: null });
      expect(await revenueOf(SHOP_TEST, "purchase", attacker.arm)).toBe(attackerBefore);

      // The buyer's pixel names the checkout: the order is theirs.
      expect((await collect(buyer.vid, buyer.sid, [claim("8901", "tok-8901")])).status).toBe(200);
      expect(await order()).toEqual({ sessionId: buyer.sid });
      expect(await revenueOf(SHOP_TEST, "purchase", buyer.arm)).toBe(buyerBefore + 120);
      expect(await revenueOf(SHOP_TEST, "purchase", attacker.arm)).toBe(attackerBefore);
    });
  });
});
