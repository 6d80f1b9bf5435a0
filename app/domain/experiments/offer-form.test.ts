import { describe, expect, it } from "vitest";
import { parseOffer } from "~/wire/offers";
import { emptyOffer, MAX_PRICED_VARIANTS, offerToDraft, parseOfferDraft, withPickedCollections, withPickedProducts, withPickedVariants, type OfferDraft } from "./offer-form";

const draft = (over: Partial<OfferDraft>): OfferDraft => ({ ...emptyOffer(), ...over });
const offerOf = (over: Partial<OfferDraft>) => {
  const parsed = parseOfferDraft(draft(over));
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return parsed.offer;
};
const errorsOf = (over: Partial<OfferDraft>) => {
  const parsed = parseOfferDraft(draft(over));
  if (parsed.ok) throw new Error("expected errors");
  return parsed.errors;
};

describe("an arm's offer in the test form", () => {
  it("is the list price when none is chosen, or when the form predates offers", () => {
    expect(offerOf({ kind: "none", value: "50" })).toBeNull();
    expect(parseOfferDraft(undefined)).toEqual({ ok: true, offer: null });
  });

  it("reads each kind into the offer the Function reads", () => {
    expect(offerOf({ kind: "price", prices: "1: 19.99\n gid://shopify/ProductVariant/2=5 \n\n3 7.5" })).toEqual({
      k: "price",
      prices: { "gid://shopify/ProductVariant/1": 19.99, "gid://shopify/ProductVariant/2": 5, "gid://shopify/ProductVariant/3": 7.5 },
    });
    expect(offerOf({ kind: "products", by: "percent", value: "15", products: "7, gid://shopify/Product/8" })).toEqual({
      k: "products", percent: 15, products: ["gid://shopify/Product/7", "gid://shopify/Product/8"],
    });
    expect(offerOf({ kind: "products", by: "amount", value: "4.99" })).toEqual({ k: "products", amount: 4.99 });
    expect(offerOf({ kind: "order", by: "percent", value: "10", minimum: "50" })).toEqual({ k: "order", percent: 10, minimum: 50 });
    expect(offerOf({ kind: "shipping", value: "100", minimum: "" })).toEqual({ k: "shipping", percent: 100 });
    expect(offerOf({ kind: "bxgy", products: "7, 8", buyQuantity: "2", getQuantity: "1", value: "100" })).toEqual({
      k: "bxgy", buy: ["gid://shopify/Product/7", "gid://shopify/Product/8"], x: 2, y: 1, percent: 100,
    });
    expect(offerOf({ kind: "bxgy", products: "7", buyQuantity: "1", getQuantity: "2", getProducts: "9", value: "50" })).toEqual({
      k: "bxgy", buy: ["gid://shopify/Product/7"], x: 1, get: ["gid://shopify/Product/9"], y: 2, percent: 50,
    });
    for (const over of [{ kind: "price", prices: "9: 1" }, { kind: "order", by: "amount", value: "3" }] as const) {
      expect(parseOffer(offerOf(over))).toEqual(offerOf(over));
    }
  });

  it("refuses what a careless or hostile form sends, field by field", () => {
    expect(errorsOf({ kind: "price", prices: "" }).prices).toMatch(/each variant's price/);
    expect(errorsOf({ kind: "price", prices: "1: 5\n1: 6" }).prices).toMatch(/Line 2 names a variant listed before/);
    expect(errorsOf({ kind: "price", prices: "1: -5" }).prices).toMatch(/Line 1/);
    expect(errorsOf({ kind: "price", prices: "gid://shopify/Product/1: 5" }).prices).toMatch(/Line 1/);
    expect(errorsOf({ kind: "price", prices: "1: 1e9" }).prices).toMatch(/Line 1/);
    const many = Array.from({ length: MAX_PRICED_VARIANTS + 1 }, (_, i) => `${i + 1}: 1`).join("\n");
    expect(errorsOf({ kind: "price", prices: many }).prices).toMatch(/800 variants or fewer/);
    expect(errorsOf({ kind: "products", value: "0" }).value).toMatch(/more than 0/);
    expect(errorsOf({ kind: "products", value: "101" }).value).toMatch(/at most 100/);
    expect(errorsOf({ kind: "products", value: "5", products: "shoes" }).products).toMatch(/by their id/);
    expect(errorsOf({ kind: "products", value: "5", products: "1, 1" }).products).toMatch(/twice/);
    expect(errorsOf({ kind: "order", by: "amount", value: "5", minimum: "lots" }).minimum).toMatch(/subtotal/);
    expect(errorsOf({ kind: "shipping", value: "" }).value).toMatch(/100 is free shipping/);
    const bxgy = { kind: "bxgy", products: "7", buyQuantity: "2", getQuantity: "1", value: "100" } as const;
    expect(errorsOf({ ...bxgy, products: "" }).products).toMatch(/products to buy/);
    expect(errorsOf({ ...bxgy, buyQuantity: "0" }).buyQuantity).toMatch(/how many to buy/);
    expect(errorsOf({ ...bxgy, getQuantity: "1.5" }).getQuantity).toMatch(/how many to get/);
    expect(errorsOf({ ...bxgy, getQuantity: "101" }).getQuantity).toMatch(/to 100/);
    expect(errorsOf({ ...bxgy, getProducts: "7" }).getProducts).toMatch(/cannot also be the one got/);
    expect(errorsOf({ ...bxgy, value: "0" }).value).toMatch(/100 is free/);
    expect(parseOfferDraft({ kind: "bogus" })).toEqual({ ok: false, errors: { kind: "Choose what this arm charges" } });
    expect(parseOfferDraft("price").ok).toBe(false);
    expect(parseOfferDraft({ kind: "order", value: 10 }).ok).toBe(false);
  });

  it("reads collections, by id or GID, into product offers and either side of buy X get Y", () => {
    expect(offerOf({ kind: "products", value: "20", collections: "5, gid://shopify/Collection/6" })).toEqual({
      k: "products", percent: 20, collections: ["gid://shopify/Collection/5", "gid://shopify/Collection/6"],
    });
    expect(offerOf({ kind: "products", value: "20", products: "7", collections: "5" })).toEqual({
      k: "products", percent: 20, products: ["gid://shopify/Product/7"], collections: ["gid://shopify/Collection/5"],
    });
    expect(offerOf({ kind: "bxgy", collections: "5", buyQuantity: "2", getQuantity: "1", getCollections: "6", value: "100" })).toEqual({
      k: "bxgy", buy: [], buyCollections: ["gid://shopify/Collection/5"], x: 2, getCollections: ["gid://shopify/Collection/6"], y: 1, percent: 100,
    });
  });

  it("refuses a bad collection id, one named twice, too many, and the same collection on both sides", () => {
    expect(errorsOf({ kind: "products", value: "5", collections: "summer" }).collections).toMatch(/collections by their id/);
    expect(errorsOf({ kind: "products", value: "5", collections: "gid://shopify/Product/5" }).collections).toMatch(/collections by their id/);
    expect(errorsOf({ kind: "products", value: "5", collections: "5, 5" }).collections).toMatch(/twice/);
    const many = Array.from({ length: 26 }, (_, i) => String(i + 1)).join(", ");
    expect(errorsOf({ kind: "products", value: "5", collections: many }).collections).toMatch(/at most 25 collections \(this arm names 26\)/);
    const bxgy = { kind: "bxgy", buyQuantity: "2", getQuantity: "1", value: "100" } as const;
    expect(errorsOf({ ...bxgy }).products).toMatch(/products to buy, or their collections/);
    expect(errorsOf({ ...bxgy, collections: "5", getCollections: "6, 5" }).getCollections).toMatch(/cannot also be the one got from/);
    expect(errorsOf({ ...bxgy, collections: "5", getCollections: "x" }).getCollections).toMatch(/collections by their id/);
  });

  it("reads a percentage off the list price of variants into the price offer that says so, and refuses bad fields", () => {
    expect(offerOf({ kind: "percentPrice", value: "15", variants: "1, gid://shopify/ProductVariant/2\n3" })).toEqual({
      k: "price", by: "percent", prices: { "gid://shopify/ProductVariant/1": 15, "gid://shopify/ProductVariant/2": 15, "gid://shopify/ProductVariant/3": 15 },
    });
    expect(errorsOf({ kind: "percentPrice", value: "100", variants: "1" }).value).toMatch(/under 100/);
    expect(errorsOf({ kind: "percentPrice", value: "15", variants: "" }).variants).toMatch(/Name the variants/);
    expect(errorsOf({ kind: "percentPrice", value: "15", variants: "1, 1" }).variants).toMatch(/twice/);
    expect(errorsOf({ kind: "percentPrice", value: "15", variants: "gid://shopify/Product/1" }).variants).toMatch(/by their id/);
    const many = Array.from({ length: MAX_PRICED_VARIANTS + 1 }, (_, i) => String(i + 1)).join(", ");
    expect(errorsOf({ kind: "percentPrice", value: "15", variants: many }).variants).toMatch(/800 variants or fewer/);
  });

  it("shows a stored offer as the draft that stores it again", () => {
    const drafts: Array<Partial<OfferDraft>> = [
      { kind: "price", prices: "1: 19.99\n2: 5" },
      { kind: "products", by: "amount", value: "2.5", products: "7, 8" },
      { kind: "order", by: "percent", value: "10", minimum: "50" },
      { kind: "shipping", value: "100", minimum: "75" },
      { kind: "bxgy", products: "7", buyQuantity: "3", getQuantity: "1", getProducts: "9, 10", value: "25" },
      { kind: "products", by: "percent", value: "10", products: "7", collections: "5, 6" },
      { kind: "percentPrice", value: "12.5", variants: "1, 2" },
      { kind: "bxgy", collections: "5", buyQuantity: "1", getQuantity: "1", getProducts: "9", getCollections: "6", value: "50" },
    ];
    for (const over of drafts) expect(offerOf(offerToDraft(offerOf(over)))).toEqual(offerOf(over));
    // Something the Function would not read shows as the list price.
    expect(offerToDraft({ k: "order", percent: 500 })).toEqual(emptyOffer());
  });
});

describe("what the admin's collection picker adds to an offer", () => {
  it("adds each picked collection once, after those typed", () => {
    expect(withPickedCollections("5", [{ id: "gid://shopify/Collection/6" }, { id: "gid://shopify/Collection/5" }, { id: "gid://shopify/Product/9" }])).toBe("5, 6");
  });
});

describe("what the admin's product picker adds to an offer", () => {
  const picked = [
    { id: "gid://shopify/Product/7", variants: [{ id: "gid://shopify/ProductVariant/71", price: "24.00" }, { id: "gid://shopify/ProductVariant/72", price: "26.50" }] },
    { id: "gid://shopify/Product/8", variants: [{ id: "gid://shopify/ProductVariant/81", price: "9.00" }] },
  ];

  it("adds each picked variant at its price in Shopify, keeping prices already typed", () => {
    expect(withPickedVariants("71: 19.99", picked)).toBe("71: 19.99\n72: 26.50\n81: 9.00");
    expect(offerOf({ kind: "price", prices: withPickedVariants("", picked) })).toEqual({
      k: "price",
      prices: { "gid://shopify/ProductVariant/71": 24, "gid://shopify/ProductVariant/72": 26.5, "gid://shopify/ProductVariant/81": 9 },
    });
  });

  it("adds each picked product once, after those typed", () => {
    expect(withPickedProducts("8", picked)).toBe("8, 7");
    expect(withPickedProducts("", [{ id: "not a product" }])).toBe("");
  });
});
