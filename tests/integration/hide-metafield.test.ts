// The svc.hide app-data metafield (the app embed's hide plan) follows the shop's running tests: admin actions
// with a session token on the real server write it on the installation through the Admin API stand-in,
// only when it changes; a refused write leaves the merchant's action done; a new session's install mends it.
// Since issue 24 it also carries the local plan: each running test's entry, the site part, the embed build's version.
import { beforeAll, describe, expect, it } from "vitest";
import type { SqlRunner } from "~/db/connection.server";
import { postAction, readSingleFetch } from "../support/admin-route-data";
import { databaseKinds } from "../support/databases";
import { seedTest, storefrontSite, type TestSeed } from "../support/seed";
import type { AdminCall } from "../support/fake-shopify-admin";
import { adminFetch, useShopifyServer } from "../support/shopify";

const SHOP = "hide-plan.myshopify.com";
const MENDED = "hide-mended.myshopify.com";

const TITLE_PATCHES = [
  { op: "text", sel: "#product-title", value: "Free shipping today" },
  { op: "hide", sel: ".badge" },
  { op: "css", value: "h1 { color: red }" },
];

/** A test on the shop's storefront with a control and one variant (its patches, or a redirect), and a purchase goal. */
async function insertTest(sql: SqlRunner, shop: string, id: string, opts: { status?: TestSeed["status"]; pages: string[]; patches?: unknown[]; redirect?: string }) {
  const { status = "draft", pages, patches, redirect } = opts;
  const { publicId } = await storefrontSite(sql, shop);
  await seedTest(sql, { id, site: publicId, status, pages, arms: [{}, { patches, redirectUrl: redirect }], goals: ["purchase"] });
}

describe.each(databaseKinds)("the hide plan metafield (%s)", (kind) => {
  const ctx = useShopifyServer(kind);

  /** Posts the results page's lifecycle form, as its fetcher does; answers the action's data. */
  async function lifecycle(testId: string, intent: string, more: Record<string, string> = {}) {
    const body = new URLSearchParams({ intent, ...more });
    const res = await adminFetch(ctx.server.url, SHOP, `/app/tests/${testId}.data`, { method: "POST", body });
    expect(res.status).toBe(200);
    return ((await readSingleFetch(res)) as { data?: unknown } | undefined)?.data;
  }
  const hideSets = (shop = SHOP) => ctx.admin.callsTo(shop, "metafieldsSet").filter((c) => written(c).some((m) => m.key === "hide"));
  const written = (call: AdminCall) => call.variables.metafields as Array<{ ownerId: string; namespace: string; key: string; type: string; value: string }>;
  const stored = (shop = SHOP) => {
    const m = ctx.admin.shop(shop).metafields.get("svc.hide");
    return m && { type: m.type, value: JSON.parse(m.value) as unknown };
  };

  beforeAll(async () => {
    // Installing the shops (token exchange, afterAuth) creates their storefront sites; no test yet, so no plan.
    // MENDED's tokens are always about to expire: every admin request installs it again.
    ctx.admin.shop(MENDED).tokenLifetimeSeconds = 60;
    expect((await adminFetch(ctx.server.url, SHOP, "/app")).status).toBe(200);
    expect((await adminFetch(ctx.server.url, MENDED, "/app")).status).toBe(200);
    await ctx.sql(async (sql) => {
      await insertTest(sql, SHOP, "hide-title", { pages: ["/products/*", "template:collection"], patches: TITLE_PATCHES });
      await insertTest(sql, SHOP, "hide-redirect", { pages: ["/"], redirect: "/?view=b" });
      await insertTest(sql, SHOP, "hide-refused", { pages: ["/pages/about"], patches: [{ op: "text", sel: "#about", value: "x" }] });
      await insertTest(sql, MENDED, "mended-running", { status: "running", pages: ["/"], patches: [{ op: "hide", sel: ".hero" }] });
    });
  }, 120_000);

  it("writes nothing at install while no test hides anything", () => {
    expect(ctx.admin.callsTo(SHOP, "metafieldsSet").map((c) => written(c).map((m) => m.key))).toEqual([["base_url", "site_id"]]);
    expect(stored()).toBeUndefined();
  });

  it("writes the plan as a json metafield on the installation when a test starts", async () => {
    expect(await lifecycle("hide-title", "start")).toMatchObject({ ok: true, status: "running" });
    const sets = hideSets();
    expect(sets).toHaveLength(1);
    expect(written(sets[0]!).map(({ ownerId, namespace, key, type }) => ({ ownerId, namespace, key, type }))).toEqual([
      { ownerId: ctx.admin.shop(SHOP).installationId, namespace: "svc", key: "hide", type: "json" },
    ]);
    // With the local plan (issue 24): the test's entry, the site part and the app embed build's version.
    expect(stored()).toEqual({
      type: "json",
      value: {
        v: 1,
        tests: [{ id: "hide-title", pages: [{ pre: "/products/" }, { tpl: "collection" }], sel: ["#product-title", ".badge"], a: expect.any(String) }],
        l: expect.any(String),
        b: expect.stringMatching(/^[\w-]{12}$/),
      },
    });
    const { tests, l } = stored()!.value as { tests: Array<{ a: string }>; l: string };
    expect(JSON.parse(tests[0]!.a)).toMatchObject({ id: "hide-title", p: 100, a: [[2 ** 31, { test: "hide-title", arm: "hide-title-a" }], [2 ** 32, { test: "hide-title", arm: "hide-title-b" }]] });
    expect(JSON.parse(l)).toEqual({ s: expect.any(String) });
  });

  it("writes a test that changes no element too (a redirect): it hides nothing, and the snippet assigns it locally", async () => {
    expect(await lifecycle("hide-redirect", "start")).toMatchObject({ ok: true, status: "running" });
    expect(hideSets()).toHaveLength(2);
    const tests = (stored()?.value as { tests: Array<{ id: string; sel: string[]; a?: string }> }).tests;
    expect(tests.map((t) => [t.id, t.sel, JSON.parse(t.a ?? "null")?.a?.[1]?.[1]?.redirect])).toEqual([
      ["hide-title", ["#product-title", ".badge"], undefined],
      ["hide-redirect", [], "/?view=b"],
    ]);
  });

  it("empties the plan when the tests pause, and writes it again when one resumes", async () => {
    expect(await lifecycle("hide-title", "pause")).toMatchObject({ ok: true, status: "paused" });
    expect(hideSets()).toHaveLength(3);
    expect(await lifecycle("hide-redirect", "pause")).toMatchObject({ ok: true, status: "paused" });
    expect(hideSets()).toHaveLength(4);
    expect(stored()).toEqual({ type: "json", value: { v: 1, tests: [], l: expect.any(String), b: expect.any(String) } });
    expect(await lifecycle("hide-title", "resume")).toMatchObject({ ok: true, status: "running" });
    expect(hideSets()).toHaveLength(5);
    expect((stored()?.value as { tests: unknown[] }).tests).toHaveLength(1);
  });

  it("still starts the test when Shopify refuses the write, and the next action catches up", async () => {
    ctx.admin.shop(SHOP).refuse.metafieldsSet = "Value is invalid";
    try {
      expect(await lifecycle("hide-refused", "start")).toMatchObject({ ok: true, status: "running" });
    } finally {
      delete ctx.admin.shop(SHOP).refuse.metafieldsSet;
    }
    expect(ctx.server.output()).toMatch(/hide plan of hide-plan\.myshopify\.com was not written.*Value is invalid/);
    const status = await ctx.sql((sql) => sql.query<{ status: string }>(`SELECT status::text FROM "Test" WHERE id = 'hide-refused'`));
    expect(status).toEqual([{ status: "running" }]);
    expect((stored()?.value as { tests: Array<{ id: string }> }).tests.map((t) => t.id)).toEqual(["hide-title"]);

    expect(await lifecycle("hide-title", "complete", { winner: "none" })).toMatchObject({ ok: true, status: "completed" });
    expect((stored()?.value as { tests: Array<{ id: string }> }).tests.map((t) => t.id)).toEqual(["hide-refused"]);
  });

  it("writes the plan again when the merchant resumes a storefront svc paused", async () => {
    const reason = "Paused by svc: sustained exposure misuse";
    const siteId = await ctx.sql(async (sql) => {
      const [site] = await sql.query<{ publicId: string }>(
        `UPDATE "Site" s SET status = 'paused', "pausedReason" = $2, "pausedAt" = now() FROM "Shop" p
         WHERE p.id = s."shopId" AND p.domain = $1 AND s.kind = 'shopify' RETURNING s."publicId"`,
        [SHOP, reason],
      );
      await sql.query(`UPDATE "Test" SET status = 'paused', "pausedReason" = $1 WHERE id = 'hide-refused'`, [reason]);
      return site!.publicId;
    });
    // Meanwhile a new session's install found nothing to hide and emptied the plan.
    ctx.admin.shop(SHOP).metafields.set("svc.hide", { namespace: "svc", key: "hide", type: "json", value: '{"v":1,"tests":[]}' });
    const sets = hideSets().length;
    const res = await postAction(ctx.server.url, SHOP, "/app/sites?index", { intent: "resume", siteId });
    expect(res.status).toBe(200);
    expect(hideSets()).toHaveLength(sets + 1);
    expect((stored()?.value as { tests: Array<{ id: string }> }).tests.map((t) => t.id)).toEqual(["hide-refused"]);
  });

  it("has a new session's install run mend a plan that is stale, in the same write as the rest of the app data", async () => {
    // The running test was inserted after this shop's install: its plan was never written.
    expect(stored(MENDED)).toBeUndefined();
    expect((await adminFetch(ctx.server.url, MENDED, "/app")).status).toBe(200);
    expect(stored(MENDED)).toEqual({
      type: "json",
      value: { v: 1, tests: [{ id: "mended-running", pages: [{ eq: "/" }], sel: [".hero"], a: expect.any(String) }], l: expect.any(String), b: expect.any(String) },
    });
    const sets = hideSets(MENDED);
    expect(sets).toHaveLength(1);
    expect((await adminFetch(ctx.server.url, MENDED, "/app")).status).toBe(200);
    expect(hideSets(MENDED)).toHaveLength(1);
  });
});
