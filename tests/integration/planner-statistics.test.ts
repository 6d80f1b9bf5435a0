// The planner's statistics where no autovacuum keeps them (app/services/planner-statistics.server.ts), on both
// databases: svc analyses its tables itself on PGlite and on a PostgreSQL whose autovacuum is off, and leaves them to
// autovacuum where it runs (CI's throwaway server runs it; these machines' own has it off). On PostgreSQL, a statement
// planned while a table was empty, as a fresh install's writer plans its lookups, keeps reading through the wrong index
// as the table grows, and reads by the key once the grown table has been analysed: what svc's upkeep is for.
import pg from "pg";
import { describe, expect, it } from "vitest";
import { analyzeGrownTables, autovacuumAnalyzes } from "~/models/database.server";
import { statisticsKeptBySvc } from "~/services/planner-statistics.server";
import { databaseKinds } from "../support/databases";
import { useAppInProcess } from "../support/in-process";
import { seedShop, seedSite, seedTest } from "../support/seed";

describe.each(databaseKinds)("planner statistics (%s)", (kind) => {
  const app = useAppInProcess(kind);

  it("are kept by svc where no autovacuum runs, and a plan made on an empty table reads by the key once they are", async () => {
    expect(await statisticsKeptBySvc()).toBe(kind === "pglite" || !(await autovacuumAnalyzes()));
    // This table's analyses are ours alone for the test: autovacuum, where it runs, must not take them first.
    await app.sql.exec(`ALTER TABLE "Exposure" SET (autovacuum_enabled = false)`);

    // The writer's read of a session's exposure (event-group.server.ts), planned generically on a session of its own
    // as the writer's pooled connection is (PostgreSQL only: PGlite is one session, whose plans svc kept before).
    const client = kind === "postgres" ? new pg.Client({ connectionString: app.db.config.databaseUrl! }) : null;
    await client?.connect();
    const plan = async () =>
      (await client!.query(`EXPLAIN EXECUTE lookup('s', 't', 'x')`)).rows.map((r: Record<string, unknown>) => String(Object.values(r)[0])).join("\n");
    try {
      let before = "";
      if (client) {
        await client.query("SET plan_cache_mode = force_generic_plan");
        await client.query(`PREPARE lookup(text, text, text) AS SELECT 1 FROM "Exposure" e WHERE e."siteId" = $1 AND e."testId" = $2 AND e."sessionId" = $3`);
        // Planned now, on the empty table, and cached: any index whose first column the lookup names will do.
        before = await plan();
        expect(before, "the premise: a plan made on an empty table does not read by the key").not.toContain("Exposure_pkey");
      }

      await seedShop(app.sql, { domain: "stats.myshopify.com" });
      await seedSite(app.sql, { id: "stats-site", shop: "stats.myshopify.com" });
      await seedTest(app.sql, { id: "stats-t", site: "stats-site", status: "running" });
      // 2,000 sessions' exposures: far past the 8 pages the growth check waits for.
      await app.sql.query(
        `INSERT INTO "Exposure" ("siteId", "testId", "sessionId", "visitorId", "armId", "eventId", "exposedAt")
         SELECT s.id, 'stats-t', 's' || g, 'v' || g, 'stats-t-' || (CASE WHEN g % 2 = 0 THEN 'a' ELSE 'b' END), 'e' || g, now()
           FROM "Site" s, generate_series(1, 2000) g WHERE s."publicId" = $1`,
        ["stats-site"],
      );
      if (client) expect(await plan(), "the cached plan stands until the statistics change").toBe(before);

      expect(await analyzeGrownTables()).toContain("Exposure");
      if (client) expect(await plan()).toContain("Exposure_pkey");
      // Analysed now, so not grown since: the next check analyses nothing of it.
      expect(await analyzeGrownTables()).not.toContain("Exposure");
    } finally {
      await client?.end();
    }
  });
});
