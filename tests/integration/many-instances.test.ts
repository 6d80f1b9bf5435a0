// Two app instances on one PostgreSQL and one Redis, as behind a load balancer: a visitor's rate limit
// and a test's misuse window hold across both, a test paused through one stops being served by the other
// within a second, and mixed traffic through both leaves rollups equal to a recount. And a server whose
// Redis is down still serves the snippet's endpoints (fail open) and says so once.
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SqlRunner } from "~/db/connection.server";
import { DEMO_SITE_ID, DEMO_TEST_ID } from "~/demo/constants";
import type { PatchesResponse } from "~/wire";
import { createTestDatabase, withDatabase, type TestDatabase } from "../support/databases";
import { startFakeShopifyAdmin, type FakeShopifyAdmin } from "../support/fake-shopify-admin";
import { rollupDrift } from "../support/recount";
import { ago, seedSite, seedTest } from "../support/seed";
import { closedPort, deleteRedisKeys, openTestRedis, testRedisUrl, uniqueRedisPrefix } from "../support/redis";
import { SHOPIFY_TEST_ENV, startServer, useServer, type RunningServer } from "../support/server";
import { APP, adminFetch } from "../support/shopify";
import { batch, conversion, exposure, getPatches, newId, pageview, postBatch, postBatchFrom } from "../support/snippet-client";

const SHOP = "many-instances.myshopify.com";
const MISUSE_ORIGIN = "https://mi-misuse.example";

async function servedTests(baseUrl: string, site: string, vid = newId()): Promise<string[]> {
  const res = await getPatches(baseUrl, site, vid);
  expect(res.status).toBe(200);
  return ((await res.json()) as PatchesResponse).tests.map((t) => t.test);
}

/** Polls every 50 ms until `done` holds; the milliseconds it took, or null after `limitMs`. */
async function msUntil(done: () => Promise<boolean>, limitMs: number): Promise<number | null> {
  const start = performance.now();
  while (performance.now() - start < limitMs) {
    if (await done()) return Math.round(performance.now() - start);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return null;
}

/** A web site of the shop with a running test on /demo: two arms and a signup goal. */
async function insertSiteWithTest(sql: SqlRunner, site: string, test: string): Promise<void> {
  await seedSite(sql, { shop: SHOP, id: site });
  await seedTest(sql, { id: test, site, status: "running", pages: ["/demo"], startedAt: ago("1 day"), goals: ["signup"] });
}

// Both need real shared services: PostgreSQL (PGlite admits one process) and Redis. .ci/run sets both;
// a machine without them skips this file rather than fail on what it lacks.
describe.skipIf(!process.env.TEST_DATABASE_URL || !testRedisUrl)("two instances on one PostgreSQL and one Redis", () => {
  const prefix = uniqueRedisPrefix();
  let db: TestDatabase;
  let admin: FakeShopifyAdmin;
  let a: RunningServer;
  let b: RunningServer;
  const withSql = <T,>(fn: (sql: SqlRunner) => Promise<T>): Promise<T> => withDatabase(db, fn);

  beforeAll(async () => {
    admin = await startFakeShopifyAdmin({ ...APP, scopes: "read_orders,read_themes,write_pixels,read_customer_events,read_rollouts,read_products" });
    db = await createTestDatabase("postgres");
    // Not the demo: its seeding is meant for one process. Rate limits stay on (the default).
    const env = {
      ...db.env,
      ...SHOPIFY_TEST_ENV,
      SHOPIFY_ADMIN_API_ORIGIN: admin.origin,
      REDIS_URL: testRedisUrl!,
      SVC_REDIS_PREFIX: prefix,
      SVC_MISUSE_POLICY: "minVisitors=6,minNetworks=3,minSpanSeconds=1",
      // No fold during the file: the rollup rows each instance's writers added stay in its own part, to be seen.
      SVC_ROLLUP_FOLD_SECONDS: "3600",
    };
    a = await startServer({ env });
    b = await startServer({ env });
    // Installing the shop (token exchange, afterAuth) creates its Shop row.
    expect((await adminFetch(a.url, SHOP, "/app")).status).toBe(200);
    await withSql(async (sql) => {
      await insertSiteWithTest(sql, "mi-limits", "mi-limits-test");
      await insertSiteWithTest(sql, "mi-pause", "mi-pause-test");
      await insertSiteWithTest(sql, "mi-traffic", "mi-traffic-test");
      await insertSiteWithTest(sql, "mi-misuse", "mi-misuse-test");
      await sql.query(`UPDATE "Site" SET domain = $1 WHERE id = 'mi-misuse'`, [MISUSE_ORIGIN]);
      await insertSiteWithTest(sql, "mi-reconnect", "mi-reconnect-test");
    });
    // Each instance connects to Redis on its first snippet request; should that take longer than the
    // 100 ms a request may wait, the instance skips Redis for a second (REDIS_BACKOFF_MS). Let that pass.
    for (const server of [a, b]) expect((await getPatches(server.url, "mi-limits", newId())).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
  }, 180_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await db?.drop();
    await admin?.close();
    const redis = openTestRedis();
    await deleteRedisKeys(redis, prefix);
    redis.disconnect();
  });

  it("reports the shared Redis as answering on /healthz", async () => {
    for (const server of [a, b]) {
      const health = (await (await fetch(`${server.url}/healthz`)).json()) as { status: string; redis: { status: string; latencyMs?: number } };
      expect(health).toMatchObject({ status: "ok", redis: { status: "ok" } });
      expect(health.redis.latencyMs).toBeGreaterThanOrEqual(0);
    }
  });

  it("holds a visitor's limit across both: B refuses once A has spent the burst", async () => {
    const vid = newId();
    // The bucket refills one a second while A spends it, so A is asked until it refuses (60 and a few).
    let allowedByA = 0;
    while ((await getPatches(a.url, "mi-limits", vid)).status === 200) allowedByA++;
    expect(allowedByA).toBeGreaterThanOrEqual(60);
    expect(allowedByA).toBeLessThan(120);
    // B shares A's bucket: of the next few requests it allows only the tokens that came back meanwhile (one a
    // second, and one may be about to), where a B with limits of its own would allow all of them. Counted from the
    // clock, not assumed: on a busy machine five requests can take seconds (a clean-clone run on 2026-12-07 read 2
    // refusals of 5 against a fixed 4).
    const answers = [];
    const started = performance.now();
    for (let i = 0; i < 5; i++) answers.push(await getPatches(b.url, "mi-limits", vid));
    const refilled = 1 + Math.floor((performance.now() - started) / 1000);
    const refused = answers.filter((res) => res.status === 429);
    expect(answers.length - refused.length).toBeLessThanOrEqual(refilled);
    expect(refused.length).toBeGreaterThanOrEqual(1);
    expect(Number(refused[0]!.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(((await refused[0]!.json()) as { type: string }).type).toMatch(/rate-limited$/);
    // Another visitor of the same site is not affected.
    expect((await getPatches(b.url, "mi-limits", newId())).status).toBe(200);
  });

  it("stops serving a test on B within a second of it being paused through A's admin", async () => {
    // B has the site cached before the change.
    expect(await servedTests(b.url, "mi-pause")).toEqual(["mi-pause-test"]);
    const res = await adminFetch(a.url, SHOP, "/app/tests/mi-pause-test.data", { method: "POST", body: new URLSearchParams({ intent: "pause" }) });
    expect(res.status).toBe(200);
    const row = await withSql((sql) => sql.query<{ status: string }>(`SELECT status::text FROM "Test" WHERE id = 'mi-pause-test'`));
    expect(row[0]?.status).toBe("paused");
    const delay = await msUntil(async () => (await servedTests(b.url, "mi-pause")).length === 0, 1_000);
    console.log(`many instances: the pause reached B's /api/patches after ${delay} ms (polled every 50 ms)`);
    expect(delay).not.toBeNull();
  });

  it("forgets every cached site when its subscription comes back, since changes may have been missed", async () => {
    expect(await servedTests(b.url, "mi-reconnect")).toEqual(["mi-reconnect-test"]);
    // A change no instance announces (as if its message had been sent while B was not listening)...
    await withSql((sql) => sql.query(`UPDATE "Test" SET status = 'paused' WHERE id = 'mi-reconnect-test'`));
    expect(await servedTests(b.url, "mi-reconnect")).toEqual(["mi-reconnect-test"]);
    // ...is picked up once B's subscriber connection is cut and re-established, not 30 s later.
    const redis = openTestRedis();
    try {
      const clients = (await redis.client("LIST")) as string;
      const ids = [...clients.matchAll(/\bid=(\d+)\b.*\bname=(\S*)/g)].filter((m) => m[2] === `${prefix}subscriber`).map((m) => m[1]!);
      expect(ids).toHaveLength(2);
      for (const id of ids) await redis.client("KILL", "ID", id);
    } finally {
      redis.disconnect();
    }
    const delay = await msUntil(async () => (await servedTests(b.url, "mi-reconnect")).length === 0, 2_000);
    console.log(`many instances: B served the unannounced change ${delay} ms after its subscriber was cut`);
    expect(delay).not.toBeNull();
  });

  it("pauses a test on misuse claimed through A and B together, which neither saw enough of alone", async () => {
    // Claims from the site's own origin by visitors in the test, each from its own network (the policy
    // is scaled down for tests: 6 visitors, 3 networks, 1 s): three through each instance.
    const claims = async (server: RunningServer, visitors: number[]) => {
      for (const i of visitors) {
        const vid = newId();
        const patches = (await (await getPatches(server.url, "mi-misuse", vid)).json()) as PatchesResponse;
        const given = patches.tests.find((t) => t.test === "mi-misuse-test")?.arm;
        const other = given === "mi-misuse-test-0" ? "mi-misuse-test-1" : "mi-misuse-test-0";
        const events = Array.from({ length: 5 }, () => exposure("mi-misuse-test", other));
        const res = await postBatchFrom(server.url, batch("mi-misuse", vid, newId(), events), { origin: MISUSE_ORIGIN, from: `127.0.${40 + i}.1` });
        expect(res.status).toBe(200);
      }
    };
    await claims(a, [0, 1, 2]);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await servedTests(a.url, "mi-misuse")).toEqual(["mi-misuse-test"]);
    expect(await servedTests(b.url, "mi-misuse")).toEqual(["mi-misuse-test"]);
    await claims(b, [3, 4, 5]);
    const statuses = () =>
      withSql((sql) =>
        sql.query<{ site: string; test: string }>(`SELECT s.status::text AS site, t.status::text AS test FROM "Site" s JOIN "Test" t ON t."siteId" = s.id WHERE s.id = 'mi-misuse'`),
      );
    // The monitor pauses after the batch that crossed the policy is stored: waited for, however loaded the machine.
    await msUntil(async () => (await statuses())[0]?.test !== "running", 10_000);
    // The test alone: its site stays active.
    expect(await statuses()).toEqual([{ site: "active", test: "paused" }]);
    // The pause happened on B; A learns it by pub/sub.
    expect(await msUntil(async () => (await servedTests(a.url, "mi-misuse")).length === 0, 1_000)).not.toBeNull();
  });

  it("leaves rollups equal to a recount after mixed traffic through both, each instance's in its own part", async () => {
    const servers = [a, b];
    for (let i = 0; i < 30; i++) {
      const vid = newId();
      const sid = newId();
      // Assigned by one instance, reported to the other: both must agree on the arm.
      const patches = (await (await getPatches(servers[i % 2]!.url, "mi-traffic", vid)).json()) as PatchesResponse;
      const arm = patches.tests.find((t) => t.test === "mi-traffic-test")?.arm;
      expect(arm).toBeDefined();
      const events = [pageview(), exposure("mi-traffic-test", arm!), ...(i % 3 === 0 ? [conversion("signup", 10 + i)] : []), ...(i % 5 === 0 ? [conversion("signup")] : [])];
      const res = await postBatch(servers[(i + 1) % 2]!.url, batch("mi-traffic", vid, sid, events));
      expect(res.status).toBe(200);
      if (i % 4 === 0) {
        // A second batch of the same visitor through the first instance.
        expect((await postBatch(servers[i % 2]!.url, batch("mi-traffic", vid, sid, [pageview(), conversion("signup", 5)]))).status).toBe(200);
      }
    }
    const counted = await withSql(async (sql) => ({
      exposures: (await sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM "Exposure" WHERE "siteId" = 'mi-traffic'`))[0]?.n,
      conversions: (await sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM "ConversionAttribution" WHERE "siteId" = 'mi-traffic'`))[0]?.n,
      drift: await rollupDrift(sql),
      parts: (await sql.query<{ n: number }>(`SELECT count(DISTINCT "part")::int AS n FROM "DailyRollup" WHERE "siteId" = 'mi-traffic' AND "part" <> 0`))[0]?.n,
    }));
    // Each instance added to rows of its own part (docs/database.md, "Rollup parts"): they never waited on each other's.
    expect(counted.parts).toBe(2);
    expect(counted.exposures).toBe(30);
    expect(counted.conversions).toBeGreaterThan(0);
    expect(counted.drift).toEqual([]);
  });
});

describe.each(["refuses connections", "accepts connections but never answers"] as const)("a server whose Redis %s", (how) => {
  const env: Record<string, string> = { SVC_DEMO: "1" };
  let silent: net.Server | undefined;
  const held: net.Socket[] = [];
  beforeAll(async () => {
    let port: number;
    if (how === "refuses connections") port = await closedPort();
    else {
      // Connections are accepted and nothing is ever answered: only timeouts get a request past it.
      silent = net.createServer((socket) => held.push(socket.on("error", () => {})));
      await new Promise<void>((resolve) => silent!.listen(0, "127.0.0.1", resolve));
      port = (silent.address() as net.AddressInfo).port;
    }
    env.REDIS_URL = `redis://127.0.0.1:${port}`;
  });
  afterAll(() => {
    for (const socket of held) socket.destroy();
    silent?.close();
  });
  // useServer reads env when its beforeAll runs, after the port is known.
  const ctx = useServer("pglite", env);

  it("starts, serves /api/patches and /api/events without limits (fail open), and logs the outage once", async () => {
    const vid = newId();
    // More than a visitor's burst: with Redis down nothing is enforced, rather than every request refused.
    for (let i = 0; i < 70; i++) expect((await getPatches(ctx.server.url, DEMO_SITE_ID, vid)).status).toBe(200);
    const patches = (await (await getPatches(ctx.server.url, DEMO_SITE_ID, vid)).json()) as PatchesResponse;
    const arm = patches.tests.find((t) => t.test === DEMO_TEST_ID)?.arm;
    expect(arm).toBeDefined();
    for (let i = 0; i < 5; i++) {
      const res = await postBatch(ctx.server.url, batch(DEMO_SITE_ID, vid, newId(), [pageview(), exposure(DEMO_TEST_ID, arm!)]));
      expect(res.status).toBe(200);
    }
    // The instance stays in the load balancer's rotation: without Redis it still stores every event.
    const health = await fetch(`${ctx.server.url}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: "ok", database: { status: "ok" }, redis: { status: "unavailable" } });
    const output = ctx.server.output();
    expect(output.match(/Redis unavailable/g)).toHaveLength(1);
  });
});
