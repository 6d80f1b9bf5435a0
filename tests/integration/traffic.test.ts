// Groups, overlap and the store-wide holdout on the real server (docs/traffic.md): a share that does not fit
// its group is a field error, starting a test that overlaps a running one answers 409 test-overlap naming it
// until the merchant confirms (or the tests share a group), a holdout visitor is served nothing (no test, no
// served winner), and the holdout page counts both sides from the snippet's own events, revenue capped at the
// cap its run fixed when it started, with no interval before each side has enough conversions.
import { beforeAll, describe, expect, it } from "vitest";
import type { PatchesResponse } from "~/wire";
import { databaseKinds } from "../support/databases";
import { loaderData, postAction, readSingleFetch } from "../support/admin-route-data";
import { seedSite, seedTest } from "../support/seed";
import { adminFetch, useShopifyServer } from "../support/shopify";
import { batch, conversion, exposure, getPatches, newId, postBatch } from "../support/snippet-client";

const SHOP = "traffic-a.myshopify.com";
const OTHER = "traffic-b.myshopify.com";
const SITE = "traffic-site";
const HOLD_SITE = "traffic-hold";

const headline = [{ op: "text", sel: "#headline", value: "Benefit headline" }];

function definition(siteId: string, over: Record<string, unknown> = {}) {
  return {
    siteId,
    name: "Grouped test",
    hypothesis: "",
    pages: [{ kind: "exact", value: "/demo" }],
    trafficPercent: "100",
    minDetectableEffect: "10",
    arms: [
      { name: "Control", weight: "1", change: "none", patches: [], redirectUrl: "", template: "" },
      {
        name: "B",
        weight: "1",
        change: "patches",
        patches: [{ op: "text", sel: "#lede", value: "x", name: "", removeAttribute: false, add: "", remove: "", declarations: "" }],
        redirectUrl: "",
        template: "",
      },
    ],
    goals: [{ kind: "custom", label: "signup", selector: "", page: { kind: "exact", value: "" }, primary: true }],
    ...over,
  };
}

describe.each(databaseKinds)("groups, overlap and holdout (%s)", (kind) => {
  const ctx = useShopifyServer(kind);
  const as = (shop: string, path: string, init: RequestInit = {}) => adminFetch(ctx.server.url, shop, path, init);

  async function createTest(body: unknown) {
    const res = await as(SHOP, "/app/tests/new.data", { method: "POST", body: new URLSearchParams({ definition: JSON.stringify(body) }) });
    return { status: res.status, body: ((await readSingleFetch(res)) as { data?: { ok: boolean; id?: string; errors?: Record<string, string> } }).data };
  }

  async function lifecycle(testId: string, fields: Record<string, string>) {
    const answer = await postAction(ctx.server.url, SHOP, `/app/tests/${testId}`, fields);
    expect(answer.status).not.toBe(500);
    return answer;
  }

  async function patches(site: string, vid: string): Promise<PatchesResponse> {
    const res = await getPatches(ctx.server.url, site, vid);
    expect(res.status).toBe(200);
    return (await res.json()) as PatchesResponse;
  }

  beforeAll(async () => {
    expect((await as(SHOP, "/app")).status).toBe(200);
    expect((await as(OTHER, "/app")).status).toBe(200);
    await ctx.sql(async (sql) => {
      await seedSite(sql, { shop: SHOP, id: SITE });
      await seedSite(sql, { shop: SHOP, id: HOLD_SITE, revenueCap: 25 });
      await seedSite(sql, { shop: OTHER, id: "traffic-other" });
      await seedTest(sql, { id: "demo-headline", site: SITE, name: "Demo: headline", status: "running", pages: ["/demo"], arms: [{}, { patches: headline }], goals: ["signup"] });
      await seedTest(sql, { id: "rewrite", site: SITE, name: "Rewrite", pages: ["/demo"], arms: [{}, { patches: [{ op: "text", sel: "#headline", value: "Free shipping" }] }], goals: ["signup"] });
      await seedTest(sql, { id: "lede", site: SITE, name: "Lede", pages: ["/demo"], arms: [{}, { patches: [{ op: "text", sel: "#lede", value: "Other" }] }], goals: ["signup"] });
      // `h1` may be the element `#headline` names: only the page could tell.
      await seedTest(sql, { id: "title", site: SITE, name: "Title", pages: ["/demo"], arms: [{}, { patches: [{ op: "text", sel: "h1", value: "Other" }] }], goals: ["signup"] });
      await seedTest(sql, { id: "hold-running", site: HOLD_SITE, status: "running", pages: ["/demo"], arms: [{}, { patches: [{ op: "text", sel: "#lede", value: "y" }] }], goals: ["signup"] });
      await seedTest(sql, {
        id: "hold-shipped", site: HOLD_SITE, status: "completed", servingWinner: true, winnerArmId: "hold-shipped-b", endedAt: new Date().toISOString(),
        pages: ["/demo"], arms: [{}, { patches: [{ op: "text", sel: "#headline", value: "Shipped" }] }], goals: ["signup"],
      });
    });
  }, 120_000);

  it("creates a group, places each test's share in it, and refuses a share that does not fit", async () => {
    const created = await postAction(ctx.server.url, SHOP, "/app/groups", { intent: "create", site: SITE, name: "Headlines" });
    expect(created.status).toBe(201);
    const groupId = (created.data as { id: string }).id;
    expect((await postAction(ctx.server.url, SHOP, "/app/groups", { intent: "create", site: SITE, name: "Headlines" })).data).toEqual({
      intent: "create",
      fieldErrors: { name: "This site already has a group of that name" },
    });
    expect((await postAction(ctx.server.url, SHOP, "/app/groups", { intent: "create", site: "traffic-other", name: "Theirs" })).data).toMatchObject({
      fieldErrors: { site: "Choose a site" },
    });

    const first = await createTest(definition(SITE, { name: "G1", groupId, groupShare: "60" }));
    expect(first).toMatchObject({ status: 201, body: { ok: true } });
    const second = await createTest(definition(SITE, { name: "G2", groupId, groupShare: "50" }));
    expect(second.status).toBe(400);
    expect(second.body).toEqual({ ok: false, errors: { groupShare: "50 % does not fit in this group: the largest free part is 40 % (free: 60–100 %)" } });
    const third = await createTest(definition(SITE, { name: "G3", groupId, groupShare: "40" }));
    expect(third).toMatchObject({ status: 201, body: { ok: true } });

    const rows = await ctx.sql((sql) => sql.query<{ name: string; groupStart: number; groupShare: number }>(`SELECT name, "groupStart", "groupShare" FROM "Test" WHERE "groupId" = $1 ORDER BY "groupStart"`, [groupId]));
    expect(rows).toEqual([
      { name: "G1", groupStart: 0, groupShare: 60 },
      { name: "G3", groupStart: 60, groupShare: 40 },
    ]);

    // The groups page shows the split; another shop sees none of it.
    const page = await loaderData(ctx.server.url, SHOP, "/app/groups", "routes/app.groups");
    const group = page.data.groups.find((g: { id: string }) => g.id === groupId);
    expect(group.tests.map((t: { name: string; start: number; share: number }) => [t.name, t.start, t.share])).toEqual([
      ["G1", 0, 60],
      ["G3", 60, 40],
    ]);
    expect(group.free).toEqual([]);
    expect((await loaderData(ctx.server.url, OTHER, "/app/groups", "routes/app.groups")).data.groups).toEqual([]);
    // A test of another site cannot join it, and a group with tests cannot be deleted.
    expect((await createTest(definition(HOLD_SITE, { groupId, groupShare: "10" }))).body).toMatchObject({ ok: false, errors: { groupId: expect.any(String) } });
    expect((await postAction(ctx.server.url, SHOP, "/app/groups", { intent: "delete", group: groupId })).status).toBe(409);
  });

  it("refuses to start a test that changes what a running test changes, names the conflict, and starts once confirmed", async () => {
    const refused = await lifecycle("rewrite", { intent: "start" });
    expect(refused.status).toBe(409);
    const problem = (refused.data as { ok: false; problem: { type: string; detail: string; issues: string[] } }).problem;
    expect(problem.type).toMatch(/\/test-overlap$/);
    expect(problem.detail).toContain("“Demo: headline” runs on /demo and changes #headline");
    expect(problem.issues).toEqual(["demo-headline: pages /demo; elements #headline"]);
    expect((await ctx.sql((sql) => sql.query<{ status: string }>(`SELECT status::text FROM "Test" WHERE id = 'rewrite'`)))[0]!.status).toBe("draft");
    // Only what the merchant can do: the running test is in no group, and a running test's group is locked.
    expect(problem.detail).toContain("Pause or complete “Demo: headline” first, or confirm that the tests are independent and start this one anyway.");
    expect(problem.detail).not.toMatch(/group/i);

    // Two selectors for what may be one element are asked about too, saying that only the page can tell.
    const title = await lifecycle("title", { intent: "start" });
    expect(title.status).toBe(409);
    const titleProblem = (title.data as { ok: false; problem: { detail: string; issues: string[] } }).problem;
    expect(titleProblem.detail).toContain("“Demo: headline” runs on /demo and may change the same element under another selector (h1 ∩ #headline): svc cannot tell them apart without the page");
    expect(titleProblem.issues).toEqual(["demo-headline: pages /demo; maybe the same element: h1 ∩ #headline"]);

    // A test on other elements of the same page starts at once.
    expect((await lifecycle("lede", { intent: "start" })).data).toMatchObject({ ok: true, status: "running" });

    const confirmed = await lifecycle("rewrite", { intent: "start", independent: "confirmed" });
    expect(confirmed.data).toMatchObject({ ok: true, status: "running" });
  });

  it("lets two overlapping tests of one group start without confirmation, and never serves both to a visitor", async () => {
    const group = await postAction(ctx.server.url, SHOP, "/app/groups", { intent: "create", site: HOLD_SITE, name: "Lede tests" });
    const groupId = (group.data as { id: string }).id;
    const body = (name: string) =>
      definition(HOLD_SITE, {
        name, groupId, groupShare: "50",
        arms: [
          { name: "Control", weight: "1", change: "none", patches: [], redirectUrl: "", template: "" },
          { name: "B", weight: "1", change: "patches", patches: [{ op: "text", sel: "#price", value: name, name: "", removeAttribute: false, add: "", remove: "", declarations: "" }], redirectUrl: "", template: "" },
        ],
      });
    const a = (await createTest(body("Price A"))).body!.id!;
    const b = (await createTest(body("Price B"))).body!.id!;
    expect((await lifecycle(a, { intent: "start" })).data).toMatchObject({ ok: true });
    expect((await lifecycle(b, { intent: "start" })).data).toMatchObject({ ok: true });
    const counts = { [a]: 0, [b]: 0 };
    for (let i = 0; i < 200; i++) {
      const served = (await patches(HOLD_SITE, newId())).tests.map((t) => t.test).filter((t) => t === a || t === b);
      expect(served.length).toBe(1);
      counts[served[0]!] = (counts[served[0]!] ?? 0) + 1;
    }
    expect(counts[a]!).toBeGreaterThan(60);
    expect(counts[b]!).toBeGreaterThan(60);
    // The group's tests are done with: the holdout below sees the site's other tests only.
    await lifecycle(a, { intent: "complete", winner: "none" });
    await lifecycle(b, { intent: "complete", winner: "none" });
    // Once its tests have ended, the group can go; they leave it.
    expect((await postAction(ctx.server.url, SHOP, "/app/groups", { intent: "delete", group: groupId })).data).toEqual({ intent: "delete", deleted: groupId });
    expect(await ctx.sql((sql) => sql.query(`SELECT id FROM "Test" WHERE "groupId" = $1`, [groupId]))).toEqual([]);
  });

  it("serves a holdout visitor nothing, and counts both sides on the holdout page", async () => {
    const bad = await postAction(ctx.server.url, SHOP, "/app/holdout", { site: HOLD_SITE, holdoutPercent: "80" });
    expect(bad.status).toBe(400);
    expect(bad.data).toEqual({ fieldErrors: { holdoutPercent: "Enter a whole percentage from 0 (off) to 50" } });
    expect((await postAction(ctx.server.url, SHOP, "/app/holdout", { site: HOLD_SITE, holdoutPercent: "50" })).data).toEqual({ percent: 50 });
    const [run] = await ctx.sql((sql) =>
      sql.query<{ holdoutRunId: string; holdoutRevenueCap: string; holdoutRevenueCapSource: string }>(
        `SELECT "holdoutRunId", "holdoutRevenueCap"::text, "holdoutRevenueCapSource" FROM "Site" WHERE "publicId" = $1`,
        [HOLD_SITE],
      ),
    );
    // The run fixed the site's cap when it started, as a test does.
    expect(Number(run!.holdoutRevenueCap)).toBe(25);
    expect(run!.holdoutRevenueCapSource).toBe("setting");
    const runId = run!.holdoutRunId;

    const sides = { holdout: [] as string[], rest: [] as string[] };
    for (let i = 0; i < 40; i++) {
      const vid = newId();
      const answer = await patches(HOLD_SITE, vid);
      const mark = answer.tests.find((t) => t.test === runId);
      expect(mark).toBeDefined();
      expect(mark!.pages).toEqual(["*"]);
      expect(mark!.patches).toBeUndefined();
      if (mark!.arm === "holdout") {
        // No running test and no served winner: only the holdout's own, empty, mark.
        expect(answer.tests).toEqual([mark]);
        sides.holdout.push(vid);
      } else {
        expect(mark!.arm).toBe("rest");
        expect(answer.tests.map((t) => t.test).sort()).toEqual(["hold-running", "hold-shipped", runId].sort());
        sides.rest.push(vid);
      }
    }
    expect(sides.holdout.length).toBeGreaterThan(5);
    expect(sides.rest.length).toBeGreaterThan(5);

    // Three holdout visitors and four others expose; one holdout visitor and three others convert.
    const send = async (vid: string, arm: string, buys?: number) => {
      const events = [exposure(runId, arm), ...(buys === undefined ? [] : [conversion("signup", buys)])];
      expect((await postBatch(ctx.server.url, batch(HOLD_SITE, vid, newId(), events))).status).toBe(200);
    };
    await send(sides.holdout[0]!, "holdout", 10);
    await send(sides.holdout[1]!, "holdout");
    await send(sides.holdout[2]!, "holdout");
    await send(sides.rest[0]!, "rest", 20);
    await send(sides.rest[1]!, "rest", 30);
    await send(sides.rest[2]!, "rest", 10);
    await send(sides.rest[3]!, "rest");
    // A claim of the wrong side counts for nothing.
    await send(sides.rest[4]!, "holdout", 99);

    const res = await as(SHOP, `/app/holdout.data?site=${HOLD_SITE}&_routes=routes/app.holdout`);
    expect(res.status).toBe(200);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const page = ((await readSingleFetch(res)) as Record<string, { data: any }>)["routes/app.holdout"]!.data;
    expect(page.site).toMatchObject({ id: HOLD_SITE, percent: 50, revenueCap: { amount: 25, source: "setting" } });
    // The whole run by default: it began today.
    const today = new Date().toISOString().slice(0, 10);
    expect(page.period).toEqual({ from: today, to: today });
    expect(page.fromStart).toBe(true);
    expect(page.goal).toBe("signup");
    const { holdout, rest, conversionRate, revenuePerVisitor } = page.comparison;
    expect(holdout).toMatchObject({ visitors: 3, converters: 1, revenue: 10, cappedRevenue: 10, cappedRevenueSquares: 100, cappedRevenueCubes: 1000 });
    // The order of 30 counts 25 in the capped sums; revenue as recorded keeps it whole.
    expect(rest).toMatchObject({ visitors: 4, converters: 3, revenue: 60, cappedRevenue: 55, cappedRevenueSquares: 400 + 625 + 100, cappedRevenueCubes: 8000 + 15_625 + 1000 });
    expect(holdout.conversionRate).toBeCloseTo(1 / 3, 12);
    expect(rest.revenuePerVisitor).toBeCloseTo(15, 12);
    expect(rest.cappedRevenuePerVisitor).toBeCloseTo(13.75, 12);
    // A handful of conversions: the differences, and no interval until each side has enough of them.
    expect(conversionRate.estimate).toBeCloseTo(0.75 - 1 / 3, 12);
    expect(conversionRate).toMatchObject({ interval: null, withheld: "conversions" });
    expect(revenuePerVisitor.estimate).toBeCloseTo(13.75 - 10 / 3, 12);
    expect(revenuePerVisitor).toMatchObject({ interval: null, withheld: "conversions" });
    expect(page.reading).toEqual({ level: 0.95, minConversions: 30 });

    // Turning it off serves everyone their tests again, with no mark.
    expect((await postAction(ctx.server.url, SHOP, "/app/holdout", { site: HOLD_SITE, holdoutPercent: "0" })).data).toEqual({ percent: 0 });
    const after = await patches(HOLD_SITE, sides.holdout[0]!);
    expect(after.tests.map((t) => t.test).sort()).toEqual(["hold-running", "hold-shipped"]);
  });
});
