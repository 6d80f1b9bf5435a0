import { describe, expect, it } from "vitest";
import { offerInWords } from "./offer-words";

describe("an arm's offer in words", () => {
  it("says what each kind charges, in the shop's currency", () => {
    expect(offerInWords(null, "USD")).toBe("List price");
    expect(offerInWords({ k: "price", prices: { a: 19.99 } }, "USD")).toBe("$19.99 for 1 variant");
    expect(offerInWords({ k: "price", prices: { a: 19.99, b: 24 } }, "USD")).toBe("$19.99–$24.00 for 2 variants");
    expect(offerInWords({ k: "products", percent: 15, products: ["p1", "p2"] }, "USD")).toBe("15% off 2 products");
    expect(offerInWords({ k: "products", amount: 5 }, "EUR")).toBe("€5.00 off every product");
    expect(offerInWords({ k: "price", by: "percent", prices: { a: 15, b: 15 } }, "USD")).toBe("15% off the list price of 2 variants");
    expect(offerInWords({ k: "products", percent: 20, collections: ["c1"] }, "USD")).toBe("20% off 1 collection");
    expect(offerInWords({ k: "products", percent: 20, products: ["p1"], collections: ["c1", "c2"] }, "USD")).toBe("20% off 1 product and 2 collections");
    expect(offerInWords({ k: "bxgy", buy: [], buyCollections: ["c1"], x: 2, getCollections: ["c2"], y: 1, percent: 100 }, "USD")).toBe("Buy 2, get 1 of 1 other collection free");
    expect(offerInWords({ k: "order", percent: 10, minimum: 50 }, "USD")).toBe("10% off orders from $50.00");
    expect(offerInWords({ k: "shipping", percent: 100, minimum: 75 }, "USD")).toBe("Free shipping from $75.00");
    expect(offerInWords({ k: "shipping", percent: 50 }, "USD")).toBe("50% off shipping");
  });
});
