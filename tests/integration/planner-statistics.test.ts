// The planner's statistics where no autovacuum keeps them (app/services/planner-statistics.server.ts), on both
// databases: svc analyses its tables itself on PGlite and on a PostgreSQL whose autovacuum is off (CI's is), and a
// statement planned while a table was empty, as a fresh install's writer plans its lookups, reads by the key once
// the grown table has been analysed: the writer's lookups then no longer grow with the table.
import pg from "pg";
import { describe, expect, it } from "vitest";
import { analyzeGrownTables, autovacuumAnalyzes } from "~/models/database.server";
import { statisticsKeptBySvc } from "~/services/planner-statistics.server";
import { databaseKinds } from "../support/databases";
import { useAppInProcess } from "../support/in-process";
import { seedShop, seedSite, seedTest } from "../support/seed";

// The writer's read of a session's exposure (event-group.server.ts): the table's key answers it in one probe.
const LOOKUP = `SELECT 1 FROM "Exposure" e WHERE e."siteId" = $1 AND e."testId" = $2 AND e."sessionId" = $3`;

describe.each(databaseKinds)("planner statistics (%s)", (kind) => {
  const app = useAppInProcess(kind);

  it("are kept by svc where no autovacuum runs, and a plan made on an empty table reads by the key once they are", async () => {
    // On a PostgreSQL with autovacuum on, autovacuum keeps them and svc must leave them be; CI's server has it off.
    const autovacuum = kind === "postgres" && (await autovacuumAnalyzes());
    expect(await statisticsKeptBySvc()).toBe(!autovacuum);
    if (autovacuum) return;

    // A session of its own on PostgreSQL, as the writer's pooled connection is; PGlite has one session for everyone.
    const client = kind === "postgres" ? new pg.Client({ connectionString: app.db.config.databaseUrl! }) : null;
    await client?.connect();
    const run = async (text: string) => (client ? (await client.query(text)).rows : await app.sql.query<Record<string, unknown>>(text));
    try {
      await run("SET plan_cache_mode = force_generic_plan");
      await run(`PREPARE lookup(text, text, text) AS ${LOOKUP}`);
      const plan = async () => (await run(`EXPLAIN EXECUTE lookup('s', 't', 'x')`)).map((r) => String(Object.values(r)[0])).join("\n");
      // Planned now, on the empty table, and cached: its index is any the three columns' first one leads.
      const before = await plan();
      expect(before, "the premise: a plan made on an empty table does not read by the key").not.toContain("Exposure_pkey");

      await seedShop(app.sql, { domain: "stats.myshopify.com" });
      await seedSite(app.sql, { id: "stats-site", shop: "stats.myshopify.com" });
      await seedTest(app.sql, { id: "stats-t", site: "stats-site", status: "running" });
      const [site] = await app.sql.query<{ id: string }>(`SELECT id FROM "Site" WHERE "publicId" = 'stats-site'`);
      // 2,000 sessions' exposures: far past the 8 pages the growth check waits for.
      await app.sql.query(
        `INSERT INTO "Exposure" ("siteId", "testId", "sessionId", "visitorId", "armId", "eventId", "exposedAt")
         SELECT $1, 'stats-t', 's' || g, 'v' || g, 'stats-t-' || (CASE WHEN g % 2 = 0 THEN 'a' ELSE 'b' END), 'e' || g, now()
           FROM generate_series(1, 2000) g`,
        [site!.id],
      );
      expect(await plan(), "the cached plan stands until the statistics change").toBe(before);

      expect(await analyzeGrownTables()).toContain("Exposure");
      expect(await plan()).toContain("Exposure_pkey");
      // Analysed now, so not grown since: the next check analyses nothing of it.
      expect(await analyzeGrownTables()).not.toContain("Exposure");
    } finally {
      await run("DEALLOCATE lookup").catch(() => {});
      await run("RESET plan_cache_mode").catch(() => {});
      await client?.end();
    }
  });
});
