// A group's plan overtaken by another writer: its reads missed an exposure or conversion that another instance (or a
// retried request racing its original) stored meanwhile. The plan's write says how many of its rows were new, and
// the writer rolls the whole group back (ConcurrentWriteError) rather than count them twice. The race itself needs
// two writers between one's read and its write; here the second writer's plan is built as if nothing were stored.
import { describe, expect, it } from "vitest";
import { planIngest, type IngestPlan, type KnownFacts, type PlanSite } from "~/domain/events/ingest-plan";
import { writePlan } from "~/models/events/event-group.server";
import { inSqlTransaction } from "~/models/transaction.server";
import { ConcurrentWriteError, persistPlan } from "~/services/storefront/write-event-group.server";
import { databaseKinds } from "../support/databases";
import { useAppInProcess } from "../support/in-process";
import { seedShop, seedSite } from "../support/seed";

const SITE = "overtaken-site";
const at = new Date("2026-12-09T10:00:00.000Z");
const site: PlanSite = { id: SITE, currency: "USD", tests: new Map([["t", { id: "t", startedAt: new Date(at.getTime() - 86_400_000), endedAt: null }]]) };
const nothing: KnownFacts = { sessionExposures: [], visitorExposures: [], exposedVisitors: [], visitorHistory: [], recordedConversions: [], revenueBefore: [] };

/** The domain's plan for an exposure of session `s1` and a conversion `c1` of its visitor, read as if nothing were stored. */
const plan = (): IngestPlan =>
  planIngest(
    [
      { kind: "exposure", site, eventId: "x1", visitorId: "v1", sessionId: "s1", occurredAt: at, network: null, testId: "t", armId: "a", msToApply: 10, msHidden: 0 },
      { kind: "conversion", site, eventId: "c1", visitorId: "v1", sessionId: "s1", occurredAt: at, network: null, goal: "signup", value: 5 },
    ],
    nothing,
  );

describe.each(databaseKinds)("a plan overtaken by another writer (%s)", (kind) => {
  const app = useAppInProcess(kind);

  it("writes a plan's rows once, and tells a second write of the same plan that none of them was new", async () => {
    await seedShop(app.sql, { domain: "overtaken.myshopify.com" });
    await seedSite(app.sql, { shop: "overtaken.myshopify.com", id: SITE });
    const first = plan();
    expect(first.exposures).toHaveLength(1);
    expect(first.conversions).toHaveLength(1);
    expect(await inSqlTransaction((sql) => writePlan(sql, first, 7))).toEqual({ exposures: 1, conversions: 1 });
    // The other writer's plan, from reads that missed the rows above: its counts fall short of its rows.
    expect(await inSqlTransaction((sql) => writePlan(sql, plan(), 8))).toEqual({ exposures: 0, conversions: 0 });
  });

  it("rolls the overtaken group back: the rollups count the exposure and the conversion once", async () => {
    const sums = () =>
      app.sql.query<{ goal: string; exposures: number; conversions: number }>(
        `SELECT goal, sum(exposures)::int AS exposures, sum(conversions)::int AS conversions FROM "DailyRollup"
          WHERE "siteId" = $1 GROUP BY goal ORDER BY goal`,
        [SITE],
      );
    // The first test's second write was committed by hand, counted twice; the writer's own path from here.
    await app.sql.query(`DELETE FROM "DailyRollup" WHERE "siteId" = $1 AND part = 8`, [SITE]);
    const before = await sums();
    expect(before).toEqual([{ goal: "", exposures: 1, conversions: 0 }, { goal: "signup", exposures: 0, conversions: 1 }]);
    await expect(inSqlTransaction((sql) => persistPlan(sql, plan()))).rejects.toBeInstanceOf(ConcurrentWriteError);
    expect(await sums()).toEqual(before);
  });
});
