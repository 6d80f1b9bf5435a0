// Seeds the bench's sites, each with running tests of two arms (the variant patches one element), into
// the database before the server opens it (an embedded PGlite folder admits one process at a time).
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";

export const siteId = (n) => `bench-${n}`;

/** Runs `statements` on the database the server will open (a PostgreSQL URL, or a PGlite folder). */
export async function runSql({ dataDir, databaseUrl }, statements) {
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try { await client.query(statements); } finally { await client.end(); }
    return;
  }
  const db = await PGlite.create(dataDir);
  try { await db.exec(statements); } finally { await db.close(); }
}

/** Adds sites number `from` to `to - 1` (public ids bench-<n>), `testsPerSite` running tests each. */
export function seedSites(database, { from, to, testsPerSite }) {
  const sites = `generate_series(${from}, ${to - 1}) AS n`;
  const tests = `${sites}, generate_series(0, ${testsPerSite - 1}) AS t`;
  const test = `'bt-' || n || '-' || t`;
  const variant = JSON.stringify([{ op: "text", sel: "#headline", value: "Bench variant" }]);
  return runSql(database, `
    INSERT INTO "Shop" (id, domain, name, currency, "updatedAt")
      VALUES ('bench-shop', 'bench-shop.myshopify.com', 'Bench', 'USD', now()) ON CONFLICT DO NOTHING;
    INSERT INTO "Site" (id, "publicId", "shopId", kind, name, currency, "updatedAt")
      SELECT 'bsite-' || n, 'bench-' || n, 'bench-shop', 'web'::"SiteKind", 'Bench ' || n, 'USD', now() FROM ${sites};
    INSERT INTO "Test" (id, "siteId", name, status, pages, "trafficPercent", "startedAt", "updatedAt")
      SELECT ${test}, 'bsite-' || n, 'Bench test', 'running'::"TestStatus", ARRAY['/bench'], 100, now(), now() FROM ${tests};
    INSERT INTO "Arm" (id, "testId", key, name, position, weight, patches)
      SELECT ${test} || '-a', ${test}, 'control', 'Control', 0, 1, '[]'::jsonb FROM ${tests}
      UNION ALL
      SELECT ${test} || '-b', ${test}, 'b', 'Variant', 1, 1, '${variant}'::jsonb FROM ${tests};
    INSERT INTO "Goal" (id, "testId", label, kind, "isPrimary")
      SELECT ${test} || '-signup', ${test}, 'signup', 'custom'::"GoalKind", true FROM ${tests};
    ANALYZE;`);
}
