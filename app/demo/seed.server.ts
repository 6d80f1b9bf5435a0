// The local demo: a demo shop, site, running test and API key that `npm start` seeds so the product
// can be tried without Shopify, and one results example per state of the results page. Safe to run at every start.
import { hashSiteApiKey } from "~/domain/sites/site-api-key";
import { createSiteApiKey, findActiveKeyByHash } from "~/models/sites/api-key.server";
import { replaceRollupsOfTest, rollupTallyOfTest, type RollupTally } from "~/models/events/rollup.server";
import { replaceSegmentRollupsOfTest, segmentRollupTallyOfTest } from "~/models/events/segment-rollup.server";
import { admitSegmentValues } from "~/models/events/segment-value.server";
import { segmentExampleRows } from "./segment-examples";
import { upsertShop } from "~/models/shops/shop.server";
import { upsertSite } from "~/models/sites/site.server";
import { findTestOfShop, upsertTest } from "~/models/tests/test.server";
import type { AudienceRule } from "~/wire/rules/audience";
import {
  DEMO_API_KEY,
  DEMO_ARM_IDS,
  DEMO_SHOP_DOMAIN,
  DEMO_PRICE_ARM_IDS,
  DEMO_PRICE_ARM_PRICE,
  DEMO_PRICE_TEST_ID,
  DEMO_PRICE_TITLE,
  DEMO_SHOPIFY_ARM_IDS,
  DEMO_SHOPIFY_SITE_ID,
  DEMO_SHOPIFY_TEST_ID,
  DEMO_SITE_ID,
  DEMO_TEST_ID,
} from "./constants";
import { RESULTS_SCENARIOS, RESULTS_SITE_ID } from "./results-scenarios";
import { DEMO_PRICED_PRODUCT } from "./cart.server";
import { DEMO_STOREFRONT_PAGES } from "./shopify-page.server";

export { DEMO_API_KEY, DEMO_SHOP_DOMAIN, DEMO_SITE_ID } from "./constants";

export async function seedDemo(baseUrl: string) {
  const shop = await upsertShop(DEMO_SHOP_DOMAIN, { name: "svc demo store", currency: "USD" });
  const site = await upsertSite({
    shopId: shop.id,
    publicId: DEMO_SITE_ID,
    kind: "web",
    name: "Demo storefront",
    currency: "USD",
    allowedOrigins: allowedOrigins(baseUrl),
  });
  await upsertTest({
    id: DEMO_TEST_ID,
    siteId: site.id,
    name: "Demo: headline",
    status: "running",
    pages: ["/demo"],
    trafficPercent: 100,
    arms: [
      { id: DEMO_ARM_IDS[0], key: "control", name: "Original headline", weight: 1, patches: [] },
      {
        id: DEMO_ARM_IDS[1],
        key: "b",
        name: "Benefit headline",
        weight: 1,
        patches: [{ op: "text", sel: "#headline", value: "Mugs that make every morning better" }],
      },
    ],
    goals: [{ label: "signup", kind: "custom", isPrimary: true }],
  });
  const shopifySite = await seedDemoShopifyStorefront(shop.id, allowedOrigins(baseUrl));
  await seedAudienceExamples(shop.id, site.id, shopifySite.id);
  await seedResultsExamples(shop.id, allowedOrigins(baseUrl));
  const hash = hashSiteApiKey(DEMO_API_KEY);
  if (!(await findActiveKeyByHash(hash))) await createSiteApiKey(site.id, "Demo key", DEMO_API_KEY.slice(0, 12), hash);
  return { shop, site };
}

/** The demo is opened as localhost or 127.0.0.1 alike; both may send events. */
function allowedOrigins(baseUrl: string): string[] {
  const origin = new URL(baseUrl).origin;
  return [origin, origin.replace("localhost", "127.0.0.1")];
}

/**
 * The demo shop's own storefront (/demo/shopify): a Shopify site as afterAuth creates for a real store,
 * with a running test whose primary goal is the purchase, counted from the (self-sent, signed) orders webhook.
 */
async function seedDemoShopifyStorefront(shopId: string, origins: string[]) {
  const site = await upsertSite({
    shopId,
    publicId: DEMO_SHOPIFY_SITE_ID,
    kind: "shopify",
    name: "svc demo store (Shopify storefront)",
    currency: "USD",
    allowedOrigins: origins,
  });
  // The demo store's one market (its page prints "us"): a real store's handle is counted once shown from
  // many networks, which the demo's single machine never is.
  await admitSegmentValues(site.id, "market", ["us"]);
  await upsertTest({
    id: DEMO_SHOPIFY_TEST_ID,
    siteId: site.id,
    name: "Demo: product headline",
    status: "running",
    pages: ["/demo/shopify"],
    trafficPercent: 100,
    arms: [
      { id: DEMO_SHOPIFY_ARM_IDS[0], key: "control", name: "Original headline", weight: 1, patches: [] },
      {
        id: DEMO_SHOPIFY_ARM_IDS[1],
        key: "b",
        name: "Free-shipping headline",
        weight: 1,
        patches: [{ op: "text", sel: "#product-title", value: "Stoneware mug: free shipping today" }],
      },
    ],
    // As a new Shopify test starts (test-form.ts): the purchase, and adding to the cart beside it.
    goals: [
      { label: "purchase", kind: "purchase", isPrimary: true },
      { label: "added_to_cart", kind: "added_to_cart", isPrimary: false },
    ],
  });
  await seedDemoPriceTest(site.id);
  return site;
}

/**
 * The demo store's price test: the bowl at its list price (30.00) or at DEMO_PRICE_ARM_PRICE, shown where its price
 * appears (its product page and the collection grid; the cart shows what the cart charges) and charged through
 * svc's Discount Function, whose configuration svc builds from this arm's offer (docs/offers.md).
 */
async function seedDemoPriceTest(siteId: string) {
  await upsertTest({
    id: DEMO_PRICE_TEST_ID,
    siteId,
    name: "Demo: bowl price",
    status: "running",
    // Shown beside the cheaper arm's discount in the demo cart and on its order, as checkout would.
    offerTitle: DEMO_PRICE_TITLE,
    pages: [DEMO_STOREFRONT_PAGES.bowl.path, DEMO_STOREFRONT_PAGES.collection.path],
    trafficPercent: 100,
    arms: [
      { id: DEMO_PRICE_ARM_IDS[0], key: "control", name: "List price", weight: 1, patches: [] },
      {
        id: DEMO_PRICE_ARM_IDS[1],
        key: "b",
        name: `Bowl at ${DEMO_PRICE_ARM_PRICE.toFixed(2)}`,
        weight: 1,
        patches: [],
        offer: { k: "price", prices: { [`gid://shopify/ProductVariant/${DEMO_PRICED_PRODUCT.variantId}`]: DEMO_PRICE_ARM_PRICE } },
      },
    ],
    goals: [
      { label: "purchase", kind: "purchase", isPrimary: true },
      { label: "added_to_cart", kind: "added_to_cart", isPrimary: false },
    ],
  });
}

/**
 * One audience example per kind of rule (docs/audiences.md), seeded once as drafts: Start one from the admin
 * to see who it reaches. On /demo they change the sign-up button, on /demo/shopify the price line, so
 * they touch nothing the demo's running tests do. Never overwritten: a started example keeps its data.
 */
export const AUDIENCE_EXAMPLES: ReadonlyArray<{ id: string; name: string; shopify?: true; audience: AudienceRule[] }> = [
  { id: "demo-aud-device", name: "Audience example: mobile only", audience: [{ kind: "device", values: ["mobile"] }] },
  { id: "demo-aud-returning", name: "Audience example: returning visitors", audience: [{ kind: "visitor", values: ["returning"] }] },
  { id: "demo-aud-channel", name: "Audience example: from social media", audience: [{ kind: "channel", values: ["social"] }] },
  { id: "demo-aud-utm", name: "Audience example: newsletter readers", audience: [{ kind: "utm", name: "source", values: ["newsletter"] }] },
  { id: "demo-aud-country", name: "Audience example: Germany and Austria", audience: [{ kind: "country", values: ["DE", "AT"] }] },
  { id: "demo-aud-query", name: "Audience example: ?promo=summer", audience: [{ kind: "query", name: "promo", values: ["summer"] }] },
  { id: "demo-aud-cookie", name: "Audience example: vip cookie", audience: [{ kind: "cookie", name: "vip", values: [] }] },
  { id: "demo-aud-market", name: "Audience example: US market", shopify: true, audience: [{ kind: "market", values: ["us"] }] },
  { id: "demo-aud-language", name: "Audience example: English storefront", shopify: true, audience: [{ kind: "language", values: ["en"] }] },
  { id: "demo-aud-currency", name: "Audience example: paying in USD", shopify: true, audience: [{ kind: "currency", values: ["USD"] }] },
  { id: "demo-aud-customer", name: "Audience example: guests", shopify: true, audience: [{ kind: "customer", values: ["guest"] }] },
];

async function seedAudienceExamples(shopId: string, webSiteId: string, shopifySiteId: string) {
  for (const example of AUDIENCE_EXAMPLES) {
    if (await findTestOfShop(shopId, example.id)) continue;
    const [sel, value] = example.shopify ? ["#price", "$20.00 (audience example)"] : ["#signup .cta", "Sign up (audience example)"];
    await upsertTest({
      id: example.id,
      siteId: example.shopify ? shopifySiteId : webSiteId,
      name: example.name,
      status: "draft",
      pages: [example.shopify ? "/demo/shopify" : "/demo"],
      trafficPercent: 100,
      audience: example.audience,
      arms: [
        { id: `${example.id}-a`, key: "control", name: "Original", weight: 1, patches: [] },
        { id: `${example.id}-b`, key: "b", name: "Marked", weight: 1, patches: [{ op: "text", sel, value }] },
      ],
      goals: [example.shopify ? { label: "purchase", kind: "purchase", isPrimary: true } : { label: "signup", kind: "custom", isPrimary: true }],
    });
  }
}

/**
 * One running test per state of the results page, on a site of their own (so the demo storefront's visitors
 * never enter them), with rollups ending today: re-written at every start, so they stay in their state.
 */
async function seedResultsExamples(shopId: string, origins: string[]) {
  // Their purchases stand for what a merchant's server reports (a web site has no Shopify orders): counted from
  // the server only, so no browser can add to them and the page says where their money comes from.
  const site = await upsertSite({
    shopId, publicId: RESULTS_SITE_ID, kind: "web", name: "Results examples (seeded)", currency: "USD", allowedOrigins: origins,
    serverGoals: [...new Set(RESULTS_SCENARIOS.map((s) => s.goal))],
  });
  const today = new Date().toISOString().slice(0, 10);
  for (const scenario of RESULTS_SCENARIOS) {
    const rows = scenario.rows(today);
    const firstDay = rows.map((r) => r.day).sort()[0] ?? today;
    await upsertTest({
      id: scenario.id,
      siteId: site.id,
      name: scenario.name,
      status: "running",
      startedAt: new Date(`${firstDay}T00:00:00Z`),
      pages: ["/demo/results-example"],
      trafficPercent: 100,
      arms: scenario.arms.map((arm) => ({ ...arm, patches: [] })),
      goals: [{ label: scenario.goal, kind: "purchase", isPrimary: true }],
    });
    const segmentRows = segmentExampleRows(site.id, scenario.id, scenario.arms[0]!.id, rows);
    // Written already today (an earlier start): writing them again would change nothing, and the segment rows
    // were most of a demo start's database work.
    const [daily, segments] = await Promise.all([rollupTallyOfTest(site.id, scenario.id), segmentRollupTallyOfTest(site.id, scenario.id)]);
    if (sameTally(daily, tallyOfRows(rows)) && sameTally(segments, tallyOfRows(segmentRows))) continue;
    // Exposure rows carry no revenue sums: zero, as ingestion would write them.
    const noSums = {
      cappedRevenue: 0, cappedRevenueSquares: 0, cappedRevenueCubes: 0, conversionSquares: 0, revenueConversions: 0, cappedRevenueConversions: 0,
      covariateSum: 0, covariateSquares: 0, covariateRevenueProducts: 0,
    };
    await replaceRollupsOfTest(
      site.id,
      scenario.id,
      rows.map((r) => ({
        ...noSums, ...r, cappedRevenueCubes: r.cappedRevenueCubes ?? 0, profitSquares: r.profitSquares ?? 0, profitCubes: r.profitCubes ?? 0,
        covariateSum: r.covariateSum ?? 0, covariateSquares: r.covariateSquares ?? 0, covariateRevenueProducts: r.covariateRevenueProducts ?? 0,
        siteId: site.id, testId: scenario.id,
      })),
    );
    await replaceSegmentRollupsOfTest(site.id, scenario.id, segmentRows);
  }
}

/** What rows about to be written add up to; one key per row (as the examples are made), so `rows` is their count. */
function tallyOfRows(rows: ReadonlyArray<{ day: string; exposedVisitors: number; conversions: number }>): RollupTally {
  const days = rows.map((r) => r.day).sort();
  return {
    rows: rows.length,
    firstDay: days[0] ?? null,
    lastDay: days.at(-1) ?? null,
    exposedVisitors: rows.reduce((sum, r) => sum + r.exposedVisitors, 0),
    conversions: rows.reduce((sum, r) => sum + r.conversions, 0),
  };
}

function sameTally(a: RollupTally, b: RollupTally): boolean {
  return a.rows === b.rows && a.firstDay === b.firstDay && a.lastDay === b.lastDay && a.exposedVisitors === b.exposedVisitors && a.conversions === b.conversions;
}
