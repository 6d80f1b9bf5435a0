// Writing a completed price test's winning prices to the shop's products, on the real server with Shopify's Admin
// API stood in by its documented wire format (tests/support/fake-shopify-admin.ts): nothing changes until the
// merchant grants the optional write_products scope; then each changed variant is written once, per product, and
// variants already at their price, gone from the shop, or showing a compare-at price are counted as such.
import { beforeAll, describe, expect, it } from "vitest";
import { readSingleFetch } from "../support/admin-route-data";
import { databaseKinds } from "../support/databases";
import { seedTest, storefrontSite } from "../support/seed";
import { adminFetch, useShopifyServer } from "../support/shopify";
import { mergeOfferShards, OFFER_SHARD_KEYS } from "~/wire/offers";

const SHOP = "svc-price-write.myshopify.com";
const OTHER = "svc-price-write-other.myshopify.com";
const TEST = "pw-test";
const RUNNING = "pw-running";
const variant = (n: number) => `gid://shopify/ProductVariant/${n}`;
const BOWL = "gid://shopify/Product/500";
const MUG = "gid://shopify/Product/600";
/** The winning arm's prices: two bowl variants cheaper, a mug already at its price, one variant since deleted. */
const WINNING = { [variant(501)]: 24, [variant(502)]: 26.5, [variant(601)]: 12, [variant(999)]: 5 };
/** A shop whose served winner charges 15% off its variants' list prices. */
const PERCENT_SHOP = "svc-price-write-percent.myshopify.com";
const PERCENT_TEST = "pw-percent";

describe.each(databaseKinds)("writing a price test's winning prices (%s)", (kind) => {
  const ctx = useShopifyServer(kind);
  const write = (shop: string, testId: string) => adminFetch(ctx.server.url, shop, `/app/tests/${testId}/prices`, { method: "POST" });
  const bulkUpdates = () => ctx.admin.callsTo(SHOP, "productVariantsBulkUpdate");

  beforeAll(async () => {
    const shop = ctx.admin.shop(SHOP);
    shop.variants.set(variant(501), { unitCost: null, productId: BOWL, price: "30.00", compareAtPrice: null });
    // Shown struck through at 35.00: after the write, the storefront announces a reduction.
    shop.variants.set(variant(502), { unitCost: null, productId: BOWL, price: "30.00", compareAtPrice: "35.00" });
    shop.variants.set(variant(601), { unitCost: null, productId: MUG, price: "12.00", compareAtPrice: null });
    for (const domain of [SHOP, OTHER]) expect((await adminFetch(ctx.server.url, domain, "/app")).status).toBe(200);
    await ctx.sql(async (sql) => {
      const site = await storefrontSite(sql, SHOP);
      await seedTest(sql, { id: TEST, site: site.publicId, status: "completed", winnerArmId: `${TEST}-b`, pages: ["/products/*"], arms: [{}, { offer: { k: "price", prices: WINNING } }], goals: ["purchase"] });
      await seedTest(sql, { id: RUNNING, site: site.publicId, status: "running", pages: ["/products/*"], arms: [{}, { offer: { k: "price", prices: WINNING } }], goals: ["purchase"] });
    });
  }, 120_000);

  it("offers the write on the completed test's results page, and not on a running one's", async () => {
    const route = "routes/app.tests.$testId";
    const pageData = async (id: string) => {
      const res = await adminFetch(ctx.server.url, SHOP, `/app/tests/${id}.data?_routes=${encodeURIComponent(route)}`);
      expect(res.status).toBe(200);
      return ((await readSingleFetch(res)) as Record<string, { data?: { winnerPrices?: unknown } }>)[route]?.data;
    };
    expect((await pageData(TEST))?.winnerPrices).toEqual({ armName: "Variant B", variants: 4 });
    expect((await pageData(RUNNING))?.winnerPrices).toBeNull();
  });

  it("changes nothing until the merchant grants write_products, and says so", async () => {
    const res = await write(SHOP, TEST);
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ type: expect.stringMatching(/price-write-scope-needed$/) });
    expect(bulkUpdates()).toHaveLength(0);
    expect(ctx.admin.shop(SHOP).variants.get(variant(501))?.price).toBe("30.00");
  });

  it("writes each changed variant once, product by product, once the scope is granted", async () => {
    ctx.admin.shop(SHOP).grantedOptionalScopes.push("write_products");
    const res = await write(SHOP, TEST);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ written: 2, products: 1, unchanged: 1, missing: 1, comparedAt: 1, refused: [] });
    expect(bulkUpdates().map((c) => c.variables)).toEqual([
      { productId: BOWL, variants: [{ id: variant(501), price: "24" }, { id: variant(502), price: "26.5" }] },
    ]);
    const shop = ctx.admin.shop(SHOP);
    expect([shop.variants.get(variant(501))?.price, shop.variants.get(variant(502))?.price, shop.variants.get(variant(601))?.price]).toEqual(["24", "26.5", "12.00"]);
    // Written again: every variant is at its price now, and nothing is sent.
    const again = await write(SHOP, TEST);
    expect(await again.json()).toMatchObject({ written: 0, unchanged: 3, missing: 1 });
    expect(bulkUpdates()).toHaveLength(1);
  });

  it("refuses a test that has not ended with winning prices, and another shop's test, writing nothing", async () => {
    const running = await write(SHOP, RUNNING);
    expect(running.status).toBe(409);
    expect(await running.json()).toMatchObject({ type: expect.stringMatching(/price-write-no-winning-prices$/) });
    expect((await write(OTHER, TEST)).status).toBe(404);
    expect((await adminFetch(ctx.server.url, SHOP, `/app/tests/${TEST}/prices`, { method: "DELETE" })).status).toBe(405);
    expect(bulkUpdates()).toHaveLength(1);
  });

  it("writes a percentage winner as list × (1 − p) rounded to the cent, keeps those prices on the arm and its served discount, and sends nothing again", async () => {
    const shop = ctx.admin.shop(PERCENT_SHOP);
    shop.variants.set(variant(701), { unitCost: null, productId: BOWL, price: "29.99", compareAtPrice: null });
    shop.variants.set(variant(702), { unitCost: null, productId: BOWL, price: "10.00", compareAtPrice: null });
    shop.grantedOptionalScopes.push("write_products");
    expect((await adminFetch(ctx.server.url, PERCENT_SHOP, "/app")).status).toBe(200);
    await ctx.sql(async (sql) => {
      const site = await storefrontSite(sql, PERCENT_SHOP);
      await seedTest(sql, {
        id: PERCENT_TEST, site: site.publicId, status: "completed", winnerArmId: `${PERCENT_TEST}-b`, servingWinner: true, pages: ["/products/*"],
        arms: [{}, { offer: { k: "price", by: "percent", prices: { [variant(701)]: 15, [variant(702)]: 15 } } }], goals: ["purchase"],
      });
    });
    const res = await write(PERCENT_SHOP, PERCENT_TEST);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ written: 2, products: 1, unchanged: 0 });
    expect(ctx.admin.callsTo(PERCENT_SHOP, "productVariantsBulkUpdate").map((c) => c.variables)).toEqual([
      { productId: BOWL, variants: [{ id: variant(701), price: "25.49" }, { id: variant(702), price: "8.5" }] },
    ]);
    // The arm now charges those unit prices, and so does the served winner's discount: not 15% off the lowered prices.
    const frozen = { k: "price", prices: { [variant(701)]: 25.49, [variant(702)]: 8.5 } };
    const [arm] = await ctx.sql((sql) => sql.query<{ offer: unknown }>(`SELECT offer FROM "Arm" WHERE id = $1`, [`${PERCENT_TEST}-b`]));
    expect(arm?.offer).toEqual(frozen);
    const [discount] = [...shop.discounts.values()];
    const config = mergeOfferShards(OFFER_SHARD_KEYS.map((key) => JSON.parse(discount!.metafields.get(`$app.${key}`)?.value ?? "null") as unknown));
    expect(config?.offers[PERCENT_TEST]).toEqual({ [`${PERCENT_TEST}-b`]: frozen });
    // Written again: the prices are already there.
    expect(await (await write(PERCENT_SHOP, PERCENT_TEST)).json()).toMatchObject({ written: 0, unchanged: 2 });
    expect(ctx.admin.callsTo(PERCENT_SHOP, "productVariantsBulkUpdate")).toHaveLength(1);
  });
});
