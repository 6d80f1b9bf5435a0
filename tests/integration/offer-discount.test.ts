// svc's one automatic app discount (docs/offers.md) follows the shop's tests whose arms carry an offer: the admin's
// lifecycle actions, with a session token on the real server, create it through the Admin API stand-in with its
// configuration metafield, rewrite that configuration as tests start and stop, and delete it when no offer is left.
// A refused write leaves the merchant's action done, and the next action catches up, as the hide plan's does.
import { beforeAll, describe, expect, it } from "vitest";
import type { SqlRunner } from "~/db/connection.server";
import { mergeOfferShards, OFFER_SHARD_KEYS, parseOfferConfig } from "~/wire/offers";
import { loaderData, readSingleFetch } from "../support/admin-route-data";
import { databaseKinds } from "../support/databases";
import { seedTest, storefrontSite } from "../support/seed";
import { adminFetch, useShopifyServer } from "../support/shopify";

const SHOP = "offer-shop.myshopify.com";
/** Its tokens always about to expire: every admin request installs it again. */
const MENDED = "offer-mended.myshopify.com";
const PRICE = { k: "price", prices: { "gid://shopify/ProductVariant/11": 17.5 } };
/** A store-wide price test: 500 variants, past one metafield's 10,000 bytes. */
const LARGE = "offer-large.myshopify.com";
const MANY_PRICES = { k: "price", prices: Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`gid://shopify/ProductVariant/${700_000_000 + i}`, 19.5])) };
/** The configuration as the Function reads it: every shard's metafield, merged. */
const configOf = (discount: { metafields: Map<string, { value: string }> }) =>
  mergeOfferShards(OFFER_SHARD_KEYS.map((key) => JSON.parse(discount.metafields.get(`$app.${key}`)?.value ?? "null") as unknown));
const SHIPPING = { k: "shipping", percent: 100, minimum: 40 };

async function insertTest(sql: SqlRunner, id: string, offer: unknown, shop = SHOP, status: "draft" | "running" = "draft") {
  const { publicId } = await storefrontSite(sql, shop);
  await seedTest(sql, { id, site: publicId, status, pages: ["/products/*"], arms: [{}, { offer }], goals: ["purchase"] });
}

describe.each(databaseKinds)("the offers discount (%s)", (kind) => {
  const ctx = useShopifyServer(kind);
  const fake = () => ctx.admin.shop(SHOP);

  async function lifecycle(testId: string, intent: string, more: Record<string, string> = {}) {
    const res = await adminFetch(ctx.server.url, SHOP, `/app/tests/${testId}.data`, { method: "POST", body: new URLSearchParams({ intent, ...more }) });
    expect(res.status).toBe(200);
    return ((await readSingleFetch(res)) as { data?: unknown } | undefined)?.data;
  }
  const creates = () => ctx.admin.callsTo(SHOP, "discountAutomaticAppCreate");
  const discountCalls = () => ctx.admin.calls.filter((c) => c.shop === SHOP && c.fields.some((f) => /discount/i.test(f)));
  const storedId = () => ctx.sql(async (sql) => (await sql.query<{ id: string | null }>(`SELECT "offerDiscountId" AS id FROM "Shop" WHERE domain = $1`, [SHOP]))[0]?.id ?? null);
  /** The one discount Shopify holds, with its configuration parsed as the Function parses it. */
  const held = () => {
    const discounts = [...fake().discounts.entries()];
    expect(discounts).toHaveLength(1);
    const [id, discount] = discounts[0]!;
    return { id, discount, config: configOf(discount) };
  };

  beforeAll(async () => {
    // The priced variants in their shops, at list prices above the arms' (a start checks them: price-check.ts).
    ctx.admin.shop(SHOP).variants.set("gid://shopify/ProductVariant/11", { unitCost: null, price: "20.00", productId: "gid://shopify/Product/1" });
    ctx.admin.shop(SHOP).variants.set("gid://shopify/ProductVariant/12", { unitCost: null, price: "15.00", productId: "gid://shopify/Product/1" });
    ctx.admin.shop(MENDED).variants.set("gid://shopify/ProductVariant/11", { unitCost: null, price: "20.00", productId: "gid://shopify/Product/1" });
    for (const id of Object.keys(MANY_PRICES.prices)) ctx.admin.shop(LARGE).variants.set(id, { unitCost: null, price: "25.00", productId: "gid://shopify/Product/2" });
    ctx.admin.shop(MENDED).tokenLifetimeSeconds = 60;
    expect((await adminFetch(ctx.server.url, SHOP, "/app")).status).toBe(200);
    expect((await adminFetch(ctx.server.url, MENDED, "/app")).status).toBe(200);
    expect((await adminFetch(ctx.server.url, LARGE, "/app")).status).toBe(200);
    await ctx.sql(async (sql) => {
      await insertTest(sql, "mended-price", PRICE, MENDED, "running");
      await insertTest(sql, "offer-plain", null);
      await insertTest(sql, "offer-price", PRICE);
      await insertTest(sql, "offer-shipping", SHIPPING);
      await insertTest(sql, "large-price", MANY_PRICES, LARGE);
      // Saved at 17.50 for a variant whose list price is 15.00 now (lowered in Shopify since).
      await insertTest(sql, "stale-price", { k: "price", prices: { "gid://shopify/ProductVariant/12": 17.5 } });
    });
  }, 120_000);

  it("asks nothing of the discounts API while no running test has an offer", async () => {
    expect(await lifecycle("offer-plain", "start")).toMatchObject({ ok: true, status: "running" });
    expect(discountCalls()).toEqual([]);
    expect(await storedId()).toBeNull();
  });

  it("creates one discount when a test with an offer starts: the function's, every class, combining with nothing, not on subscriptions", async () => {
    expect(await lifecycle("offer-price", "start")).toMatchObject({ ok: true, status: "running" });
    // Created before the test went live (Shopify says there is room), its configuration written once it had.
    expect(creates()).toHaveLength(1);
    expect(JSON.parse(String((creates()[0]!.variables.discount as { metafields: Array<{ value: string }> }).metafields[0]!.value))).toMatchObject({ plan: { t: [] }, offers: {} });
    const { id, discount, config } = held();
    expect(await storedId()).toBe(id);
    expect(discount).toMatchObject({
      title: "Special price",
      functionHandle: "svc-offers",
      discountClasses: ["PRODUCT", "ORDER", "SHIPPING"],
      combinesWith: { productDiscounts: false, orderDiscounts: false, shippingDiscounts: false },
      appliesOnSubscription: false,
      appliesOnOneTimePurchase: true,
    });
    // The configuration the Function reads: this test in its plan, the variant's offer, the control at list price.
    expect(config?.plan.t.map((t) => t.id)).toEqual(["offer-price"]);
    expect(config?.offers).toEqual({ "offer-price": { "offer-price-b": PRICE } });
  });

  it("writes a configuration past one metafield's 10,000 bytes across the shards, each within them, read back whole", async () => {
    const res = await adminFetch(ctx.server.url, LARGE, "/app/tests/large-price.data", { method: "POST", body: new URLSearchParams({ intent: "start" }) });
    expect(await readSingleFetch(res)).toMatchObject({ data: { ok: true, status: "running" } });
    const [discount] = [...ctx.admin.shop(LARGE).discounts.values()];
    const written = OFFER_SHARD_KEYS.map((key) => discount!.metafields.get(`$app.${key}`)?.value ?? "");
    // Every shard written (the Admin API stand-in refuses one past 10,000 bytes), more than one of them in use.
    for (const value of written) expect(Buffer.byteLength(value)).toBeLessThanOrEqual(10_000);
    expect(written.filter((value) => value !== '{"v":1,"offers":{}}').length).toBeGreaterThan(1);
    expect(configOf(discount!)?.offers).toEqual({ "large-price": { "large-price-b": MANY_PRICES } });
  });

  it("rewrites the same discount's configuration when another offer test starts, and leaves it when nothing changed", async () => {
    const updates = () => ctx.admin.callsTo(SHOP, "discountAutomaticAppUpdate").length;
    const before = updates();
    expect(await lifecycle("offer-shipping", "start")).toMatchObject({ ok: true, status: "running" });
    expect(creates()).toHaveLength(1);
    expect(updates()).toBe(before + 1);
    expect(held().config?.offers).toEqual({ "offer-price": { "offer-price-b": PRICE }, "offer-shipping": { "offer-shipping-b": SHIPPING } });
    // A change that leaves the offers as they were (a test without one pauses) writes nothing to the discount.
    expect(await lifecycle("offer-plain", "pause")).toMatchObject({ ok: true, status: "paused" });
    expect(updates()).toBe(before + 1);
  });

  it("deletes the discount when no offer test is left running", async () => {
    expect(await lifecycle("offer-price", "pause")).toMatchObject({ ok: true, status: "paused" });
    expect(held().config?.offers).toEqual({ "offer-shipping": { "offer-shipping-b": SHIPPING } });
    expect(await lifecycle("offer-shipping", "pause")).toMatchObject({ ok: true, status: "paused" });
    expect(ctx.admin.callsTo(SHOP, "discountAutomaticDelete")).toHaveLength(1);
    expect(fake().discounts.size).toBe(0);
    expect(await storedId()).toBeNull();
  });

  it("refuses to start an offer test while Shopify has no room for the discount, and starts it once there is", async () => {
    fake().otherAutomaticDiscounts = 25;
    try {
      const res = await adminFetch(ctx.server.url, SHOP, "/app/tests/offer-price.data", { method: "POST", body: new URLSearchParams({ intent: "resume" }) });
      expect(res.status).toBe(409);
      expect(await readSingleFetch(res)).toMatchObject({
        data: { ok: false, problem: { type: expect.stringMatching(/\/test-offer-discount$/), detail: expect.stringContaining("at most 25 active automatic discounts") } },
      });
    } finally {
      fake().otherAutomaticDiscounts = 0;
    }
    // Nothing went live: the page would have shown the arm's price and checkout charged the list price.
    const status = await ctx.sql((sql) => sql.query<{ status: string }>(`SELECT status::text FROM "Test" WHERE id = 'offer-price'`));
    expect(status).toEqual([{ status: "paused" }]);
    expect(fake().discounts.size).toBe(0);
    expect(await lifecycle("offer-price", "resume")).toMatchObject({ ok: true, status: "running" });
    expect(held().config?.offers).toEqual({ "offer-price": { "offer-price-b": PRICE } });
  });

  it("refuses to start an offer test while a Shopify rollout activates or expires svc's discount, and starts it once the rollout has ended", async () => {
    const [discountId] = [...fake().discounts.keys()];
    expect(discountId).toBeDefined();
    // As a rollout's change names it: a DiscountNode GID of the same number as the discount svc created.
    const onSvcDiscount = { __typename: "RolloutDiscountExpireChange", discount: { id: `gid://shopify/DiscountNode/${discountId!.split("/").pop()}` } };
    const rollout = { id: "gid://shopify/Rollout/31", name: "Spring sale", trafficAllocation: 50, effectiveTrafficAllocation: 50, treatments: [{ split: 50, changes: [onSvcDiscount] }] };
    fake().rollouts = [{ ...rollout, status: "ACTIVE" }];
    const res = await adminFetch(ctx.server.url, SHOP, "/app/tests/offer-shipping.data", { method: "POST", body: new URLSearchParams({ intent: "resume" }) });
    expect(res.status).toBe(409);
    expect(await readSingleFetch(res)).toMatchObject({
      data: { ok: false, problem: { type: expect.stringMatching(/\/test-offer-rollout$/), title: expect.stringContaining('Shopify rollout "Spring sale" activates or expires') } },
    });
    const status = await ctx.sql((sql) => sql.query<{ status: string }>(`SELECT status::text FROM "Test" WHERE id = 'offer-shipping'`));
    expect(status).toEqual([{ status: "paused" }]);
    // The rollout ends, its webhook not yet arrived: the start reads the rollouts afresh, and the test starts.
    fake().rollouts = [{ ...rollout, status: "CONCLUDED" }];
    expect(await lifecycle("offer-shipping", "resume")).toMatchObject({ ok: true, status: "running" });
    expect(held().config?.offers).toMatchObject({ "offer-shipping": { "offer-shipping-b": SHIPPING } });
    fake().rollouts = [];
    // Paused again, as the cases below expect it.
    expect(await lifecycle("offer-shipping", "pause")).toMatchObject({ ok: true, status: "paused" });
  });

  it("warns on an offer test's page of the shop's other active automatic discounts, and on no other test's", async () => {
    const page = async (testId: string) => (await loaderData<{ otherDiscounts: string | null }>(ctx.server.url, SHOP, `/app/tests/${testId}`, "routes/app.tests.$testId")).data;
    expect((await page("offer-price")).otherDiscounts).toBeNull();
    fake().otherDiscounts = [{ title: "Summer sale" }, { title: "Bundle deal", app: "Bundler" }];
    try {
      expect((await page("offer-price")).otherDiscounts).toMatch(/^2 other automatic discounts are active on this store: "Summer sale", "Bundle deal" \(Bundler\)\. svc's discount combines with none/);
      expect((await page("offer-plain")).otherDiscounts).toBeNull();
    } finally {
      fake().otherDiscounts = [];
    }
  });

  it("retries the configuration's write after Shopify refused it, at the next action", async () => {
    fake().refuse.discountAutomaticAppUpdate = "Internal error";
    try {
      expect(await lifecycle("offer-shipping", "resume")).toMatchObject({ ok: true, status: "running" });
    } finally {
      delete fake().refuse.discountAutomaticAppUpdate;
    }
    expect(ctx.server.output()).toMatch(/hide plan of offer-shop\.myshopify\.com was not written.*discountAutomaticAppUpdate refused: Internal error/);
    expect(held().config?.offers).toEqual({ "offer-price": { "offer-price-b": PRICE } });
    expect(await lifecycle("offer-plain", "resume")).toMatchObject({ ok: true, status: "running" });
    expect(held().config?.offers).toEqual({ "offer-price": { "offer-price-b": PRICE }, "offer-shipping": { "offer-shipping-b": SHIPPING } });
  });

  it("creates the discount again when the merchant deleted it in Shopify's admin", async () => {
    const before = held().id;
    fake().discounts.clear();
    expect(await lifecycle("offer-plain", "pause")).toMatchObject({ ok: true, status: "paused" });
    const after = held();
    expect(after.id).not.toBe(before);
    expect(await storedId()).toBe(after.id);
    expect(Object.keys(after.config?.offers ?? {}).sort()).toEqual(["offer-price", "offer-shipping"]);
  });

  it("has a new session's install bring the discount in step: a running offer test it never wrote", async () => {
    // The running test was inserted after this shop's install: its discount was never created.
    expect(ctx.admin.shop(MENDED).discounts.size).toBe(0);
    expect((await adminFetch(ctx.server.url, MENDED, "/app")).status).toBe(200);
    expect((await adminFetch(ctx.server.url, LARGE, "/app")).status).toBe(200);
    const discounts = [...ctx.admin.shop(MENDED).discounts.values()];
    expect(discounts).toHaveLength(1);
    expect(parseOfferConfig(JSON.parse(discounts[0]!.metafields.get("$app.offers")!.value))?.offers).toEqual({ "mended-price": { "mended-price-b": PRICE } });
    // The next install finds it in step and writes nothing.
    const calls = ctx.admin.callsTo(MENDED, "discountAutomaticAppCreate").length + ctx.admin.callsTo(MENDED, "discountAutomaticAppUpdate").length;
    expect((await adminFetch(ctx.server.url, MENDED, "/app")).status).toBe(200);
    expect((await adminFetch(ctx.server.url, LARGE, "/app")).status).toBe(200);
    expect(ctx.admin.callsTo(MENDED, "discountAutomaticAppCreate").length + ctx.admin.callsTo(MENDED, "discountAutomaticAppUpdate").length).toBe(calls);
  });
  it("refuses to start a price test whose price is above its variant's list price now, and creates no discount for it", async () => {
    const before = creates().length;
    const res = await adminFetch(ctx.server.url, SHOP, `/app/tests/stale-price.data`, { method: "POST", body: new URLSearchParams({ intent: "start" }) });
    expect(res.status).toBe(409);
    expect(JSON.stringify(await readSingleFetch(res))).toContain("12: 17.5 is above 15");
    expect(creates()).toHaveLength(before);
    expect((await ctx.sql((sql) => sql.query<{ status: string }>(`SELECT status FROM "Test" WHERE id = 'stale-price'`)))[0]?.status).toBe("draft");
  });
});
