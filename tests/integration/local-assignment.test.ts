// Local assignment end to end (issue 24): the plan the demo storefront prints (the real app embed's Liquid over
// the svc.hide plan the app builds from the database) gives 10,000 visitors exactly what GET /api/patches
// answers them over HTTP, on a storefront site with traffic shares, weights, a group of two and the holdout.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SqlRunner } from "~/db/connection.server";
import { DEMO_PRICE_TEST_ID, DEMO_SHOPIFY_SITE_ID } from "~/demo/constants";
import type { PatchesResponse } from "~/wire";
import { localAssignments, type LocalPlan } from "~/wire/rules/local-plan";
import { ago, seedRows, seedTest } from "../support/seed";
import { createTestDatabase, seedDatabase, type TestDatabase } from "../support/databases";
import { startServer, type RunningServer } from "../support/server";
import { newId } from "../support/snippet-client";

const VISITORS = 10_000;
const CONCURRENCY = 16;
const text = (sel: string, value: string) => ({ op: "text", sel, value });

async function addTests(sql: SqlRunner): Promise<void> {
  const [site] = await sql.query<{ id: string }>(`SELECT id FROM "Site" WHERE "publicId" = $1`, [DEMO_SHOPIFY_SITE_ID]);
  if (!site) throw new Error("the demo's storefront site is missing");
  await sql.query(`UPDATE "Site" SET "holdoutPercent" = 10, "holdoutRunId" = 'holdout-local-1', "holdoutSince" = now() WHERE id = $1`, [site.id]);
  await seedRows(sql, "TestGroup", [{ id: "local-group", siteId: site.id, name: "Product page" }]);
  const running = { site: DEMO_SHOPIFY_SITE_ID, status: "running" as const, startedAt: ago("1 day"), pages: ["/demo/shopify*"] };
  await seedTest(sql, { ...running, id: "local-weights", trafficPercent: 37, arms: [{ weight: 1 }, { weight: 2, patches: [text("#price", "$18")] }, { weight: 3, patches: [text("#price", "$16")] }] });
  await seedTest(sql, { ...running, id: "local-g1", groupId: "local-group", groupStart: 0, groupShare: 40, arms: [{}, { patches: [text("#add", "Buy now")] }] });
  await seedTest(sql, { ...running, id: "local-g2", groupId: "local-group", groupStart: 40, groupShare: 35, trafficPercent: 80, arms: [{}, { patches: [text("#add", "Add")] }] });
}

describe("local assignment agrees with /api/patches over HTTP", () => {
  const ctx = {} as { db: TestDatabase; server: RunningServer };
  // The folder holds what the demo seeds at its first start (databases.ts); the extra tests and the holdout go on
  // its storefront site before the server starts.
  beforeAll(async () => {
    ctx.db = await createTestDatabase("pglite", { migrated: true, demo: true });
    await seedDatabase(ctx.db, addTests);
    ctx.server = await startServer({ env: { ...ctx.db.env, SVC_DEMO: "1", SVC_RATE_LIMITS: "off" } });
  });
  afterAll(async () => {
    await ctx.server?.stop();
    await ctx.db?.drop();
  });

  it("prints a plan on the product page that gives every visitor the server's answer", async () => {
    const html = await (await fetch(`${ctx.server.url}/demo/shopify`)).text();
    const json = /<script type="application\/json" data-svc-plan>(.*?)<\/script>/.exec(html)?.[1];
    const plan = JSON.parse(json ?? "null") as LocalPlan;
    expect(plan.t.map((t) => t.id).sort()).toEqual(["demo-shopify-headline", "local-g1", "local-g2", "local-weights"]);
    expect(plan.l.h?.[0]).toBe(10);

    const vids = Array.from({ length: VISITORS }, () => newId());
    const sid = newId();
    const armsSeen = new Set<string>();
    let next = 0;
    const worker = async () => {
      while (next < vids.length) {
        const vid = vids[next++]!;
        const res = await fetch(`${ctx.server.url}/api/patches?site=${DEMO_SHOPIFY_SITE_ID}&vid=${vid}&sid=${sid}`);
        // The demo's price test targets other pages (the bowl's and the grid), so this page's plan does not carry it.
        const server = ((await res.json()) as PatchesResponse).tests.filter((a) => a.test !== DEMO_PRICE_TEST_ID);
        expect(localAssignments(plan, vid), vid).toEqual(server);
        for (const a of server) armsSeen.add(a.arm);
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    // Every arm with a weight was reached, the holdout's two sides too.
    expect([...armsSeen].sort()).toEqual(
      ["demo-shopify-headline-a", "demo-shopify-headline-b", "holdout", "local-g1-a", "local-g1-b", "local-g2-a", "local-g2-b", "local-weights-a", "local-weights-b", "local-weights-c", "rest"].sort(),
    );
  }, 120_000);
});
