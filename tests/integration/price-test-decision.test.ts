// A price test decides on profit per visitor (issue 38): on its results page and in the tests list, the same rollups
// that ship the lower price on conversion rate keep the list price on profit, with profit's comparison shown; a test
// without a price offer, on the same rollups, decides on conversion rate as before. Both databases: the list's sums
// and the results page's rows are read through their own statements.
import { beforeAll, describe, expect, it } from "vitest";
import { databaseKinds } from "../support/databases";
import { seedRows, seedTest, storefrontSite } from "../support/seed";
import { adminFetch, useShopifyServer } from "../support/shopify";

const SHOP = "svc-price-decision.myshopify.com";
const BOWL = "gid://shopify/ProductVariant/40000000000201";

/**
 * 20,000 visitors an arm; 5% buy the bowl at $30, 6.5% at $24; it costs $12. The lower price converts 30% better and
 * earns more revenue per visitor, but $0.78 of profit a visitor against $0.90.
 */
function rollups(siteId: string, testId: string) {
  return (["a", "b"] as const).flatMap((letter) => {
    const [buyers, price] = letter === "a" ? [1000, 30] : [1300, 24];
    const armId = `${testId}-${letter}`;
    const margin = price - 12;
    return [
      { siteId, testId, armId, goal: "", day: "2026-11-20", exposures: 20_000, exposedVisitors: 20_000 },
      {
        siteId, testId, armId, goal: "purchase", day: "2026-11-20", currency: "USD",
        convertingVisitors: buyers, conversions: buyers, revenue: buyers * price, revenueSquares: buyers * price ** 2,
        cappedRevenue: buyers * price, cappedRevenueSquares: buyers * price ** 2, cappedRevenueCubes: buyers * price ** 3,
        costedOrders: buyers, orderCost: buyers * 12, costedNetRevenue: buyers * price,
        profitSquares: buyers * margin ** 2, profitCubes: buyers * margin ** 3,
      },
    ];
  });
}

describe.each(databaseKinds)("a price test's decision on profit per visitor (%s)", (kind) => {
  const ctx = useShopifyServer(kind);
  const page = async (path: string) => {
    const res = await adminFetch(ctx.server.url, SHOP, path);
    expect(res.status).toBe(200);
    return res.text();
  };

  beforeAll(async () => {
    expect((await adminFetch(ctx.server.url, SHOP, "/app")).status).toBe(200);
    await ctx.sql(async (sql) => {
      const site = await storefrontSite(sql, SHOP);
      const goals = [{ label: "purchase", kind: "purchase" }];
      await seedTest(sql, {
        id: "bowl-price", site: site.publicId, status: "running", pages: ["/products/bowl"], goals,
        arms: [{ name: "List price", offer: { k: "price", prices: { [BOWL]: 30 } } }, { name: "Bowl at 24", offer: { k: "price", prices: { [BOWL]: 24 } } }],
      });
      await seedTest(sql, { id: "bowl-page", site: site.publicId, status: "running", pages: ["/products/bowl"], goals, arms: [{ name: "Original" }, { name: "New photos" }] });
      await seedRows(sql, "DailyRollup", [...rollups(site.id, "bowl-price"), ...rollups(site.id, "bowl-page")]);
    });
  }, 120_000);

  it("keeps the list price that earns more, where conversion rate would ship the lower one, and shows profit's comparison", async () => {
    const price = await page("/app/tests/bowl-price");
    expect(price).toContain("Every variant earns less profit per visitor than List price on purchase; the closest, Bowl at 24: lift -13.3%");
    expect(price).toContain("Profit per visitor vs control");
    expect(price).toMatch(/-13\.3% \(-\d+\.\d% to -\d+\.\d%\)/);
    expect(price).not.toContain("converts better");

    const page2 = await page("/app/tests/bowl-page");
    expect(page2).toContain("New photos converts better than Original on purchase");
    expect(page2).not.toContain("earns less profit per visitor");
  });

  it("lists the price test as its page decides it: the lower price decided worse, the page test's variant better", async () => {
    const list = await page("/app");
    expect(list).toMatch(/Bowl at 24 · purchase<\/span>.*?Decided: worse/s);
    expect(list).toMatch(/New photos · purchase<\/span>.*?Decided: better/s);
  });
});
