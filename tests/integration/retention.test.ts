// The raw-event retention job on a real database: old raw events are deleted in bounded batches, new
// ones kept, another shop's kept under its own retention, and the results page and CSV read the same after.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { SqlRunner } from "~/db/connection.server";
import { DEMO_SITE_ID, DEMO_TEST_ID } from "~/demo/constants";
import type { PatchesResponse } from "~/wire";
import { createTestDatabase, databaseKinds, withDatabase, type TestDatabase } from "../support/databases";
import { readSingleFetch } from "../support/admin-route-data";
import { ago, seedRows, seedShop, seedSite } from "../support/seed";
import { startServer, type RunningServer } from "../support/server";
import { batch, conversion, exposure, getPatches, newId, pageview, postBatch } from "../support/snippet-client";

const OLD = ago("500 days");

describe.each(databaseKinds)("retention job (%s)", (kind) => {
  let db: TestDatabase;
  let server: RunningServer;
  const env = () => ({ ...db.env, SVC_DEMO: "1", SVC_COUNTRY_HEADER: "cf-ipcountry" });
  const withSql = <T,>(fn: (sql: SqlRunner) => Promise<T>): Promise<T> => withDatabase(db, fn);
  const results = async () => {
    const csv = await (await fetch(`${server.url}/app/tests/${DEMO_TEST_ID}/export.csv`)).text();
    const res = await fetch(`${server.url}/app/tests/${DEMO_TEST_ID}.data?_routes=${encodeURIComponent("routes/app.tests.$testId")}`);
    const { data } = ((await readSingleFetch(res)) as Record<string, { data: Record<string, unknown> }>)["routes/app.tests.$testId"]!;
    // The page's preview links are signed anew at each load, at the server's address: they are not results.
    const { preview, ...figures } = data;
    expect(preview).toBeTruthy();
    return { csv, page: JSON.stringify(figures) };
  };

  beforeAll(async () => {
    db = await createTestDatabase(kind, { migrated: true });
    server = await startServer({ env: env() });
  });
  afterAll(async () => {
    await server?.stop();
    await db?.drop();
  });

  it("deletes old raw events in batches and leaves results, new events and other shops alone", async () => {
    // Real traffic through the snippet's endpoint: events, exposures, conversions and daily rollups.
    for (let i = 0; i < 6; i++) {
      const vid = newId();
      const patches = (await (await getPatches(server.url, DEMO_SITE_ID, vid)).json()) as PatchesResponse;
      const arm = patches.tests.find((t) => t.test === DEMO_TEST_ID)?.arm;
      if (!arm) throw new Error(`no arm for ${vid}`);
      const events = [pageview(), exposure(DEMO_TEST_ID, arm), ...(i % 2 === 0 ? [conversion("signup")] : [])];
      expect((await postBatch(server.url, batch(DEMO_SITE_ID, vid, newId(), events))).status).toBe(200);
    }
    const before = await results();
    expect(before.csv.split("\n").length).toBeGreaterThan(2);
    await server.stop();

    const counts = await withSql(async (sql) => {
      // Age all but two of the demo site's raw events past its 395 days; another shop keeps 1,095 days.
      await sql.query(`UPDATE "Event" SET "occurredAt" = ${OLD.sql} WHERE "siteId" = (SELECT id FROM "Site" WHERE "publicId" = $1)
        AND "eventId" NOT IN (SELECT "eventId" FROM "Event" ORDER BY "eventId" LIMIT 2)`, [DEMO_SITE_ID]);
      await seedShop(sql, { domain: "svc-other.myshopify.com", retentionDays: 1095 });
      await seedSite(sql, { shop: "svc-other.myshopify.com", id: "other-site" });
      await seedRows(
        sql,
        "Event",
        [1, 2, 3, 4].map((n) => ({ siteId: "other-site", eventId: `e${n}`, type: "pageview", visitorId: "v", sessionId: "s", path: "/", occurredAt: OLD })),
      );
      const rows = await sql.query<{ old: number; recent: number; rollups: number; exposures: number; conversions: number }>(`
        SELECT (SELECT count(*)::int FROM "Event" WHERE "occurredAt" < now() - interval '395 days' AND "siteId" <> 'other-site') AS old,
               (SELECT count(*)::int FROM "Event" WHERE "occurredAt" >= now() - interval '395 days') AS recent,
               (SELECT count(*)::int FROM "DailyRollup") AS rollups,
               (SELECT count(*)::int FROM "Exposure") AS exposures,
               (SELECT count(*)::int FROM "Conversion") AS conversions`);
      return rows[0] as NonNullable<(typeof rows)[0]>;
    });
    expect(counts.old).toBeGreaterThanOrEqual(10);
    expect(counts.recent).toBe(2);
    expect(counts.rollups).toBeGreaterThan(0);

    // The job itself, in this process, on the same database (the server is stopped: PGlite admits one).
    const saved = { ...process.env };
    Object.assign(process.env, { DATABASE_URL: "", SVC_DATA_DIR: "", ...env() });
    vi.resetModules();
    const { runRetention } = await import("~/services/retention.server");
    const { disconnect } = await import("~/db.server");
    const lines: string[] = [];
    try {
      const [run, overlapping] = await Promise.all([
        runRetention({ batchSize: 3, log: (line) => lines.push(line) }),
        runRetention({ batchSize: 3, log: (line) => lines.push(line) }),
      ]);
      expect(overlapping).toBeNull();
      expect(run).toMatchObject({ deleted: counts.old, failedShops: 0 });
      // Three rows a statement: the demo site's old events take several statements, each bounded.
      expect(run?.batches).toBeGreaterThanOrEqual(Math.ceil(counts.old / 3));
      expect(lines).toEqual([expect.stringMatching(new RegExp(`^retention: deleted ${counts.old} raw event\\(s\\) in \\d+ batch\\(es\\) across 2 shop\\(s\\) in \\d+ ms$`))]);
      expect(await runRetention({ batchSize: 3, log: () => {} })).toMatchObject({ deleted: 0 });
    } finally {
      await disconnect();
      process.env = saved;
    }

    const after = await withSql(async (sql) => {
      const rows = await sql.query<{ old: number; recent: number; other: number; rollups: number; exposures: number; conversions: number }>(`
        SELECT (SELECT count(*)::int FROM "Event" WHERE "occurredAt" < now() - interval '395 days' AND "siteId" <> 'other-site') AS old,
               (SELECT count(*)::int FROM "Event" WHERE "occurredAt" >= now() - interval '395 days') AS recent,
               (SELECT count(*)::int FROM "Event" WHERE "siteId" = 'other-site') AS other,
               (SELECT count(*)::int FROM "DailyRollup") AS rollups,
               (SELECT count(*)::int FROM "Exposure") AS exposures,
               (SELECT count(*)::int FROM "Conversion") AS conversions`);
      return rows[0];
    });
    expect(after).toEqual({ old: 0, recent: 2, other: 4, rollups: counts.rollups, exposures: counts.exposures, conversions: counts.conversions });

    server = await startServer({ env: env() });
    const afterResults = await results();
    expect(afterResults.csv).toBe(before.csv);
    expect(afterResults.page).toBe(before.page);
  });
});

describe("retention job without a database", () => {
  it("logs the failure and answers, so the next hour's run can try again", async () => {
    const saved = { ...process.env };
    Object.assign(process.env, { SVC_DEMO: "1", SVC_DATA_DIR: "", DATABASE_URL: "postgres://svc@127.0.0.1:9/svc" });
    vi.resetModules();
    const { runRetention } = await import("~/services/retention.server");
    const lines: string[] = [];
    try {
      await expect(runRetention({ log: (line) => lines.push(line) })).resolves.toBeNull();
      expect(lines).toEqual([expect.stringMatching(/^retention: run failed: /)]);
    } finally {
      process.env = saved;
    }
  });
});
