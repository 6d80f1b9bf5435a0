// The admin's tests list over HTTP on the real server: a shop sees its own tests only, with the figures the
// rollups hold; status tabs filter it, archived tests only under their own tab; an empty shop is told the first step.
import { beforeAll, describe, expect, it } from "vitest";
import type { SqlRunner } from "~/db/connection.server";
import { databaseKinds } from "../support/databases";
import { useServer } from "../support/server";
import { BROWSER, adminFetch, useShopifyServer } from "../support/shopify";

const SHOP_A = "list-a.myshopify.com";
const SHOP_B = "list-b.myshopify.com";
const SHOP_EMPTY = "list-empty.myshopify.com";

async function seedShopTests(sql: SqlRunner, shop: string, site: string, tests: Array<[id: string, status: string]>) {
  await sql.query(
    `INSERT INTO "Site" (id, "publicId", "shopId", kind, name, "updatedAt") SELECT $1, $1, id, 'web', $2, now() FROM "Shop" WHERE domain = $3`,
    [site, `Site ${site}`, shop],
  );
  for (const [id, status] of tests) {
    await sql.query(
      `INSERT INTO "Test" (id, "siteId", name, status, "trafficPercent", "startedAt", "updatedAt")
       VALUES ($1, $2, $3, $4::"TestStatus", 40, CASE WHEN $4 = 'draft' THEN NULL ELSE now() END, now())`,
      [id, site, `Test ${id}`, status],
    );
    await sql.query(`INSERT INTO "Arm" (id, "testId", key, name, position) VALUES ($1, $2, 'control', 'Original', 0), ($3, $2, 'b', 'Bold headline', 1)`, [
      `${id}-a`,
      id,
      `${id}-b`,
    ]);
    await sql.query(`INSERT INTO "Goal" (id, "testId", label, "isPrimary") VALUES ($1, $2, 'signup', true), ($3, $2, 'click', false)`, [`${id}-g1`, id, `${id}-g2`]);
  }
}

/** 2 days × (control 100 visitors / 10 signups, variant 100 visitors / 15 signups): +50% on the primary goal. */
async function seedRollups(sql: SqlRunner, site: string, test: string) {
  for (const day of ["2026-03-01", "2026-03-02"]) {
    for (const [arm, signups] of [[`${test}-a`, 10], [`${test}-b`, 15]] as const) {
      await sql.query(
        `INSERT INTO "DailyRollup" ("siteId", "testId", "armId", goal, day, currency, exposures, "exposedVisitors", "convertingVisitors", conversions)
         VALUES ($1, $2, $3, '', $4::date, '', 120, 100, 0, 0), ($1, $2, $3, 'signup', $4::date, '', 0, 0, $5, $5), ($1, $2, $3, 'click', $4::date, '', 0, 0, 90, 90)`,
        [site, test, arm, day, signups],
      );
    }
  }
}

describe.each(databaseKinds)("tests list (%s)", (kind) => {
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
        ["la-running", "running"],
        ["la-draft", "draft"],
        ["la-paused", "paused"],
        ["la-done", "completed"],
        ["la-old", "archived"],
      ]);
      await seedShopTests(sql, SHOP_B, "list-site-b", [["lb-secret", "running"]]);
      await seedRollups(sql, "list-site-a", "la-running");
      await sql.query(`UPDATE "Test" SET "winnerArmId" = 'la-done-b', "endedAt" = now() WHERE id = 'la-done'`);
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

  it("shows another shop only its own tests", async () => {
    const html = await page(SHOP_B);
    expect(html).toContain("Test lb-secret");
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
  const ctx = useServer("pglite", { SVC_DEMO: "1" });

  it("lists the demo's seeded tests for a loopback client", async () => {
    const res = await fetch(`${ctx.server.url}/app`, { headers: BROWSER });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Demo: headline");
    expect(html).toContain("Demo: product headline");
    expect(html).toContain('href="/app/tests/demo-headline"');
  });
});
