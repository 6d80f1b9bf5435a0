import { describe, expect, it } from "vitest";
import { armPrices, armPricesText, carriesPriceOffer, withPriceMarker } from "./price-display";

const PRICE = { k: "price", prices: { "gid://shopify/ProductVariant/42": 24, "gid://shopify/ProductVariant/43": 9.5 } };

describe("a price test's storefront pieces", () => {
  it("marks the price elements with the arm first, on every arm of a price test, so a visitor is exposed where the price shows", () => {
    const buyNow = { op: "hide", sel: ".shopify-payment-button" };
    expect(withPriceMarker([buyNow], "arm-b", true)).toEqual([{ op: "attr", sel: "[data-svc-price]", name: "data-svc-price-arm", value: "arm-b" }, buyNow]);
    expect(withPriceMarker([], "arm-a", true)).toEqual([{ op: "attr", sel: "[data-svc-price]", name: "data-svc-price-arm", value: "arm-a" }]);
    expect(withPriceMarker([buyNow], "arm-b", false)).toEqual([buyNow]);
    // A stored shape this version cannot read stays as it is (refused where served).
    expect(withPriceMarker("nonsense", "arm-b", true)).toBe("nonsense");
  });

  it("tells a price test by any arm's price offer, not by other offers", () => {
    expect(carriesPriceOffer([{ offer: null }, { offer: PRICE }])).toBe(true);
    expect(carriesPriceOffer([{ offer: null }, { offer: { k: "order", percent: 10 } }])).toBe(false);
    expect(carriesPriceOffer([{ offer: { k: "price", prices: { x: -1 } } }])).toBe(false);
  });

  it("gives the arms' prices by the variants' numeric ids, as a theme's {{ variant.id }} prints them", () => {
    expect(armPrices([{ id: "a", offer: null }, { id: "b", offer: PRICE }])).toEqual({ b: { "42": 24, "43": 9.5 } });
    expect(armPrices([{ id: "a", offer: null }, { id: "b", offer: { k: "order", percent: 10 } }])).toBeNull();
    // A percentage arm's values go as their negatives; 0% off is the list price, not written.
    const percent = { k: "price", by: "percent", prices: { "gid://shopify/ProductVariant/42": 15, "gid://shopify/ProductVariant/43": 0 } };
    expect(armPrices([{ id: "b", offer: percent }])).toEqual({ b: { "42": -15 } });
    expect(carriesPriceOffer([{ offer: percent }])).toBe(true);
    // An id that is not a variant's GID names nothing a page can tag.
    expect(armPrices([{ id: "b", offer: { k: "price", prices: { "gid://shopify/Product/42": 1 } } }])).toEqual({ b: {} });
  });

  it("prints them as script-safe JSON", () => {
    const text = armPricesText([{ id: "</script><b>", offer: PRICE }]);
    expect(text).not.toContain("<");
    expect(JSON.parse(text!)).toEqual({ "</script><b>": { "42": 24, "43": 9.5 } });
    expect(armPricesText([{ id: "a", offer: null }])).toBeNull();
  });
});
