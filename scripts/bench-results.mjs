// The results page's cost at 10^4, 10^6 and 10^8 events: tests with the same shape (2 arms, 3 goals,
// 90 days of rollups) whose counts add up to ten thousand, a million and a hundred million events, plus
// exposure rows for the flicker figures (10^3, 10^5 and 10^6), and the segment rollups of each rollup row
// (device 3, new or returning 2, channel 6, country 20 + other: 32 segments). Results read rollups only, so all
// three should cost about the same; scripts/bench.mjs prints each one's requests/s as a ratio of the 10^4 figure.
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";

const DAYS = 90;
const GOALS = ["signup", "purchase", "add_to_cart"];
const COUNTRIES = ["US", "GB", "DE", "FR", "CA", "AU", "NL", "ES", "IT", "SE", "BR", "MX", "JP", "IN", "PL", "BE", "CH", "AT", "IE", "NZ"];
/** Each segment's share of a rollup row's figures: every dimension's shares add up to 1. */
const SEGMENT_SHARES = [
  ["device", "mobile", 0.55], ["device", "tablet", 0.1], ["device", "desktop", 0.35],
  ["visitor", "new", 0.7], ["visitor", "returning", 0.3],
  ...["direct", "organic-search", "paid-search", "social", "email", "referral"].map((v) => ["channel", v, 1 / 6]),
  ...COUNTRIES.map((c) => ["country", c, 0.045]), ["country", "other", 0.1],
];

/** SQL that creates a test whose rollups add up to `events` events, with `exposures` exposure rows. */
function seedSql(siteId, testId, events, exposures) {
  // Per day and arm: visitors v; each visitor brings ~4 events (pageviews, clicks, exposure, conversions).
  const visitorsPerDayArm = Math.max(1, Math.round(events / 4 / DAYS / 2));
  const arms = [`${testId}-a`, `${testId}-b`];
  const rows = [];
  for (let d = 0; d < DAYS; d++) {
    const day = new Date(Date.UTC(2026, 7, 1) + d * 86400000).toISOString().slice(0, 10);
    arms.forEach((arm, i) => {
      rows.push(`('${siteId}','${testId}','${arm}','','${day}','',${visitorsPerDayArm},${visitorsPerDayArm},0,0,0,0)`);
      GOALS.forEach((goal, g) => {
        const converting = Math.round(visitorsPerDayArm * (0.05 + 0.005 * i) / (g + 1));
        const revenue = goal === "purchase" ? converting * 40 : 0;
        rows.push(`('${siteId}','${testId}','${arm}','${goal}','${day}','USD',0,0,${converting},${converting},${revenue},${revenue * 40})`);
      });
    });
  }
  return `
    INSERT INTO "Test" (id, "siteId", name, status, "pages", "trafficPercent", "minDetectableEffect", "startedAt", "createdAt", "updatedAt")
      VALUES ('${testId}', '${siteId}', 'Bench ${events.toExponential(0)} events', 'running', ARRAY['/bench'], 100, 0.05, now(), now(), now());
    INSERT INTO "Arm" (id, "testId", key, name, position, weight, patches) VALUES
      ('${arms[0]}', '${testId}', 'control', 'Control', 0, 1, '[]'), ('${arms[1]}', '${testId}', 'b', 'Variant', 1, 1, '[]');
    INSERT INTO "Goal" (id, "testId", label, kind, "isPrimary") VALUES
      ${GOALS.map((goal, g) => `('${testId}-${goal}', '${testId}', '${goal}', 'custom', ${g === 0})`).join(",")};
    INSERT INTO "DailyRollup" ("siteId","testId","armId",goal,day,currency,exposures,"exposedVisitors","convertingVisitors",conversions,revenue,"revenueSquares")
      VALUES ${rows.join(",\n")};
    INSERT INTO "Exposure" ("siteId","testId","sessionId","visitorId","armId","eventId","exposedAt","msToApply","msHidden")
      SELECT '${siteId}', '${testId}', 's' || n, 'v' || n, CASE WHEN n % 2 = 0 THEN '${arms[0]}' ELSE '${arms[1]}' END, 'e' || n,
             now() - (n || ' seconds')::interval, 100 + n % 400, n % 50
        FROM generate_series(1, ${exposures}) AS n;
    INSERT INTO "SegmentRollup" ("siteId","testId","armId",goal,day,currency,dimension,value,"exposedVisitors","convertingVisitors",conversions,revenue,"revenueSquares")
      SELECT r."siteId", r."testId", r."armId", r.goal, r.day, r.currency, s.dimension, s.value, round(r."exposedVisitors" * s.share),
             round(r."convertingVisitors" * s.share), round(r.conversions * s.share), r.revenue * s.share, r."revenueSquares" * s.share
        FROM "DailyRollup" r
       CROSS JOIN (VALUES ${SEGMENT_SHARES.map(([d, v, share]) => `('${d}', '${v}', ${share})`).join(", ")}) AS s(dimension, value, share)
       WHERE r."testId" = '${testId}';`;
}

/** Seeds both bench tests into the demo site of the database the server will open. */
export async function seedResultsBench({ dataDir, databaseUrl }) {
  const sql = async (run) => {
    if (databaseUrl) {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try { return await run((q) => client.query(q).then((r) => r.rows)); } finally { await client.end(); }
    }
    const db = await PGlite.create(dataDir);
    try { return await run((q) => db.exec(q).then((r) => r.at(-1)?.rows ?? [])); } finally { await db.close(); }
  };
  return sql(async (query) => {
    const [site] = await query(`SELECT id FROM "Site" WHERE "publicId" = 'demo'`);
    const ids = `'bench-1e4', 'bench-1e6', 'bench-1e8'`;
    await query(`DELETE FROM "Test" WHERE id IN (${ids});
                 DELETE FROM "DailyRollup" WHERE "testId" IN (${ids});
                 DELETE FROM "Exposure" WHERE "testId" IN (${ids});
                 DELETE FROM "SegmentRollup" WHERE "testId" IN (${ids});`);
    await query(seedSql(site.id, "bench-1e4", 1e4, 1e3));
    await query(seedSql(site.id, "bench-1e6", 1e6, 1e5));
    await query(seedSql(site.id, "bench-1e8", 1e8, 1e6));
    // What PostgreSQL's autovacuum would do after a million inserts (and the app does on PGlite).
    await query(`ANALYZE "Exposure"; ANALYZE "DailyRollup"; ANALYZE "SegmentRollup";`);
    return ["bench-1e4", "bench-1e6", "bench-1e8"];
  });
}
