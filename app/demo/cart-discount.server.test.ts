import { describe, expect, it } from "vitest";
import { cartLinesDiscountsGenerateRun } from "../../extensions/svc-offers/src/run";
import { localAssignments } from "~/wire/rules/local-plan";
import { offerVariables, type OfferConfig } from "~/wire/offers";
import { cartJson, createCartStore, DEMO_COLLECTIONS, DEMO_PRICED_PRODUCT, DEMO_PRODUCT } from "./cart.server";
import { functionInput, lineDiscounts, lineTitles } from "./cart-discount.server";

const BOWL = `gid://shopify/ProductVariant/${DEMO_PRICED_PRODUCT.variantId}`;
const CONFIG: OfferConfig = {
  v: 1,
  title: "Special price",
  plan: { l: { s: "site" }, t: [{ id: "t", p: 100, a: [[2 ** 31, { test: "t", arm: "a", pages: [] }], [2 ** 32, { test: "t", arm: "b", pages: [] }]] }] },
  offers: { t: { b: { k: "price", prices: { [BOWL]: 24 } } } },
};

/** A visitor id the plan puts in `arm`. */
function visitorIn(arm: string): string {
  for (let i = 0; ; i++) if (localAssignments(CONFIG.plan, `visitor${i}x`)[0]?.arm === arm) return `visitor${i}x`;
}

function cartWith(vid: string | null, bowls: number, mugs = 0) {
  const store = createCartStore();
  const { cart } = store.open(null);
  const items = [...(bowls ? [{ id: DEMO_PRICED_PRODUCT.variantId, quantity: bowls }] : []), ...(mugs ? [{ id: DEMO_PRODUCT.variantId, quantity: mugs }] : [])];
  expect(store.add(cart, JSON.stringify({ items })).ok).toBe(true);
  if (vid) store.update(cart, JSON.stringify({ attributes: { _svc_vid: vid } }));
  return cart;
}

const discounted = (vid: string | null, bowls: number, mugs = 0, config: OfferConfig = CONFIG) => {
  const cart = cartWith(vid, bowls, mugs);
  const plain = cartJson(cart);
  // The texts svc writes: the configuration, three empty shards, the collection slots' variables.
  const empty = '{"v":1,"offers":{}}';
  const result = cartLinesDiscountsGenerateRun(functionInput(plain, [JSON.stringify(config), empty, empty, empty, offerVariables(config.cs)]));
  const lines = lineDiscounts(plain, result);
  return cartJson(cart, { title: config.title, lines, titles: lineTitles(plain, result, lines) });
};

describe("the demo cart after svc's Discount Function", () => {
  it("charges the cheaper arm's visitor the arm's price per bowl, as the cart answers it, and leaves the mug alone", () => {
    const cart = discounted(visitorIn("b"), 2, 1);
    const bowl = cart.items.find((i) => i.variant_id === DEMO_PRICED_PRODUCT.variantId)!;
    expect(bowl).toMatchObject({ original_price: 3000, final_price: 2400, final_line_price: 4800, line_level_total_discount: 1200 });
    expect(bowl.line_level_discount_allocations).toEqual([{ amount: 1200, discount_application: { type: "automatic", title: "Special price" } }]);
    expect(cart.items.find((i) => i.variant_id === DEMO_PRODUCT.variantId)).toMatchObject({ final_line_price: 2000, line_level_total_discount: 0 });
    expect(cart).toMatchObject({ original_total_price: 8000, total_discount: 1200, total_price: 6800 });
  });

  it("charges the list price to the other arm, to a cart without the visitor id, and to an id svc does not make", () => {
    for (const vid of [visitorIn("a"), null, "not an id!"]) expect(discounted(vid, 1)).toMatchObject({ total_price: 3000, total_discount: 0 });
  });

  it("shows each discounted line with its test's title, as the Function's message gives it", () => {
    const config: OfferConfig = { ...CONFIG, titles: { t: "Bowl week" } };
    const bowl = discounted(visitorIn("b"), 1, 1, config).items.find((i) => i.variant_id === DEMO_PRICED_PRODUCT.variantId)!;
    expect(bowl.line_level_discount_allocations).toEqual([{ amount: 600, discount_application: { type: "automatic", title: "Bowl week" } }]);
    // An order discount's title reaches every line it took from.
    const order = discounted(visitorIn("b"), 1, 1, { ...config, offers: { t: { b: { k: "order", percent: 10 } } } });
    expect(order.items.flatMap((i) => i.line_level_discount_allocations.map((a) => a.discount_application.title))).toEqual(["Bowl week", "Bowl week"]);
  });

  it("takes an order discount off what the lines have left, spread over them", () => {
    const config: OfferConfig = { ...CONFIG, offers: { t: { b: { k: "order", percent: 10 } } } };
    const cart = discounted(visitorIn("b"), 1, 1, config);
    expect(cart).toMatchObject({ original_total_price: 5000, total_discount: 500, total_price: 4500 });
    expect(cart.items.map((i) => i.line_level_total_discount)).toEqual([300, 200]);
  });

  it("answers each collection slot from the demo store's collections: a collection offer takes the bowl, not the mug", () => {
    const bowls = DEMO_COLLECTIONS[0]!.id;
    const config: OfferConfig = { ...CONFIG, cs: [["gid://shopify/Collection/1"], [bowls]], offers: { t: { b: { k: "products", percent: 50, collections: [bowls] } } } };
    const cart = discounted(visitorIn("b"), 1, 1, config);
    expect(cart.items.map((i) => [i.variant_id, i.line_level_total_discount])).toEqual([[DEMO_PRICED_PRODUCT.variantId, 1500], [DEMO_PRODUCT.variantId, 0]]);
    expect(discounted(visitorIn("a"), 1, 1, config)).toMatchObject({ total_discount: 0 });
  });
});
