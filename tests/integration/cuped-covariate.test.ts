// CUPED's covariate end to end on the real server and database: at a visitor's first exposure the
// ingestion looks up what they spent in the 30 days before (snippet conversions and Shopify orders, in the
// site's currency, capped at the test's cap), keeps it on their exposure rows, and adds ΣX, ΣX² and ΣX·Y to
// the rollups through every door; the results page then says how much variance the adjustment removed.
// Purchases come from signed orders only (issue 33, row 3): the snippet's values here are another goal's.
import { beforeAll, describe, expect, it } from "vitest";
import type { PatchesResponse, SvcEvent } from "~/wire";
import { databaseKinds } from "../support/databases";
import { loaderData } from "../support/admin-route-data";
import { rollupDrift } from "../support/recount";
import { ago, seedRows, storefrontSite, seedTest, type SiteRef } from "../support/seed";
import { adminFetch, sendWebhook, useShopifyServer } from "../support/shopify";
import { orderPayload } from "../support/shopify-webhooks";
import { batch, conversion, exposure, getPatches, newId, pageview, postBatch } from "../support/snippet-client";

const SHOP = "svc-cuped.myshopify.com";
const TEST = "cuped-test";
const CAP = 100;
const HOUR = 3600_000;

const dated = <T extends SvcEvent>(event: T, msAgo: number): T => ({ ...event, ts: Date.now() - msAgo });
/** A valued goal the browser may report on a Shopify site (its purchases are the orders'): it counts in X too. */
const GIFT = "gift_card";

describe.each(databaseKinds)("CUPED's covariate (%s)", (kind) => {
  const ctx = useShopifyServer(kind);
  const url = () => ctx.server.url;
  let site: SiteRef;

  async function armOf(vid: string): Promise<string> {
    const body = (await (await getPatches(url(), site.publicId, vid)).json()) as PatchesResponse;
    const arm = body.tests.find((t) => t.test === TEST)?.arm;
    if (!arm) throw new Error(`visitor ${vid} has no arm: ${JSON.stringify(body)}`);
    return arm;
  }
  const send = async (vid: string, sid: string, events: SvcEvent[]) => {
    const res = await postBatch(url(), { ...batch(site.publicId, vid, sid, events), shop: SHOP }, { path: "/api/collect" });
    expect(res.status).toBe(200);
  };
  /** A purchase: the session's signed order, paid now and attributed to the session's visitor. */
  let nextOrder = 7100;
  const buy = async (sid: string, total: number) => {
    const paid = await sendWebhook(url(), "orders/paid", SHOP, orderPayload(nextOrder++, { total: total.toFixed(2), session: sid }));
    expect(await paid.json()).toMatchObject({ status: "recorded", attributedTests: 1 });
  };
  const covariatesOf = (vid: string) =>
    ctx.sql(async (sql) =>
      (await sql.query<{ x: number | null }>(`SELECT "covariate"::float8 AS x FROM "Exposure" WHERE "testId" = $1 AND "visitorId" = $2 ORDER BY "exposedAt"`, [TEST, vid])).map(
        (r) => r.x,
      ),
    );

  beforeAll(async () => {
    expect((await adminFetch(url(), SHOP, "/app")).status).toBe(200);
    await ctx.sql(async (sql) => {
      site = await storefrontSite(sql, SHOP);
      await seedTest(sql, { id: TEST, site: site.publicId, status: "running", startedAt: ago("1 hour"), pages: ["/demo"], goals: ["purchase"], revenueCap: String(CAP), revenueCapSource: "setting" });
    });
  });

  it("keeps each visitor's revenue in the 30 days before first exposure, from every door, capped, on all their rows", async () => {
    // v1: a snippet conversion two days before (30) and a Shopify order an hour before (45): X = 75.
    const v1 = newId();
    const v1Before = newId();
    await send(v1, v1Before, [dated(pageview(), 2 * 24 * HOUR), dated(conversion(GIFT, 30), 2 * 24 * HOUR)]);
    const order = await sendWebhook(url(), "orders/paid", SHOP, orderPayload(7001, { total: "45.00", session: v1Before, at: new Date(Date.now() - HOUR / 2) }));
    expect(await order.json()).toMatchObject({ status: "recorded", attributedTests: 0 });
    // v2: 500 before, in the same batch as the exposure: capped at 100.
    const v2 = newId();
    // v3: nothing before. v4: an order 31 days ago (outside the window) and one in another currency.
    const v3 = newId();
    const v4 = newId();
    await ctx.sql((sql) =>
      seedRows(sql, "Conversion", [
        { siteId: site.id, eventId: `cuped-old-${v4}`, goal: "purchase", value: "1000", currency: "USD", visitorId: v4, source: "order", occurredAt: ago("31 days") },
        { siteId: site.id, eventId: `cuped-eur-${v4}`, goal: "purchase", value: "80", currency: "EUR", visitorId: v4, source: "order", occurredAt: ago("1 day") },
      ]),
    );

    const arms = new Map<string, string>();
    for (const vid of [v1, v2, v3, v4]) arms.set(vid, await armOf(vid));
    await send(v1, newId(), [exposure(TEST, arms.get(v1)!)]);
    const v2Session = newId();
    await send(v2, v2Session, [dated(conversion(GIFT, 500), 3 * HOUR), exposure(TEST, arms.get(v2)!)]);
    await send(v3, newId(), [exposure(TEST, arms.get(v3)!)]);
    await send(v4, newId(), [exposure(TEST, arms.get(v4)!)]);
    // v1 comes back in another session and buys more before its exposure there: the later row keeps the
    // value found first.
    const v1Again = newId();
    await send(v1, v1Again, [pageview()]);
    await buy(v1Again, 20);
    await send(v1, v1Again, [exposure(TEST, arms.get(v1)!)]);

    expect(await covariatesOf(v1)).toEqual([75, 75]);
    expect(await covariatesOf(v2)).toEqual([CAP]);
    expect(await covariatesOf(v3)).toEqual([0]);
    expect(await covariatesOf(v4)).toEqual([0]);

    // After exposure: v1 buys 50 (capped revenue 20 → 70) and v3 a 60 order through the webhook.
    const v1Later = newId();
    await send(v1, v1Later, [pageview()]);
    await buy(v1Later, 50);
    const v3Session = newId();
    await send(v3, v3Session, [pageview()]);
    const paid = await sendWebhook(url(), "orders/paid", SHOP, orderPayload(7002, { total: "60.00", session: v3Session }));
    expect(await paid.json()).toMatchObject({ status: "recorded", attributedTests: 1 });
    // v2 buys 30 (capped revenue 30).
    await buy(v2Session, 30);

    const sums = await ctx.sql((sql) =>
      sql.query<{ armId: string; x: number; x2: number; xy: number }>(
        `SELECT "armId", sum("covariateSum")::float8 AS x, sum("covariateSquares")::float8 AS x2, sum("covariateRevenueProducts")::float8 AS xy
           FROM "DailyRollup" WHERE "testId" = $1 GROUP BY "armId"`,
        [TEST],
      ),
    );
    const expected = new Map<string, { x: number; x2: number; xy: number }>();
    // (X, capped revenue in the test) per visitor.
    for (const [vid, x, y] of [[v1, 75, 70], [v2, CAP, 30], [v3, 0, 60], [v4, 0, 0]] as const) {
      const arm = arms.get(vid)!;
      const e = expected.get(arm) ?? { x: 0, x2: 0, xy: 0 };
      expected.set(arm, { x: e.x + x, x2: e.x2 + x * x, xy: e.xy + x * y });
    }
    expect(new Map(sums.map((s) => [s.armId, { x: s.x, x2: s.x2, xy: s.xy }]))).toEqual(expected);
  });

  it("shows on the results page how much variance the adjustment removed", async () => {
    // Enough visitors in both arms for a variance: returning buyers (X = 40) buy again more often.
    for (let i = 0; i < 24; i++) {
      const vid = newId();
      const returning = i % 3 === 0;
      const sid = newId();
      const events: SvcEvent[] = [];
      if (returning) events.push(dated(conversion(GIFT, 40), 5 * HOUR));
      events.push(exposure(TEST, await armOf(vid)));
      await send(vid, sid, events);
      if (returning || i % 5 === 0) await buy(sid, returning ? 45 : 25);
    }
    const page = await loaderData(url(), SHOP, `/app/tests/${TEST}`, "routes/app.tests.$testId");
    const removed = page.data.goals[0].cupedVarianceReduction as number;
    expect(removed).toBeGreaterThan(0);
    expect(removed).toBeLessThan(1);
    const html = await (await adminFetch(url(), SHOP, `/app/tests/${TEST}`)).text();
    expect(html).toContain("adjusted for what each visitor spent before the test (CUPED)");
  });

  it("leaves rollups that a recount from the stored covariates agrees with", async () => {
    expect(await ctx.sql((sql) => rollupDrift(sql))).toEqual([]);
  });
});
