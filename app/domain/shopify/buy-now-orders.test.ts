import { describe, expect, it } from "vitest";
import type { Offer } from "~/wire/offers";
import { buyNowExclusions, carriesVisitorId, type ExcludingTest } from "./buy-now-orders";

const BOWL = "gid://shopify/ProductVariant/11";
const price: Offer = { k: "price", prices: { [BOWL]: 24 } };
const tests: ExcludingTest[] = [
  { id: "bowl-price", offers: [price] },
  { id: "mugs-off", offers: [{ k: "products", percent: 10, products: ["gid://shopify/Product/7"] }] },
  { id: "bundle", offers: [{ k: "bxgy", buy: ["gid://shopify/Product/8"], x: 2, get: ["gid://shopify/Product/9"], y: 1, percent: 100 }] },
  { id: "free-shipping", offers: [{ k: "shipping", percent: 100, minimum: 50 }] },
];
/** An orders/paid payload of these lines ([variant, product] numeric ids), with the cart's attributes when given. */
const order = (lines: Array<[number | null, number | null]>, attributes?: Record<string, string>) => ({
  id: 1,
  ...(attributes && { note_attributes: Object.entries(attributes).map(([name, value]) => ({ name, value })) }),
  line_items: lines.map(([variant_id, product_id]) => ({ variant_id, product_id, quantity: 1 })),
});

describe("the tests that leave a Buy-it-now order out", () => {
  it("leaves out an order without svc's visitor id from each test whose offer acts on its lines", () => {
    expect(buyNowExclusions(order([[11, 5]]), tests)).toEqual(["bowl-price", "free-shipping"]);
    expect(buyNowExclusions(order([[70, 7]]), tests)).toEqual(["mugs-off", "free-shipping"]);
    // Buy X get Y: a product bought or got.
    expect(buyNowExclusions(order([[90, 9]]), tests)).toEqual(["bundle", "free-shipping"]);
    // Off the tests' products, only the order-wide offer's test leaves it out.
    expect(buyNowExclusions(order([[12, 5]]), tests)).toEqual(["free-shipping"]);
    // A product offer without a list acts on every product.
    expect(buyNowExclusions(order([[12, 5]]), [{ id: "all", offers: [{ k: "products", amount: 2 }] }])).toEqual(["all"]);
    // With collections, any product may be theirs (the payload does not say): left out, never counted for an arm.
    const bowls = "gid://shopify/Collection/3";
    const byCollection: ExcludingTest[] = [
      { id: "bowls-off", offers: [{ k: "products", percent: 10, products: ["gid://shopify/Product/7"], collections: [bowls] }] },
      { id: "bowls-bundle", offers: [{ k: "bxgy", buy: [], buyCollections: [bowls], x: 2, y: 1, percent: 100 }] },
      { id: "mugs-only", offers: [{ k: "products", percent: 10, products: ["gid://shopify/Product/7"] }] },
    ];
    expect(buyNowExclusions(order([[12, 5]]), byCollection)).toEqual(["bowls-off", "bowls-bundle"]);
  });

  it("leaves out nothing from an order that went through the cart with a visitor id svc makes", () => {
    expect(buyNowExclusions(order([[11, 5]], { _svc_vid: "v_abc123", _svc_sid: "s_abc123" }), tests)).toEqual([]);
    // A session alone (an older snippet) is no visitor id: the Function charged that buyer the list price too.
    expect(buyNowExclusions(order([[11, 5]], { _svc_sid: "s_abc123" }), tests)).toEqual(["bowl-price", "free-shipping"]);
    // Nor is a value svc never makes.
    expect(buyNowExclusions(order([[11, 5]], { _svc_vid: "not an id!" }), tests)).toEqual(["bowl-price", "free-shipping"]);
    expect([carriesVisitorId(order([], { _svc_vid: "v_abc123" })), carriesVisitorId(order([], { _svc_sid: "s_abc123" })), carriesVisitorId("order")]).toEqual([true, false, false]);
  });

  it("leaves an order whose lines cannot be read out of every such test, and knows none without tests", () => {
    expect(buyNowExclusions({ id: 1, line_items: "lines" }, tests)).toEqual(tests.map((t) => t.id));
    expect(buyNowExclusions({ id: 1 }, tests)).toEqual(tests.map((t) => t.id));
    expect(buyNowExclusions(order([[11, 5]]), [])).toEqual([]);
  });
});
