// Shopify Rollouts beside a test, against the documented 2026-10 GraphQL shape in the fake Admin API: a test on
// the storefront is warned of a scheduled or active rollout that publishes another theme (and, counting
// purchases, of one that changes discounts), with the rollout's share of buyers; not of drafts or concluded
// ones; the signed rollouts webhook makes the next page read them again; a shop without read_rollouts is
// told why nothing could be checked.
import { beforeAll, describe, expect, it } from "vitest";
import type { FakeRollout } from "../support/fake-shopify-admin";
import { oneDatabase, oneDatabaseKind } from "../support/databases";
import { loaderData } from "../support/admin-route-data";
import { seedTest, storefrontSite } from "../support/seed";
import { adminFetch, sendWebhook, useShopifyServer } from "../support/shopify";

const SHOP = "svc-rollouts.myshopify.com";
const ROUTE = "routes/app.tests.$testId";

const themeRollout: FakeRollout = {
  id: "gid://shopify/Rollout/11",
  name: "Winter theme trial",
  status: "ACTIVE",
  trafficAllocation: 50,
  effectiveTrafficAllocation: 37.5,
  treatments: [
    { split: 50, changes: [] },
    { split: 50, changes: [{ __typename: "RolloutThemePublishChange", theme: { id: "gid://shopify/OnlineStoreTheme/77", name: "Winter" } }] },
  ],
};
const discountRollout: FakeRollout = {
  id: "gid://shopify/Rollout/12",
  name: "BFCM discount",
  status: "SCHEDULED",
  trafficAllocation: 20,
  effectiveTrafficAllocation: 0,
  treatments: [{ split: 100, changes: [{ __typename: "RolloutDiscountActivateChange" }] }],
};
const quiet: FakeRollout[] = (["DRAFT", "PAUSED", "CONCLUDED", "ARCHIVED"] as const).map((status, i) => ({ ...themeRollout, id: `gid://shopify/Rollout/2${i}`, name: `Quiet ${status}`, status }));

describe.each(oneDatabase)("Shopify Rollouts on a test's page (%s)", (kind) => {
  const ctx = useShopifyServer(kind);
  const url = () => ctx.server.url;
  const rolloutsOf = async (testId: string) => (await loaderData(url(), SHOP, `/app/tests/${testId}`, ROUTE)).data.rollouts;

  beforeAll(async () => {
    expect((await adminFetch(url(), SHOP, "/app")).status).toBe(200);
    await ctx.sql(async (sql) => {
      const site = await storefrontSite(sql, SHOP);
      await seedTest(sql, { id: "ro-buy", site: site.publicId, pages: ["/"], goals: [{ label: "purchase", kind: "purchase" }] });
      await seedTest(sql, { id: "ro-click", site: site.publicId, status: "running", pages: ["/"], goals: ["signup"] });
    });
    ctx.admin.shop(SHOP).rollouts = [themeRollout, discountRollout, ...quiet];
  });

  it("warns a storefront test of the rollouts that serve buyers, with their share beside the test's", async () => {
    const buy = await rolloutsOf("ro-buy");
    expect(buy.unavailable).toBeNull();
    expect(buy.warnings.map((w: { name: string; status: string; traffic: number }) => [w.name, w.status, w.traffic])).toEqual([
      ["Winter theme trial", "ACTIVE", 37.5],
      ["BFCM discount", "SCHEDULED", 20],
    ]);
    expect(buy.warnings[0].text).toContain('shows the theme "Winter" to 37.5% of buyers');
    // A test that does not count purchases is not warned of the discount.
    expect((await rolloutsOf("ro-click")).warnings.map((w: { name: string }) => w.name)).toEqual(["Winter theme trial"]);
    const html = await (await adminFetch(url(), SHOP, "/app/tests/ro-buy")).text();
    expect(html).toContain("2 Shopify rollouts touch this test");
    expect(html).toContain("Its traffic: 37.5% of buyers (active); this test&#x27;s: 100% of visitors on its pages.");
  });

  it("reads them again after the signed rollouts webhook, not before", async () => {
    const calls = () => ctx.admin.callsTo(SHOP, "rollouts").length;
    const before = calls();
    await rolloutsOf("ro-buy");
    expect(calls()).toBe(before);
    ctx.admin.shop(SHOP).rollouts = [{ ...themeRollout, status: "CONCLUDED" }];
    expect((await sendWebhook(url(), "rollouts", SHOP, { rollout: { id: themeRollout.id } }, "not-the-secret")).status).toBe(401);
    expect((await rolloutsOf("ro-buy")).warnings).toHaveLength(2);
    expect((await sendWebhook(url(), "rollouts", SHOP, { rollout: { id: themeRollout.id } })).status).toBe(200);
    expect((await rolloutsOf("ro-buy")).warnings).toEqual([]);
    expect(calls()).toBe(before + 1);
  });
});

describe("Shopify Rollouts without read_rollouts", () => {
  const ctx = useShopifyServer(oneDatabaseKind, { SCOPES: "read_orders,read_themes,write_pixels,read_customer_events" });

  it("says why they could not be checked, and shows the page", async () => {
    expect((await adminFetch(ctx.server.url, SHOP, "/app")).status).toBe(200);
    await ctx.sql(async (sql) => {
      const site = await storefrontSite(sql, SHOP);
      await seedTest(sql, { id: "ro-old", site: site.publicId, pages: ["/"], goals: ["signup"] });
    });
    const rollouts = (await loaderData(ctx.server.url, SHOP, "/app/tests/ro-old", ROUTE)).data.rollouts;
    expect(rollouts).toEqual({ warnings: [], unavailable: expect.stringContaining("read_rollouts") });
  });
});
