// The writer's array parameters (app/models/events/row-arrays.server.ts) on both databases and through both
// kinds of transaction (the driver's, and Prisma's that checkout groups use): text comes back exactly as sent,
// whatever an array literal must escape, and null, NaN and dates keep the meaning the JSON parameters gave them.
import { describe, expect, it } from "vitest";
import { insertEventRows, type EventRow } from "~/models/events/event.server";
import { insertEventsReadingFacts, type KnownFactsQuery } from "~/models/events/event-group.server";
import { addToRollups, type RollupDeltaRow } from "~/models/events/rollup.server";
import { inSqlTransaction, inTransaction, isDataError, sqlOf } from "~/models/transaction.server";
import { databaseKinds } from "../support/databases";
import { useAppInProcess } from "../support/in-process";
import { seedShop, seedSite } from "../support/seed";

const AWKWARD = ['/a"b', "/c\\d", "/{e},f", "NULL", "", "é 🌍 \\\"{}", " lead and trail ", "tab\tnew\nline"];

describe.each(databaseKinds)("rows as one array per column (%s)", (kind) => {
  const app = useAppInProcess(kind);
  const at = new Date("2026-12-06T10:11:12.345Z");
  const rows = (prefix: string): EventRow[] =>
    AWKWARD.map((text, i) => ({
      siteId: "arrays-site", eventId: `${prefix}-${i}`, type: "pageview", visitorId: text, sessionId: `s-${text}`, path: text, occurredAt: at,
      data: { text, nested: { list: [text, null] } },
    }));

  const storedOf = (prefix: string) =>
    app.sql.query<{ eventId: string; visitorId: string; sessionId: string; path: string; occurredAt: string; data: unknown }>(
      `SELECT "eventId", "visitorId", "sessionId", path, to_char("occurredAt", 'YYYY-MM-DD"T"HH24:MI:SS.MS') AS "occurredAt", data
         FROM "Event" WHERE "eventId" LIKE $1 ORDER BY "eventId"`, [`${prefix}-%`]);

  it("stores text exactly as sent, on the driver's transaction and on Prisma's", async () => {
    await seedShop(app.sql, { domain: "arrays.myshopify.com" });
    await seedSite(app.sql, { shop: "arrays.myshopify.com", id: "arrays-site" });
    for (const [prefix, write] of [
      ["driver", (r: EventRow[]) => inSqlTransaction((sql) => insertEventRows(sql, r))],
      ["prisma", (r: EventRow[]) => inTransaction((tx) => insertEventRows(sqlOf(tx), r))],
    ] as const) {
      const sent = rows(prefix);
      const inserted = await write(sent);
      expect(inserted).toHaveLength(sent.length);
      const stored = await storedOf(prefix);
      expect(stored).toHaveLength(sent.length);
      for (const row of stored) {
        const original = sent.find((r) => r.eventId === row.eventId)!;
        expect([row.visitorId, row.sessionId, row.path], JSON.stringify(original.path)).toEqual([original.visitorId, original.sessionId, original.path]);
        expect(row.occurredAt).toBe("2026-12-06T10:11:12.345");
        expect(typeof row.data === "string" ? JSON.parse(row.data) : row.data).toEqual(original.data);
      }
      // The same rows again are all known: nothing new.
      expect(await write(sent)).toEqual([]);
    }
  });

  it("keeps null as unknown and NaN as null, as the JSON parameters did", async () => {
    const base: RollupDeltaRow = {
      siteId: "arrays-site", testId: "t", armId: "a", goal: "", day: "2026-12-06", currency: "",
      exposures: 1, exposedVisitors: 1, convertingVisitors: 0, conversions: 0, revenue: 0.125, revenueSquares: 0, refunded: 0,
      cappedRevenue: 0, cappedRevenueSquares: 0, cappedRevenueCubes: 0, conversionSquares: 0, revenueConversions: 0, cappedRevenueConversions: 0,
      covariateSum: 2.5, covariateSquares: 6.25, covariateRevenueProducts: 0,
    };
    await inSqlTransaction((sql) => addToRollups(sql, [base, { ...base, armId: "b", covariateSum: null }]));
    // NaN goes as null: refused by a NOT NULL column (a data error), never stored as numeric's NaN.
    const refused = await inSqlTransaction((sql) => addToRollups(sql, [{ ...base, armId: "c", revenue: Number.NaN }])).catch((e: unknown) => e);
    expect(isDataError(refused)).toBe(true);
    const stored = await app.sql.query<{ armId: string; revenue: string; covariateSum: string | null }>(
      `SELECT "armId", revenue::text AS revenue, "covariateSum"::text AS "covariateSum" FROM "DailyRollup" WHERE "siteId" = 'arrays-site' ORDER BY "armId"`);
    expect(stored).toEqual([
      { armId: "a", revenue: "0.1250", covariateSum: "2.5000" },
      { armId: "b", revenue: "0.1250", covariateSum: null },
    ]);
  });
  // PGlite's writer inserts a group's events and reads its facts in one statement (factsWithEvents); PostgreSQL
  // runs the same statement here, for one site and for several, so that both databases are held to it.
  it("inserts new events and reads the facts of their keys in one statement, for one site and for several", async () => {
    await seedSite(app.sql, { shop: "arrays.myshopify.com", id: "arrays-other" });
    await app.sql.query(
      `INSERT INTO "Exposure" ("siteId", "testId", "sessionId", "visitorId", "armId", "eventId", "exposedAt")
       VALUES ('arrays-site', 't-arrays', 's-known', 'v-known', 'a', 'x-known', now())`,
    );
    const keysOf = (siteIds: string[]): KnownFactsQuery => ({
      siteIds,
      exposureKeys: siteIds.map((siteId) => ({ siteId, testId: "t-arrays", sessionId: "s-known" })),
      visitorExposureKeys: [], visitorKeys: siteIds.map((siteId) => ({ siteId, testId: "t-arrays", visitorId: "v-known" })),
      revenueBeforeKeys: [], historyVisitors: [], conversionKeys: [],
    });
    for (const siteIds of [["arrays-site"], ["arrays-other", "arrays-site"]]) {
      const prefix = `facts-${siteIds.length}`;
      const sent = rows(prefix).slice(0, 2).map((r, i) => ({ ...r, siteId: siteIds[i % siteIds.length]! }));
      const { inserted, known } = await inSqlTransaction((sql) => insertEventsReadingFacts(sql, sent, keysOf(siteIds)));
      expect(inserted.map((r) => r.eventId).sort()).toEqual(sent.map((r) => r.eventId).sort());
      // Only the site that holds the exposure answers for it: the other site's key of the same ids finds nothing.
      expect(known.sessionExposures).toEqual([{ siteId: "arrays-site", testId: "t-arrays", sessionId: "s-known" }]);
      expect(known.exposedVisitors.map((v) => v.siteId)).toEqual(["arrays-site"]);
      const again = await inSqlTransaction((sql) => insertEventsReadingFacts(sql, sent, keysOf(siteIds)));
      expect(again.inserted).toEqual([]);
    }
  });
});
