// Attribution per visitor on the real server and database: a conversion or a Shopify order in a later
// session of an exposed visitor counts for their arm, while the test runs or is paused and for seven days
// after it ends (app/domain/events/attribution.ts); nothing dated before the test's start counts for it.
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import type { SqlRunner } from "~/db/connection.server";
import type { PatchesResponse, SvcEvent } from "~/wire";
import { databaseKinds } from "../support/databases";
import { rollupDrift } from "../support/recount";
import { ago, seedRows, seedSite, seedTest, SqlValue, storefrontSite, type SiteRef } from "../support/seed";
import { adminFetch, sendWebhook, useShopifyServer } from "../support/shopify";
import { orderPayload } from "../support/shopify-webhooks";
import { batch, conversion, exposure, getPatches, newId, pageview, postBatch } from "../support/snippet-client";

const SHOP = "svc-visitor-attribution.myshopify.com";
const SITE = "va-site";
const LATE_SITE = "va-late";
const HOUR = 3600_000;

/** Tests on SITE: one running (capped at 60), one ended 2 days ago, one ended 8 days ago, one paused. */
const RUNNING = "va-running";
const ENDED = "va-ended";
const LONG_ENDED = "va-long-ended";
const PAUSED = "va-paused";
/** Started 10 minutes ago, on LATE_SITE. */
const LATE = "va-late-test";
const SHOP_TEST = "va-shop-test";

/** An event as the snippet would have stamped it `msAgo` before the batch was sent. */
const dated = <T extends SvcEvent>(event: T, msAgo: number): T => ({ ...event, ts: Date.now() - msAgo });

describe.each(databaseKinds)("attribution per visitor (%s)", (kind) => {
  const ctx = useShopifyServer(kind);
  const url = () => ctx.server.url;
  let site: SiteRef;
  let storefront: SiteRef;
  /** The visitor exposed (seeded) to the ended, long-ended and paused tests. */
  const returning = newId();

  async function armOf(siteId: string, vid: string, test: string): Promise<string> {
    const body = (await (await getPatches(url(), siteId, vid)).json()) as PatchesResponse;
    const arm = body.tests.find((t) => t.test === test)?.arm;
    if (!arm) throw new Error(`visitor ${vid} has no arm in ${test}: ${JSON.stringify(body)}`);
    return arm;
  }

  /** The test's purchase figures per arm id. */
  async function purchases(test: string): Promise<Record<string, Record<string, number>>> {
    const rows = await ctx.sql((sql) =>
      sql.query<{ arm: string; conversions: number; revenue: number; revenueSquares: number; cappedRevenue: number; conversionSquares: number }>(
        `SELECT r."armId" AS arm, sum(r.conversions)::float8 AS conversions, sum(r.revenue)::float8 AS revenue,
                sum(r."revenueSquares")::float8 AS "revenueSquares", sum(r."cappedRevenue")::float8 AS "cappedRevenue",
                sum(r."conversionSquares")::float8 AS "conversionSquares"
           FROM "DailyRollup" r
          WHERE r."testId" = $1 AND r.goal = 'purchase' GROUP BY r."armId"`,
        [test],
      ),
    );
    return Object.fromEntries(rows.map(({ arm, ...figures }) => [arm, figures]));
  }

  beforeAll(async () => {
    expect((await adminFetch(url(), SHOP, "/app")).status).toBe(200);
    await ctx.sql(async (sql) => {
      site = await seedSite(sql, { shop: SHOP, id: SITE, currency: "USD" });
      await seedSite(sql, { shop: SHOP, id: LATE_SITE, currency: "USD" });
      const common = { site: SITE, pages: ["/demo"], goals: ["purchase"] };
      await seedTest(sql, { ...common, id: RUNNING, status: "running", startedAt: ago("2 hours"), revenueCap: "60", revenueCapSource: "setting" });
      await seedTest(sql, { ...common, id: ENDED, status: "completed", startedAt: ago("20 days"), endedAt: ago("2 days") });
      await seedTest(sql, { ...common, id: LONG_ENDED, status: "completed", startedAt: ago("30 days"), endedAt: ago("8 days") });
      await seedTest(sql, { ...common, id: PAUSED, status: "paused", startedAt: ago("1 day") });
      await seedTest(sql, { id: LATE, site: LATE_SITE, status: "running", startedAt: ago("10 minutes"), pages: ["/demo"], goals: ["purchase"] });
      storefront = await storefrontSite(sql, SHOP);
      await seedTest(sql, { id: SHOP_TEST, site: storefront.publicId, status: "running", startedAt: ago("2 hours"), pages: ["/demo"], goals: ["purchase"] });
      // The returning visitor's exposures while each test ran, as ingestion leaves them (the rollups too).
      const exposed = [
        [ENDED, "3 days"],
        [LONG_ENDED, "10 days"],
        [PAUSED, "5 hours"],
      ] as const;
      await seedRows(
        sql,
        "Exposure",
        exposed.map(([test, when]) => ({ siteId: site.id, testId: test, sessionId: newId(), visitorId: returning, armId: `${test}-b`, eventId: newId(), exposedAt: ago(when) })),
      );
      await seedRows(
        sql,
        "DailyRollup",
        exposed.map(([test, when]) => ({ siteId: site.id, testId: test, armId: `${test}-b`, goal: "", day: new SqlValue(`(now() - interval '${when}')::date`), exposures: 1, exposedVisitors: 1 })),
      );
    });
  });

  it("counts a purchase an hour after the exposure, in another session, for the visitor's arm (and their next one too, capped per visitor)", async () => {
    const vid = newId();
    const arm = await armOf(SITE, vid, RUNNING);
    expect((await postBatch(url(), batch(SITE, vid, newId(), [dated(pageview(), HOUR), dated(exposure(RUNNING, arm), HOUR)]))).status).toBe(200);
    expect((await postBatch(url(), batch(SITE, vid, newId(), [pageview(), conversion("purchase", 50)]))).status).toBe(200);
    expect(await purchases(RUNNING)).toEqual({ [arm]: { conversions: 1, revenue: 50, revenueSquares: 2500, cappedRevenue: 50, conversionSquares: 1 } });

    // A third session: the visitor's sums grow from both earlier purchases (50 → 80, capped at 60).
    expect((await postBatch(url(), batch(SITE, vid, newId(), [conversion("purchase", 30)]))).status).toBe(200);
    expect(await purchases(RUNNING)).toEqual({ [arm]: { conversions: 2, revenue: 80, revenueSquares: 6400, cappedRevenue: 60, conversionSquares: 4 } });
  });

  it("counts nothing dated before the test's start: a back-dated purchase, or a purchase after a back-dated exposure", async () => {
    const vid = newId();
    const arm = await armOf(LATE_SITE, vid, LATE);
    expect((await postBatch(url(), batch(LATE_SITE, vid, newId(), [exposure(LATE, arm)]))).status).toBe(200);
    // An hour back: before the test started 10 minutes ago.
    expect((await postBatch(url(), batch(LATE_SITE, vid, newId(), [dated(conversion("purchase", 30), HOUR)]))).status).toBe(200);
    expect(await purchases(LATE)).toEqual({});
    expect((await postBatch(url(), batch(LATE_SITE, vid, newId(), [conversion("purchase", 20)]))).status).toBe(200);
    expect(await purchases(LATE)).toEqual({ [arm]: expect.objectContaining({ conversions: 1, revenue: 20 }) });

    // An exposure dated before the start is not recorded, so the visitor's purchase counts for no arm.
    const early = newId();
    const earlyArm = await armOf(LATE_SITE, early, LATE);
    expect((await postBatch(url(), batch(LATE_SITE, early, newId(), [dated(exposure(LATE, earlyArm), HOUR)]))).status).toBe(200);
    expect((await postBatch(url(), batch(LATE_SITE, early, newId(), [conversion("purchase", 70)]))).status).toBe(200);
    const stored = await ctx.sql((sql) => sql.query(`SELECT 1 FROM "Exposure" WHERE "visitorId" = $1`, [early]));
    expect(stored).toEqual([]);
    expect(await purchases(LATE)).toEqual({ [arm]: expect.objectContaining({ conversions: 1, revenue: 20 }) });
  });

  it("counts for a paused test and one ended 2 days ago, not for one ended 8 days ago", async () => {
    expect((await postBatch(url(), batch(SITE, returning, newId(), [conversion("purchase", 40)]))).status).toBe(200);
    expect(await purchases(ENDED)).toEqual({ [`${ENDED}-b`]: expect.objectContaining({ conversions: 1, revenue: 40 }) });
    expect(await purchases(PAUSED)).toEqual({ [`${PAUSED}-b`]: expect.objectContaining({ conversions: 1, revenue: 40 }) });
    expect(await purchases(LONG_ENDED)).toEqual({});
  });

  it("counts a Shopify order placed in a later session of an exposed visitor, found from that session's events", async () => {
    const vid = newId();
    const arm = await armOf(storefront.publicId, vid, SHOP_TEST);
    const collect = (sid: string, events: SvcEvent[]) =>
      postBatch(url(), { ...batch(storefront.publicId, vid, sid, events), shop: SHOP }, { path: "/api/collect" });
    expect((await collect(newId(), [dated(exposure(SHOP_TEST, arm), HOUR)])).status).toBe(200);
    // The later session sees no tested page: a pageview only, then the cart's _svc_sid names it.
    const later = newId();
    expect((await collect(later, [pageview("/collections/all")])).status).toBe(200);
    const paid = await sendWebhook(url(), "orders/paid", SHOP, orderPayload(9301, { total: "55.00", session: later }));
    expect(await paid.json()).toMatchObject({ status: "recorded", attributedTests: 1 });
    expect(await purchases(SHOP_TEST)).toEqual({ [arm]: expect.objectContaining({ conversions: 1, revenue: 55 }) });
  });

  it("marks one event of each session a batch offers for the session index, the same one when the batch is resent", async () => {
    const sid = newId();
    const sent = batch(site.publicId, newId(), sid, [pageview("/a"), pageview("/b"), pageview("/c")]);
    expect((await postBatch(url(), sent)).status).toBe(200);
    expect((await postBatch(url(), sent)).status).toBe(200);
    const marks = await ctx.sql((sql) =>
      sql.query<{ eventId: string; marksSession: boolean }>(
        `SELECT "eventId", "marksSession" FROM "Event" WHERE "sessionId" = $1 ORDER BY "eventId"`,
        [sid],
      ),
    );
    expect(marks.map((m) => m.marksSession)).toEqual([true, false, false]);
    // Every session svc holds events of is found by the index's rows alone (findSessionVisitor reads only those).
    const unmarked = await ctx.sql((sql) =>
      sql.query(`SELECT "siteId", "sessionId" FROM "Event" GROUP BY 1, 2 HAVING NOT bool_or("marksSession")`),
    );
    expect(unmarked).toEqual([]);
  });

  it("marks, in the migration's backfill run afresh, one event of every stored session", async () => {
    const migration = readFileSync("prisma/migrations/20261209000000_event_session_marks/migration.sql", "utf8");
    const backfill = migration.split(/;\s*\n/).find((statement) => statement.includes('SET "marksSession" = true'));
    if (!backfill) throw new Error("no backfill in the migration");
    const perSession = await ctx.sql(async (sql) => {
      await sql.query(`UPDATE "Event" SET "marksSession" = false`);
      await sql.query(backfill);
      return sql.query<{ marked: number; events: number }>(
        `SELECT count(*) FILTER (WHERE "marksSession")::int AS marked, count(*)::int AS events FROM "Event" GROUP BY "siteId", "sessionId"`,
      );
    });
    expect(perSession.length).toBeGreaterThanOrEqual(5);
    expect(perSession.some((s) => s.events > 1)).toBe(true);
    expect(perSession.every((s) => s.marked === 1)).toBe(true);
  });

  it("leaves rollups that the recount, following the same rule, agrees with", async () => {
    expect(await ctx.sql((sql) => rollupDrift(sql))).toEqual([]);
  });

  it("keeps visitors' running totals that the migration's backfill, run afresh from the raw rows, fills alike", async () => {
    const migration = readFileSync("prisma/migrations/20261207200000_visitor_totals/migration.sql", "utf8");
    const backfill = migration.split(/;\s*\n/).find((statement) => statement.includes('INSERT INTO "VisitorTotal"'));
    if (!backfill) throw new Error("no backfill in the migration");
    const totals = (sql: Pick<SqlRunner, "query">) =>
      sql.query<Record<string, unknown>>(
        `SELECT "siteId", "visitorId", "testId", "goal", "currency", "conversions", "revenue"::float8 AS "revenue"
           FROM "VisitorTotal" ORDER BY 1, 2, 3, 4, 5`,
      );
    const { kept, filled } = await ctx.sql(async (sql) => {
      const kept = await totals(sql);
      await sql.query(`DELETE FROM "VisitorTotal"`);
      await sql.query(backfill);
      return { kept, filled: await totals(sql) };
    });
    // Repeat buyers of several tests, orders and browser conversions: not an empty comparison.
    expect(kept.length).toBeGreaterThanOrEqual(5);
    expect(kept.some((r) => Number(r.conversions) > 1)).toBe(true);
    expect(filled).toEqual(kept);
  });
});
