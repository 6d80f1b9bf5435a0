import { describe, expect, it } from "vitest";
import { priceOfferProblem } from "./price-check";

const V = (n: number) => `gid://shopify/ProductVariant/${n}`;
const current = [
  { id: V(1), productId: "gid://shopify/Product/10", price: 30, compareAtPrice: null },
  { id: V(2), productId: "gid://shopify/Product/10", price: 20, compareAtPrice: 25 },
];

describe("a price arm against the shop's list prices", () => {
  it("accepts prices at or below each variant's price in Shopify", () => {
    expect(priceOfferProblem({ [V(1)]: 24, [V(2)]: 20 }, current)).toBeNull();
  });

  it("checks a percentage arm's variants only: any percentage is at or below the list price", () => {
    const current = [{ id: "gid://shopify/ProductVariant/1", productId: "P", price: 20, compareAtPrice: null }];
    expect(priceOfferProblem({ "gid://shopify/ProductVariant/1": 50 }, current, "percent")).toBeNull();
    expect(priceOfferProblem({ "gid://shopify/ProductVariant/1": 50 }, current)).toMatch(/Above the variant's price/);
    expect(priceOfferProblem({ "gid://shopify/ProductVariant/9": 50 }, current, "percent")).toMatch(/Not a variant of this shop: 9/);
  });

  it("names a price above the list price, which checkout would charge instead", () => {
    expect(priceOfferProblem({ [V(1)]: 24, [V(2)]: 20.01 }, current)).toBe(
      "Above the variant's price in Shopify, the list price, which checkout would charge instead (2: 20.01 is above 20). Lower this arm's price, or raise the variant's price in Shopify first.",
    );
  });

  it("names a variant the shop does not have first (a typo would leave the arm at the list price), the first three and how many more", () => {
    expect(priceOfferProblem({ [V(9)]: 5, [V(1)]: 99 }, current)).toBe("Not a variant of this shop: 9. Correct the id, or choose the products again.");
    const many = Object.fromEntries([11, 12, 13, 14, 15].map((n) => [V(n), 1]));
    expect(priceOfferProblem(many, current)).toMatch(/^Not a variant of this shop: 11, 12, 13 and 2 more\./);
  });
});
