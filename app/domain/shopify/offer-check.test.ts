import { describe, expect, it } from "vitest";
import type { Offer, OfferConfig } from "~/wire/offers";
import { checkOrder, offerMismatchPauseReason, offerMismatchTripped, OFFER_MISMATCH, type CheckedOrder } from "./offer-check";

const VID = "v-0123456789abcdef";
/** Every visitor in arm b of test t (one arm over the whole line), with `offer` on it; arm a of test u carries none. */
const config = (offer: Offer | null): OfferConfig => ({
  v: 1,
  title: "Special price",
  plan: {
    l: { s: "site-1" },
    t: [
      { id: "t", p: 100, a: [[2 ** 32, { test: "t", arm: "b", pages: [] }]] },
      { id: "u", p: 100, a: [[2 ** 32, { test: "u", arm: "a", pages: [] }]] },
    ],
  },
  offers: offer ? { t: { b: offer } } : {},
});
const line = (unitPrice: number, quantity: number, svcDiscount: number, variant = "gid://shopify/ProductVariant/1", product = "gid://shopify/Product/1") => ({
  variant, product, quantity, unitPrice, svcDiscount,
});
const order = (lines: CheckedOrder["lines"], shipping = { price: 0, svcDiscount: 0 }): CheckedOrder => ({ lines, shipping });

describe("checkOrder", () => {
  const PRICE: Offer = { k: "price", prices: { "gid://shopify/ProductVariant/1": 17.5 } };

  it("counts the order under the buyer's arms in tests with an offer, and only those", () => {
    expect(checkOrder(config(PRICE), VID, order([line(20, 1, 2.5)])).arms).toEqual([{ testId: "t", armId: "b" }]);
    expect(checkOrder(config(null), VID, order([line(20, 1, 0)])).arms).toEqual([]);
  });

  it("checks the buyer's arm charged the list price in an offer test: a discount taken there is a mismatch", () => {
    const otherArm: OfferConfig = { ...config(null), offers: { t: { a: PRICE } } };
    expect(checkOrder(otherArm, VID, order([line(20, 1, 0)]))).toEqual({ arms: [{ testId: "t", armId: "b" }], expected: 0, charged: 0, mismatch: false });
    expect(checkOrder(otherArm, VID, order([line(20, 1, 2.5)]))).toMatchObject({ arms: [{ testId: "t", armId: "b" }], expected: 0, charged: 2.5, mismatch: true });
  });

  it.each([
    ["an arm's price charged as shown", PRICE, order([line(20, 2, 5)]), 5, false],
    ["an arm's price never charged (a Buy-it-now without the cart attribute)", PRICE, order([line(20, 2, 0)]), 5, true],
    ["15 % off a variant's list price, charged as shown", { k: "price", by: "percent", prices: { "gid://shopify/ProductVariant/1": 15 } } as Offer, order([line(20, 2, 6)]), 6, false],
    ["15 % off a variant's list price, never charged", { k: "price", by: "percent", prices: { "gid://shopify/ProductVariant/1": 15 } } as Offer, order([line(20, 2, 0)]), 6, true],
    ["an arm's price on another variant: nothing off", PRICE, order([line(20, 1, 0, "gid://shopify/ProductVariant/2")]), 0, false],
    ["an arm price above the list price: nothing off, never a surcharge", { k: "price", prices: { "gid://shopify/ProductVariant/1": 25 } } as Offer, order([line(20, 1, 0)]), 0, false],
    ["no offer, yet a discount taken under svc's (an attribute edited to another visitor)", null, order([line(20, 1, 2)]), 0, true],
    ["10 % off the listed products, two lines", { k: "products", percent: 10 } as Offer, order([line(20, 1, 2), line(5, 3, 1.5)]), 3.5, false],
    ["an amount off each unit, never more than the unit", { k: "products", amount: 8 } as Offer, order([line(5, 2, 10)]), 10, false],
    ["products listed: others pay full price", { k: "products", percent: 50, products: ["gid://shopify/Product/9"] } as Offer, order([line(20, 1, 0)]), 0, false],
    ["an order amount from its minimum", { k: "order", amount: 10, minimum: 50 } as Offer, order([line(30, 2, 10)]), 10, false],
    ["an order amount below its minimum: nothing off", { k: "order", amount: 10, minimum: 50 } as Offer, order([line(30, 1, 0)]), 0, false],
    ["an order amount below its minimum, taken anyway", { k: "order", amount: 10, minimum: 50 } as Offer, order([line(30, 1, 10)]), 0, true],
    ["free shipping from 40", { k: "shipping", percent: 100, minimum: 40 } as Offer, order([line(45, 1, 0)], { price: 6, svcDiscount: 6 }), 6, false],
    ["free shipping below its threshold: charged", { k: "shipping", percent: 100, minimum: 40 } as Offer, order([line(35, 1, 0)], { price: 6, svcDiscount: 0 }), 0, false],
    ["buy 2 get 1 free of the same product: the cheapest unit of three", { k: "bxgy", buy: ["gid://shopify/Product/1"], x: 2, y: 1, percent: 100 } as Offer, order([line(20, 2, 0), line(12, 1, 12)]), 12, false],
    ["buy 2 get 1 free, the dearer unit taken off instead", { k: "bxgy", buy: ["gid://shopify/Product/1"], x: 2, y: 1, percent: 100 } as Offer, order([line(20, 2, 20), line(12, 1, 0)]), 12, true],
    ["buy 1 get another product half off: too few of it in the order", { k: "bxgy", buy: ["gid://shopify/Product/1"], x: 1, get: ["gid://shopify/Product/2"], y: 3, percent: 50 } as Offer, order([line(20, 1, 0), line(8, 2, 8, "gid://shopify/ProductVariant/2", "gid://shopify/Product/2")]), 8, false],
    ["buy X get Y without enough bought: nothing off", { k: "bxgy", buy: ["gid://shopify/Product/1"], x: 3, get: ["gid://shopify/Product/2"], y: 1, percent: 100 } as Offer, order([line(20, 2, 0), line(8, 1, 0, "gid://shopify/ProductVariant/2", "gid://shopify/Product/2")]), 0, false],
  ])("%s", (_, offer, paid, expected, mismatch) => {
    const check = checkOrder(config(offer as Offer | null), VID, paid);
    expect(check.expected).toBeCloseTo(expected, 2);
    expect(check.mismatch).toBe(mismatch);
  });

  describe("offers with collections: a line's membership from the Admin API's read", () => {
    const C = "gid://shopify/Collection/5";
    const inC = (l: CheckedOrder["lines"][number], collections: string[]) => ({ ...l, collections });
    const OFF: Offer = { k: "products", percent: 25, collections: [C] };

    it.each([
      ["a line in the offer's collection, discounted: no mismatch", OFF, order([inC(line(20, 1, 5), [C]), inC(line(8, 1, 0, "gid://shopify/ProductVariant/2", "gid://shopify/Product/2"), [])]), 5, false],
      ["a line in the collection, not discounted (Buy-it-now): a mismatch", OFF, order([inC(line(20, 1, 0), [C])]), 5, true],
      ["a line outside it, discounted: a mismatch", OFF, order([inC(line(20, 1, 5), [])]), 0, true],
      [
        "buy 1 from the collection, get another product free",
        { k: "bxgy", buy: [], buyCollections: [C], x: 1, get: ["gid://shopify/Product/2"], y: 1, percent: 100 } as Offer,
        order([inC(line(20, 1, 0), [C]), inC(line(8, 1, 8, "gid://shopify/ProductVariant/2", "gid://shopify/Product/2"), [])]),
        8,
        false,
      ],
    ])("%s", (_, offer, paid, expected, mismatch) => {
      const check = checkOrder(config(offer), VID, paid);
      expect(check.arms).toEqual([{ testId: "t", armId: "b" }]);
      expect(check.expected).toBeCloseTo(expected, 2);
      expect(check.mismatch).toBe(mismatch);
    });

    it("leaves the order unchecked when a line's membership is not known, rather than call a rightly discounted line a leak", () => {
      const check = checkOrder(config(OFF), VID, order([line(20, 1, 5)]));
      expect(check).toMatchObject({ arms: [], mismatch: false, unchecked: true });
      // A listed product needs no membership: checked as before.
      const listed: Offer = { k: "products", percent: 25, products: ["gid://shopify/Product/1"], collections: [C] };
      expect(checkOrder(config(listed), VID, order([line(20, 1, 5)]))).toMatchObject({ arms: [{ testId: "t", armId: "b" }], mismatch: false });
      // An offer without collections never asks.
      expect(checkOrder(config(PRICE), VID, order([line(20, 1, 2.5)])).unchecked).toBeUndefined();
    });
  });

  it("allows a cent of Shopify's rounding per allocation, and no more", () => {
    const third: Offer = { k: "order", percent: 10 };
    // 10 % of 3 × 3.33 = 0.999, allocated over three lines as 0.33 + 0.33 + 0.34 = 1.00.
    const rounded = order([line(3.33, 1, 0.33), line(3.33, 1, 0.33), line(3.33, 1, 0.34)]);
    expect(checkOrder(config(third), VID, rounded).mismatch).toBe(false);
    const short = order([line(3.33, 1, 0.3), line(3.33, 1, 0.3), line(3.33, 1, 0.3)]);
    expect(checkOrder(config(third), VID, short).mismatch).toBe(true);
  });
});

describe("offerMismatchTripped", () => {
  it.each([
    [{ checked: 0, mismatched: 0 }, false],
    [{ checked: 4, mismatched: 4 }, false],
    [{ checked: 5, mismatched: 5 }, true],
    [{ checked: 100, mismatched: 5 }, true],
    [{ checked: 101, mismatched: 5 }, false],
    [{ checked: 1000, mismatched: 49 }, false],
    [{ checked: 1000, mismatched: 50 }, true],
  ])("%o → %s", (counts, tripped) => {
    expect(offerMismatchTripped(counts)).toBe(tripped);
  });

  it("says what was counted and where the bar is", () => {
    expect(offerMismatchPauseReason({ checked: 40, mismatched: 6 })).toMatch(new RegExp(`^6 of 40 orders .*at least ${OFFER_MISMATCH.minimum} and 5%`));
  });
});
