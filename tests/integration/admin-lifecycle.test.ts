// The test lifecycle over HTTP on the real server: a shop starts, pauses, resumes, completes and archives its
// own tests and the snippet's endpoints follow at once; another shop's test answers 404 and stays as it was;
// bad input and refused changes answer 4xx with a message and write nothing.
import { beforeAll, describe, expect, it } from "vitest";
import type { SqlRunner } from "~/db/connection.server";
import type { PatchesResponse } from "~/wire";
import { databaseKinds, oneDatabaseKind } from "../support/databases";
import { useServer } from "../support/server";
import { readSingleFetch } from "../support/admin-route-data";
import { ago, seedSite, seedTest, type TestSeed } from "../support/seed";
import { BROWSER, adminFetch, useShopifyServer } from "../support/shopify";
import { batch, exposure, getPatches, newId, postBatch } from "../support/snippet-client";

const SHOP_A = "lifecycle-a.myshopify.com";
const SHOP_B = "lifecycle-b.myshopify.com";

interface Answer {
  status: number;
  body: { ok: true; status: string; message: string } | { ok: false; problem: { type: string; title: string; status: number; issues?: string[] } } | undefined;
}

/** An action's data from a single-fetch answer, as the page's fetcher reads it. */
const actionData = async (res: Response) => ((await readSingleFetch(res)) as { data?: unknown } | undefined)?.data;

/** Posts the lifecycle form as the results page's fetcher does. */
async function postLifecycle(post: (path: string, init: RequestInit) => Promise<Response>, testId: string, fields: Record<string, string>): Promise<Answer> {
  const res = await post(`/app/tests/${testId}.data`, { method: "POST", body: new URLSearchParams(fields) });
  expect(res.status).not.toBe(500);
  const body = res.status === 404 ? undefined : ((await actionData(res)) as Answer["body"]);
  return { status: res.status, body };
}

/** The running tests /api/patches serves this site right now. */
async function servedTests(baseUrl: string, site: string): Promise<string[]> {
  const res = await getPatches(baseUrl, site, newId());
  expect(res.status).toBe(200);
  return ((await res.json()) as PatchesResponse).tests.map((t) => t.test);
}

interface LifecycleTest {
  status?: TestSeed["status"];
  arms?: number;
  primary?: boolean;
  pausedReason?: string;
}

/** A test on /demo of `arms` arms (`<id>-0` the control "Original", then `<id>-1` "Variant 1"…) and a signup goal. */
function insertTest(sql: SqlRunner, site: string, id: string, { status = "draft", arms = 2, primary = true, pausedReason }: LifecycleTest = {}) {
  return seedTest(sql, {
    id,
    site,
    status,
    pages: ["/demo"],
    pausedReason,
    startedAt: status === "draft" ? null : ago("3 days"),
    arms: Array.from({ length: arms }, (_, i) => (i === 0 ? { id: `${id}-0` } : { id: `${id}-${i}`, key: `v${i}`, name: `Variant ${i}` })),
    goals: [{ label: "signup", primary }],
  });
}

const insertSite = (sql: SqlRunner, shop: string, id: string, paused: string | null = null) =>
  seedSite(sql, { shop, id, status: paused ? "paused" : "active", pausedReason: paused });

const testRow = (sql: SqlRunner, id: string) =>
  sql.query<{ status: string; startedAt: Date | null; endedAt: Date | null; winnerArmId: string | null; pausedReason: string | null }>(
    `SELECT status::text, "startedAt", "endedAt", "winnerArmId", "pausedReason" FROM "Test" WHERE id = $1`,
    [id],
  ).then((rows) => rows[0]);

describe.each(databaseKinds)("test lifecycle in the admin (%s)", (kind) => {
  const ctx = useShopifyServer(kind);
  const asA = (path: string, init: RequestInit) => adminFetch(ctx.server.url, SHOP_A, path, init);
  const asB = (path: string, init: RequestInit) => adminFetch(ctx.server.url, SHOP_B, path, init);

  beforeAll(async () => {
    // Installing both shops (token exchange, afterAuth) creates their Shop rows.
    expect((await adminFetch(ctx.server.url, SHOP_A, "/app")).status).toBe(200);
    expect((await adminFetch(ctx.server.url, SHOP_B, "/app")).status).toBe(200);
    await ctx.sql(async (sql) => {
      await insertSite(sql, SHOP_A, "lc-site-a");
      await insertSite(sql, SHOP_A, "lc-site-paused", "Exposure events claimed arms visitors were never assigned.");
      await insertSite(sql, SHOP_B, "lc-site-b");
      await insertTest(sql, "lc-site-a", "a-flow");
      await insertTest(sql, "lc-site-a", "a-one-arm", { arms: 1 });
      await insertTest(sql, "lc-site-a", "a-no-goal", { primary: false });
      await insertTest(sql, "lc-site-a", "a-running", { status: "running" });
      await insertTest(sql, "lc-site-a", "a-discard");
      await insertTest(sql, "lc-site-paused", "a-stopped", { status: "paused", pausedReason: "svc paused the site's tests." });
      await insertTest(sql, "lc-site-b", "b-running", { status: "running" });
      await insertSite(sql, SHOP_A, "lc-site-ship");
      await insertTest(sql, "lc-site-ship", "a-ship", { status: "running" });
    });
  }, 120_000);

  it("takes a test through start, pause, resume, complete and archive, and the snippet follows at once", async () => {
    expect(await servedTests(ctx.server.url, "lc-site-a")).toEqual(["a-running"]);

    const started = await postLifecycle(asA, "a-flow", { intent: "start" });
    expect(started).toEqual({ status: 200, body: { ok: true, status: "running", message: "Test started" } });
    expect(await servedTests(ctx.server.url, "lc-site-a")).toContain("a-flow");

    expect((await postLifecycle(asA, "a-flow", { intent: "pause" })).body).toMatchObject({ ok: true, status: "paused" });
    expect(await servedTests(ctx.server.url, "lc-site-a")).not.toContain("a-flow");

    expect((await postLifecycle(asA, "a-flow", { intent: "resume" })).body).toMatchObject({ ok: true, status: "running" });
    expect(await servedTests(ctx.server.url, "lc-site-a")).toContain("a-flow");

    const completed = await postLifecycle(asA, "a-flow", { intent: "complete", winner: "a-flow-1" });
    expect(completed.body).toMatchObject({ ok: true, status: "completed", message: "Test completed" });
    expect(await servedTests(ctx.server.url, "lc-site-a")).toEqual(["a-running"]);

    // The results page stays readable, names the declared winner and says the data (none) does not.
    const page = await asA("/app/tests/a-flow", {});
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Completed: the data names no winner");
    expect(html).toContain("You declared Variant 1 the winner, but the data does not name it.");
    expect(html).toContain("Test a-flow");

    expect((await postLifecycle(asA, "a-flow", { intent: "archive" })).body).toMatchObject({ ok: true, status: "archived" });
    const row = await ctx.sql((sql) => testRow(sql, "a-flow"));
    expect(row).toMatchObject({ status: "archived", winnerArmId: "a-flow-1", pausedReason: null });
    expect(row?.startedAt).toBeInstanceOf(Date);
    expect(row?.endedAt).toBeInstanceOf(Date);
    expect((await asA("/app/tests/a-flow", {})).status).toBe(200);
  });

  it("serves a completed test's winner to every visitor, unmeasured, until the merchant ends it", async () => {
    // No visitor was counted: serving a variant nothing backs needs the merchant to confirm the sentence that says so.
    const unconfirmed = await postLifecycle(asA, "a-ship", { intent: "complete", winner: "a-ship-1", serve: "on" });
    expect(unconfirmed.status).toBe(409);
    expect(unconfirmed.body).toMatchObject({
      ok: false,
      problem: { type: expect.stringMatching(/\/test-against-data$/), title: "No visitor has been counted in this test: nothing says Variant 1 is better than the original." },
    });
    expect(await ctx.sql((sql) => testRow(sql, "a-ship"))).toMatchObject({ status: "running", winnerArmId: null });
    const done = await postLifecycle(asA, "a-ship", { intent: "complete", winner: "a-ship-1", serve: "on", against: "confirmed" });
    expect(done.body).toMatchObject({ ok: true, status: "completed", message: "Test completed; its winner is served on its pages to every visitor" });
    for (let i = 0; i < 20; i++) {
      const res = (await (await getPatches(ctx.server.url, "lc-site-ship", newId())).json()) as PatchesResponse;
      expect(res.tests).toEqual([expect.objectContaining({ test: "a-ship", arm: "a-ship-1" })]);
      // No goals: nothing about it is measured any more.
      expect(res.tests[0]?.goals).toBeUndefined();
    }
    // The exposure the snippet reports for it is dated after the test's end: no exposure is recorded.
    const vid = newId();
    const sent = await postBatch(ctx.server.url, batch("lc-site-ship", vid, newId(), [exposure("a-ship", "a-ship-1")]));
    expect(sent.status).toBe(200);
    const html = await (await asA("/app/tests/a-ship", {})).text();
    expect(html).toContain("Serving Variant 1 to every visitor");
    expect(html).toContain("End serving the winner");
    expect(await ctx.sql((sql) => sql.query(`SELECT 1 FROM "Exposure" WHERE "testId" = 'a-ship'`))).toEqual([]);

    const ended = await postLifecycle(asA, "a-ship", { intent: "end-serving" });
    expect(ended.body).toMatchObject({ ok: true, status: "completed", message: "The winner is no longer served" });
    expect(await servedTests(ctx.server.url, "lc-site-ship")).toEqual([]);
    expect((await postLifecycle(asA, "a-ship", { intent: "end-serving" })).status).toBe(409);
  });

  it("discards a draft by archiving it, and completes with no winner", async () => {
    expect((await postLifecycle(asA, "a-discard", { intent: "archive" })).body).toMatchObject({ ok: true, status: "archived" });
    const done = await postLifecycle(asA, "a-running", { intent: "complete", winner: "none" });
    expect(done.body).toMatchObject({ ok: true, status: "completed" });
    expect(await servedTests(ctx.server.url, "lc-site-a")).toEqual([]);
    expect(await ctx.sql((sql) => testRow(sql, "a-running"))).toMatchObject({ status: "completed", winnerArmId: null });
  });

  it("answers another shop's test with 404 and leaves it running", async () => {
    const attempts: Array<Record<string, string>> = [{ intent: "pause" }, { intent: "complete", winner: "none" }, { intent: "archive" }];
    for (const fields of attempts) {
      expect((await postLifecycle(asA, "b-running", fields)).status).toBe(404);
    }
    expect((await asA("/app/tests/b-running", {})).status).toBe(404);
    expect(await servedTests(ctx.server.url, "lc-site-b")).toEqual(["b-running"]);
    // Its own shop still can.
    expect((await asB("/app/tests/b-running", {})).status).toBe(200);
    expect((await postLifecycle(asB, "a-one-arm", { intent: "start" })).status).toBe(404);
  });

  it("answers bad input with 400 and a message, and writes nothing", async () => {
    const bad = [
      [{ intent: "delete" }, "invalid-lifecycle-change"],
      [{}, "invalid-lifecycle-change"],
      [{ intent: "complete" }, "invalid-lifecycle-change"],
      // An arm of another shop's test is no winner of this one.
      [{ intent: "complete", winner: "a-flow-1" }, "test-unknown-winner"],
    ] as const;
    for (const [fields, type] of bad) {
      const answer = await postLifecycle(asB, "b-running", fields);
      expect({ fields, answer }).toMatchObject({ fields, answer: { status: 400 } });
      expect(answer.body).toMatchObject({ ok: false, problem: { type: `https://svc.dev/problems/${type}`, status: 400 } });
      if (answer.body && !answer.body.ok) expect(answer.body.problem.title.length).toBeGreaterThan(10);
    }
    const res = await asB("/app/tests/b-running.data", { method: "POST", headers: { "Content-Type": "application/json" }, body: "{\"intent\":" });
    expect(res.status).toBe(400);
    expect(await ctx.sql((sql) => testRow(sql, "b-running"))).toMatchObject({ status: "running", endedAt: null, winnerArmId: null });
    expect(await servedTests(ctx.server.url, "lc-site-b")).toEqual(["b-running"]);
  });

  it("refuses a change the test's state does not allow, with the reason", async () => {
    const notNow = await postLifecycle(asA, "a-one-arm", { intent: "pause" });
    expect(notNow.status).toBe(409);
    expect(notNow.body).toMatchObject({ ok: false, problem: { type: "https://svc.dev/problems/test-not-allowed-now", title: "A draft test cannot be paused." } });

    const oneArm = await postLifecycle(asA, "a-one-arm", { intent: "start" });
    expect(oneArm.status).toBe(422);
    expect(oneArm.body).toMatchObject({ ok: false, problem: { type: "https://svc.dev/problems/test-no-variant" } });

    const noGoal = await postLifecycle(asA, "a-no-goal", { intent: "start" });
    expect(noGoal.status).toBe(422);
    expect(noGoal.body).toMatchObject({ ok: false, problem: { title: expect.stringMatching(/primary goal/) } });

    expect(await ctx.sql((sql) => Promise.all(["a-one-arm", "a-no-goal"].map((id) => testRow(sql, id))))).toEqual([
      expect.objectContaining({ status: "draft", startedAt: null }),
      expect.objectContaining({ status: "draft", startedAt: null }),
    ]);
  });

  it("will not resume a test while the service keeps its site paused, and says where to resume the site", async () => {
    const html = await (await asA("/app/tests/a-stopped", {})).text();
    expect(html).toContain("svc paused this test&#x27;s site");
    expect(html).toContain("Exposure events claimed arms visitors were never assigned.");
    expect(html).toContain('href="/app/sites/lc-site-paused"');

    const resume = await postLifecycle(asA, "a-stopped", { intent: "resume" });
    expect(resume.status).toBe(409);
    expect(resume.body).toMatchObject({ ok: false, problem: { type: "https://svc.dev/problems/test-site-paused", title: expect.stringMatching(/Resume the site first/) } });
    expect(await ctx.sql((sql) => testRow(sql, "a-stopped"))).toMatchObject({ status: "paused", pausedReason: "svc paused the site's tests." });
  });
});

describe("test lifecycle in the demo", () => {
  const ctx = useServer(oneDatabaseKind, { SVC_DEMO: "1" });
  const local = (path: string, init: RequestInit) => fetch(`${ctx.server.url}${path}`, { ...init, headers: { ...BROWSER, ...init.headers } });

  it("pauses and resumes the demo test for a loopback client, and the demo storefront follows", async () => {
    expect(await servedTests(ctx.server.url, "demo")).toEqual(["demo-headline"]);
    expect((await postLifecycle(local, "demo-headline", { intent: "pause" })).body).toMatchObject({ ok: true, status: "paused" });
    expect(await servedTests(ctx.server.url, "demo")).toEqual([]);
    expect((await postLifecycle(local, "demo-headline", { intent: "resume" })).body).toMatchObject({ ok: true, status: "running" });
    expect(await servedTests(ctx.server.url, "demo")).toEqual(["demo-headline"]);
  });

  it("changes nothing for a request that came through a proxy", async () => {
    const res = await local("/app/tests/demo-headline.data", {
      method: "POST",
      headers: { "X-Forwarded-For": "203.0.113.7" },
      body: new URLSearchParams({ intent: "pause" }),
      redirect: "manual",
    });
    expect(res.status).not.toBe(200);
    expect(await servedTests(ctx.server.url, "demo")).toEqual(["demo-headline"]);
  });
});
