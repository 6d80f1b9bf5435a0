// The admin's tests list over HTTP on the real server: a shop sees its own tests only, with the figures the
// rollups hold; status tabs filter it, archived tests only under their own tab; an empty shop is told the first step.
import { beforeAll, describe, expect, it } from "vitest";
import type { SqlRunner } from "~/db/connection.server";
import { oneDatabase, oneDatabaseKind } from "../support/databases";
import { NOW, seedRows, seedSite, seedTest, type TestSeed } from "../support/seed";
import { useServer } from "../support/server";
import { BROWSER, adminFetch, useShopifyServer } from "../support/shopify";

const SHOP_A = "list-a.myshopify.com";
const SHOP_B = "list-b.myshopify.com";
const SHOP_EMPTY = "list-empty.myshopify.com";

/** A web site `Site <site>` of the shop, with tests of two arms (the variant "Bold headline") and goals signup (primary) and click. */
async function seedShopTests(sql: SqlRunner, shop: string, site: string, tests: Array<Pick<TestSeed, "id" | "status" | "winnerArmId" | "endedAt">>) {
  await seedSite(sql, { shop, id: site });
  for (const test of tests) {
    await seedTest(sql, { ...test, site, trafficPercent: 40, arms: [{}, { name: "Bold headline" }], goals: ["signup", "click"] });
  }
}

/** 2 days × (control 100 visitors / 10 signups, variant 100 visitors / 15 signups): +50% on the primary goal. */
async function seedRollups(sql: SqlRunner, site: string, test: string) {
  const rows = ["2026-03-01", "2026-03-02"].flatMap((day) =>
    ([[`${test}-a`, 10], [`${test}-b`, 15]] as const).flatMap(([armId, signups]) => [
      { siteId: site, testId: test, armId, goal: "", day, exposures: 120, exposedVisitors: 100 },
      { siteId: site, testId: test, armId, goal: "signup", day, convertingVisitors: signups, conversions: signups },
      { siteId: site, testId: test, armId, goal: "click", day, convertingVisitors: 90, conversions: 90 },
    ]),
  );
  await seedRows(sql, "DailyRollup", rows);
}

describe.each(oneDatabase)("tests list (%s)", (kind) => {
  const ctx = useShopifyServer(kind);
  const page = async (shop: string, query = "") => {
    const res = await adminFetch(ctx.server.url, shop, `/app${query}`);
    expect(res.status).toBe(200);
    return res.text();
  };

  beforeAll(async () => {
    for (const shop of [SHOP_A, SHOP_B, SHOP_EMPTY]) expect((await adminFetch(ctx.server.url, shop, "/app")).status).toBe(200);
    await ctx.sql(async (sql) => {
      await seedShopTests(sql, SHOP_A, "list-site-a", [
        { id: "la-running", status: "running" },
        { id: "la-draft", status: "draft" },
        { id: "la-paused", status: "paused" },
        { id: "la-done", status: "completed", winnerArmId: "la-done-b", endedAt: NOW },
        { id: "la-old", status: "archived" },
      ]);
      await seedShopTests(sql, SHOP_B, "list-site-b", [{ id: "lb-secret", status: "running" }, { id: "lb-decided", status: "running" }]);
      await seedRollups(sql, "list-site-a", "la-running");
      // 2,000 visitors per arm, 5% against 10%: the results page ships the variant.
      await seedRows(sql, "DailyRollup", (["lb-decided-a", "lb-decided-b"] as const).flatMap((armId, i) => [
        { siteId: "list-site-b", testId: "lb-decided", armId, goal: "", day: "2026-03-01", exposures: 2000, exposedVisitors: 2000 },
        { siteId: "list-site-b", testId: "lb-decided", armId, goal: "signup", day: "2026-03-01", convertingVisitors: 100 * (i + 1), conversions: 100 * (i + 1) },
      ]));
    });
  }, 120_000);

  it("lists the shop's own tests, linked to their results, with traffic, visitors and the primary goal's lift", async () => {
    const html = await page(SHOP_A);
    for (const id of ["la-running", "la-draft", "la-paused", "la-done"]) {
      expect(html).toContain(`Test ${id}`);
      expect(html).toContain(`href="/app/tests/${id}"`);
    }
    expect(html).not.toContain("Test la-old");
    expect(html).not.toContain("lb-secret");
    expect(html).toContain("Site list-site-a");
    expect(html).toContain("40%");
    // 2 days × 2 arms × 100 exposed visitors, and the variant's +50% on signup (not on the secondary goal).
    expect(html).toContain(">400<");
    expect(html).toContain("+50.0% Bold headline · signup");
    // 200 visitors per arm decide nothing yet, by the results page's own rule.
    expect(html).toMatch(/\+50\.0% Bold headline · signup<\/span>.*?>Not yet</);
    expect(html).not.toContain("Decided: better");
    expect(html).toContain("Winner: Bold headline");
    expect(html).toContain("All (4)");
    expect(html).toContain("Archived (1)");
    // The install card stays on top of the home page.
    expect(html).toContain("Storefront");
    expect(html).toContain('href="/app/tests/new"');
  });

  it.each([
    ["running", ["la-running"]],
    ["draft", ["la-draft"]],
    ["paused", ["la-paused"]],
    ["completed", ["la-done"]],
    ["archived", ["la-old"]],
  ])("filters by status %s", async (status, ids) => {
    const html = await page(SHOP_A, `?status=${status}`);
    for (const id of ["la-running", "la-draft", "la-paused", "la-done", "la-old"]) {
      if (ids.includes(id)) expect(html).toContain(`href="/app/tests/${id}"`);
      else expect(html).not.toContain(`href="/app/tests/${id}"`);
    }
  });

  it("reads an unknown status as All rather than failing", async () => {
    const html = await page(SHOP_A, "?status=%27%3Bdrop");
    expect(html).toContain('href="/app/tests/la-running"');
    expect(html).not.toContain('href="/app/tests/la-old"');
  });

  it("shows another shop only its own tests, and marks a decided lift as the results page decides it", async () => {
    const html = await page(SHOP_B);
    expect(html).toContain("Test lb-secret");
    expect(html).toMatch(/\+100\.0% Bold headline · signup<\/span>.*?>Decided: better</);
    expect(html).not.toContain("la-running");
    expect(html).not.toContain("Site list-site-a");
  });

  it("tells a shop without tests to create its first one", async () => {
    const html = await page(SHOP_EMPTY);
    expect(html).toContain("Create your first test");
    expect(html).not.toContain("Test la-");
  });
});

describe("tests list in the demo", () => {
  const ctx = useServer(oneDatabaseKind, { SVC_DEMO: "1" });

  it("lists the demo's seeded tests for a loopback client", async () => {
    const res = await fetch(`${ctx.server.url}/app`, { headers: BROWSER });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Demo: headline");
    expect(html).toContain("Demo: product headline");
    expect(html).toContain('href="/app/tests/demo-headline"');
  });
});
