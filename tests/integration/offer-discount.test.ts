// svc's one automatic app discount (docs/offers.md) follows the shop's tests whose arms carry an offer: the admin's
// lifecycle actions, with a session token on the real server, create it through the Admin API stand-in with its
// configuration metafield, rewrite that configuration as tests start and stop, and delete it when no offer is left.
// A refused write leaves the merchant's action done, and the next action catches up, as the hide plan's does.
import { beforeAll, describe, expect, it } from "vitest";
import type { SqlRunner } from "~/db/connection.server";
import type { PatchesResponse } from "~/wire";
import { mergeOfferShards, OFFER_COLLECTION_SLOTS, OFFER_SHARD_KEYS, OFFER_VARIABLES_KEY, parseOfferConfig } from "~/wire/offers";
import { loaderData, readSingleFetch } from "../support/admin-route-data";
import { databaseKinds } from "../support/databases";
import { seedTest, storefrontSite } from "../support/seed";
import { adminFetch, sendWebhook, useShopifyServer } from "../support/shopify";
import { orderPayload } from "../support/shopify-webhooks";
import { batch, exposure, getPatches, newId, postBatch } from "../support/snippet-client";

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
/** Shops whose offers name collections: one filling the Function's slots, one whose orders are checked. */
const SLOTS = "offer-slots.myshopify.com";
const CHECKED = "offer-collection-orders.myshopify.com";
const collection = (n: number) => `gid://shopify/Collection/${n}`;
const inCollections = (...ids: string[]) => ({ k: "products", percent: 25, collections: ids });

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
      // What checkout shows beside its discount; offer-price keeps svc's default.
      await sql.query(`UPDATE "Test" SET "offerTitle" = 'Free shipping week' WHERE id = 'offer-shipping'`);
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
    // Each test's own title, for the Function's candidates; the default stays the discount's own title in Shopify.
    expect(held().config).toMatchObject({ title: "Special price", titles: { "offer-shipping": "Free shipping week" } });
    expect(held().discount).toMatchObject({ title: "Special price" });
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

  it("gives each running collection set a slot in the discount's variables metafield, and refuses a start past the slots", async () => {
    expect((await adminFetch(ctx.server.url, SLOTS, "/app")).status).toBe(200);
    await ctx.sql(async (sql) => {
      // Slots 1 to 7 taken by running tests (two of them the same set, in another order: one slot).
      for (let i = 1; i < OFFER_COLLECTION_SLOTS; i++) await insertTest(sql, `slot-${i}`, inCollections(collection(i), collection(100 + i)), SLOTS, "running");
      await insertTest(sql, "slot-same", inCollections(collection(101), collection(1)), SLOTS, "running");
      await insertTest(sql, "slot-8", inCollections(collection(8)), SLOTS);
      await insertTest(sql, "slot-9", inCollections(collection(9)), SLOTS);
    });
    const start = (id: string) => adminFetch(ctx.server.url, SLOTS, `/app/tests/${id}.data`, { method: "POST", body: new URLSearchParams({ intent: "start" }) });
    expect(await readSingleFetch(await start("slot-8"))).toMatchObject({ data: { ok: true, status: "running" } });
    const [discount] = [...ctx.admin.shop(SLOTS).discounts.values()];
    const config = configOf(discount!)!;
    const variables = JSON.parse(discount!.metafields.get(`$app.${OFFER_VARIABLES_KEY}`)!.value) as Record<string, string[]>;
    // Every slot the Function's query declares is written, each the ids of the set the configuration lists there.
    expect(Object.keys(variables)).toHaveLength(OFFER_COLLECTION_SLOTS);
    expect(config.cs).toHaveLength(OFFER_COLLECTION_SLOTS);
    config.cs!.forEach((set, i) => expect(variables[`c${i}`]).toEqual(set));
    expect(config.cs).toContainEqual([collection(1), collection(101)]);

    const refused = await start("slot-9");
    expect(refused.status).toBe(409);
    expect(await readSingleFetch(refused)).toMatchObject({
      data: { ok: false, problem: { type: expect.stringMatching(/\/test-offer-collections$/), detail: expect.stringContaining("9 different sets of collections") } },
    });
    const [row] = await ctx.sql((sql) => sql.query<{ status: string }>(`SELECT status FROM "Test" WHERE id = 'slot-9'`));
    expect(row?.status).toBe("draft");
  });

  it("checks an order's collection line by the Admin API's read of its product's collections, and leaves it unchecked when Shopify does not answer", async () => {
    const C = collection(77);
    const shop = ctx.admin.shop(CHECKED);
    shop.products.set("gid://shopify/Product/5", { collections: [C] });
    shop.products.set("gid://shopify/Product/6", { collections: [collection(78)] });
    expect((await adminFetch(ctx.server.url, CHECKED, "/app")).status).toBe(200);
    const site = await ctx.sql(async (sql) => {
      await insertTest(sql, "coll-orders", inCollections(C), CHECKED, "running");
      return (await storefrontSite(sql, CHECKED)).publicId;
    });
    // A shopper of the arm with the offer, seen by svc (their exposure), so that their order is theirs.
    let sid = "";
    for (;;) {
      const vid = newId();
      const answer = (await (await getPatches(ctx.server.url, site, vid)).json()) as PatchesResponse;
      if (answer.tests.find((t) => t.test === "coll-orders")?.arm !== "coll-orders-b") continue;
      sid = newId();
      expect((await postBatch(ctx.server.url, { ...batch(site, vid, sid, [exposure("coll-orders", "coll-orders-b")]), shop: CHECKED }, { path: "/api/collect" })).status).toBe(200);
      break;
    }
    const money = (amount: number) => ({ shop_money: { amount: amount.toFixed(2), currency_code: "USD" }, presentment_money: { amount: amount.toFixed(2), currency_code: "USD" } });
    let orderId = 99_000;
    const pay = async (productId: number, off: number) => {
      const id = ++orderId;
      const payload = {
        ...orderPayload(id, { total: (20 - off).toFixed(2), session: sid }),
        discount_applications: off > 0 ? [{ type: "automatic", title: "Special price", value: off.toFixed(2), value_type: "fixed_amount", target_type: "line_item" }] : [],
        line_items: [
          { id: id * 10, variant_id: 50 + productId, product_id: productId, quantity: 1, price: "20.00", price_set: money(20), discount_allocations: off > 0 ? [{ amount: off.toFixed(2), amount_set: money(off), discount_application_index: 0 }] : [] },
        ],
        shipping_lines: [],
      };
      expect(await (await sendWebhook(ctx.server.url, "orders/paid", CHECKED, payload)).json()).toMatchObject({ status: "recorded" });
      return String(id);
    };
    const checkOf = async (id: string) =>
      (await ctx.sql((sql) => sql.query<{ mismatch: boolean }>(`SELECT mismatch FROM "OrderOfferCheck" WHERE "orderId" = $1 AND "testId" = 'coll-orders'`, [id])))[0] ?? null;
    // In the collection and 25% off, as the Function took it: checked, not a leak.
    expect(await checkOf(await pay(5, 5))).toEqual({ mismatch: false });
    // Not in it, yet discounted: a leak.
    expect(await checkOf(await pay(6, 5))).toEqual({ mismatch: true });
    // In the collection, not discounted (a Buy-it-now): a leak too.
    expect(await checkOf(await pay(5, 0))).toEqual({ mismatch: true });
    // Shopify does not answer: unchecked, never a mismatch that could pause the test.
    shop.failGraphqlWith = 503;
    try {
      expect(await checkOf(await pay(5, 5))).toBeNull();
    } finally {
      shop.failGraphqlWith = null;
    }
    expect(ctx.admin.callsTo(CHECKED, "nodes").length).toBeGreaterThanOrEqual(3);
  });
});
