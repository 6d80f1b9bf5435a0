import { describe, expect, it } from "vitest";
import { currencyDecimals, planPriceWrite, readVariantPrices, unitPricesOf, variantBatches } from "./price-write";

const v = (n: number) => `gid://shopify/ProductVariant/${n}`;

describe("writing winning prices", () => {
  it("groups the changed variants by product, and counts those unchanged, gone and compared at a higher price", () => {
    const plan = planPriceWrite({ [v(1)]: 24, [v(2)]: 26.5, [v(3)]: 12, [v(4)]: 5, [v(5)]: 9.99 }, [
      { id: v(1), productId: "p1", price: 30, compareAtPrice: null },
      { id: v(2), productId: "p1", price: 30, compareAtPrice: 35 },
      { id: v(3), productId: "p2", price: 12.0, compareAtPrice: 12 },
      { id: v(5), productId: "p3", price: 10, compareAtPrice: null },
    ]);
    expect(plan).toEqual({
      writes: [
        { productId: "p1", variants: [{ id: v(1), price: "24" }, { id: v(2), price: "26.5" }] },
        { productId: "p3", variants: [{ id: v(5), price: "9.99" }] },
      ],
      unchanged: [v(3)],
      missing: [v(4)],
      comparedAt: [v(2)],
    });
  });

  it("reads the variants Shopify knows, in the order asked, and refuses an answer of another shape", () => {
    const asked = [v(1), v(2)];
    const data = { nodes: [{ id: v(1), price: "30.00", compareAtPrice: null, product: { id: "p1" } }, null] };
    expect(readVariantPrices(data, asked)).toEqual([{ id: v(1), productId: "p1", price: 30, compareAtPrice: null }]);
    // A node for another id than the one asked at its place is not taken as that variant.
    expect(readVariantPrices({ nodes: [{ id: v(2), price: "1", product: { id: "p" } }, null] }, asked)).toEqual([]);
    expect(readVariantPrices({ nodes: [null] }, asked)).toBeNull();
    expect(readVariantPrices({ nodes: [{ id: v(1), price: "-3", product: { id: "p1" } }, null] }, asked)).toBeNull();
    expect(readVariantPrices(null, asked)).toBeNull();
  });

  it("asks at most 250 variants a query", () => {
    const prices = Object.fromEntries(Array.from({ length: 501 }, (_, i) => [v(i), 1]));
    expect(variantBatches(prices).map((b) => b.length)).toEqual([250, 250, 1]);
  });
});

describe("a percentage arm's prices to write", () => {
  const variant = (id: string, price: number) => ({ id, productId: "P", price, compareAtPrice: null });

  it("takes the percentage off each variant's list price now, rounded to the currency's smallest unit", () => {
    const offer = { by: "percent" as const, prices: { a: 15, b: 33, gone: 10 } };
    expect(unitPricesOf(offer, [variant("a", 29.99), variant("b", 10)], "USD")).toEqual({ a: 25.49, b: 6.7 });
    expect(unitPricesOf(offer, [variant("a", 1999), variant("b", 1000)], "JPY")).toEqual({ a: 1699, b: 670 });
    expect(unitPricesOf({ by: "percent", prices: { a: 15 } }, [variant("a", 10)], "KWD")).toEqual({ a: 8.5 });
    // Unit prices are what they are.
    expect(unitPricesOf({ prices: { a: 24 } }, [variant("a", 30)], "USD")).toEqual({ a: 24 });
    expect([currencyDecimals("JPY"), currencyDecimals("USD"), currencyDecimals("KWD"), currencyDecimals("nope")]).toEqual([0, 2, 3, 2]);
  });
});
