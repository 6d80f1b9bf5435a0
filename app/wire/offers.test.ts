import { describe, expect, it } from "vitest";
import cases from "./offers.cases.json";
import {
  bxgyUnits, collectionSlot, EMPTY_SHARD, mergeOfferShards, OFFER_METAFIELD_KEYS, OFFER_SHARD_KEYS, offerTitleOf, offerVariables, offerVisitor, parseOffer,
  parseOfferConfig, productsOfferTakes, type BxgyLine, type Offer,
} from "./offers";

describe("an arm's offer as the Discount Function reads it", () => {
  it.each(cases.accepted as Array<[unknown, unknown]>)("accepts %j", (input, offer) => expect(parseOffer(input)).toEqual(offer));
  it.each(cases.refused.map((c) => [c]))("refuses %j", (input) => expect(parseOffer(input)).toBeNull());
  it("refuses amounts that are not finite", () => {
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(parseOffer({ k: "order", amount: bad })).toBeNull();
      expect(parseOffer({ k: "price", prices: { v: bad } })).toBeNull();
    }
  });
});

describe("the visitor id in the cart attribute", () => {
  it.each(cases.visitors.accepted.map((c) => [c]))("reads %j", (vid) => expect(offerVisitor(vid)).toBe(vid));
  it.each(cases.visitors.refused.map((c) => [c]))("refuses %j", (vid) => expect(offerVisitor(vid)).toBeNull());
  it("refuses a missing attribute", () => {
    expect(offerVisitor(null)).toBeNull();
    expect(offerVisitor(undefined)).toBeNull();
  });
});

describe("the configuration", () => {
  const plan = { l: { s: "site-1" }, t: [{ id: "t", p: 100, a: [[2 ** 32, { test: "t", arm: "b", pages: [] }]] }] };
  it("keeps the readable offers of a version it reads, dropping the others one by one", () => {
    const config = parseOfferConfig({ v: 1, title: "Sale", plan, offers: { t: { b: { k: "order", percent: 10 }, c: { k: "order" } }, u: "no" } });
    expect(config).toEqual({ v: 1, title: "Sale", plan, offers: { t: { b: { k: "order", percent: 10 } } } });
  });
  it("reads each test's title, dropping one that is not text", () => {
    const config = parseOfferConfig({ v: 1, title: "Sale", titles: { t: "Launch price", u: 7, w: "" }, plan, offers: {} });
    expect(config?.titles).toEqual({ t: "Launch price" });
    expect(config && offerTitleOf(config, "t")).toBe("Launch price");
    expect(config && offerTitleOf(config, "u")).toBe("Sale");
    // A configuration written before titles per test reads as before.
    expect(parseOfferConfig({ v: 1, title: "Sale", plan, offers: {} })).not.toHaveProperty("titles");
  });
  it.each([
    ["another version", { v: 2, title: "Sale", plan, offers: {} }],
    ["no title", { v: 1, plan, offers: {} }],
    ["a plan without its site", { v: 1, title: "Sale", plan: { l: {}, t: [] }, offers: {} }],
    ["a test without thresholds", { v: 1, title: "Sale", plan: { l: { s: "s" }, t: [{ id: "t", p: 100 }] }, offers: {} }],
    ["an arm entry that is not [threshold, assignment]", { v: 1, title: "Sale", plan: { l: { s: "s" }, t: [{ id: "t", p: 100, a: [["x", {}]] }] }, offers: {} }],
    ["text", "{}"],
  ])("reads nothing from %s", (_, value) => expect(parseOfferConfig(value)).toBeNull());
});

describe("the configuration's shards", () => {
  const plan = { l: { s: "site-1" }, t: [{ id: "t", p: 100, a: [[2 ** 32, { test: "t", arm: "b", pages: [] }]] }] };
  const first = { v: 1, title: "Sale", plan, offers: { t: { b: { k: "price", prices: { v1: 10 } } } } };

  it("adds each further shard's offers to the first's, a price offer's variants to its own", () => {
    const merged = mergeOfferShards([
      first,
      { v: 1, offers: { t: { b: { k: "price", prices: { v2: 11 } }, c: { k: "shipping", percent: 100 } } } },
      { v: 1, offers: { u: { a: { k: "order", percent: 5 } } } },
      JSON.parse(EMPTY_SHARD),
    ]);
    expect(merged).toEqual({
      v: 1, title: "Sale", plan,
      offers: { t: { b: { k: "price", prices: { v1: 10, v2: 11 } }, c: { k: "shipping", percent: 100 } }, u: { a: { k: "order", percent: 5 } } },
    });
  });

  it("keeps the first offer of an arm that is not a price, and skips shards it cannot read", () => {
    const merged = mergeOfferShards([
      { ...first, offers: { t: { c: { k: "order", percent: 5 } } } },
      { v: 1, offers: { t: { c: { k: "order", percent: 50 } } } },
      { v: 2, offers: { t: { d: { k: "order", percent: 9 } } } },
      "text",
      null,
    ]);
    expect(merged?.offers).toEqual({ t: { c: { k: "order", percent: 5 } } });
  });

  it("reads nothing without a first shard it reads", () => {
    expect(mergeOfferShards([null, { v: 1, offers: { t: { b: { k: "order", percent: 5 } } } }])).toBeNull();
    expect(mergeOfferShards([])).toBeNull();
  });

  it("names four metafields, the first the one the Function always read", () => {
    expect(OFFER_SHARD_KEYS).toEqual(["offers", "offers-2", "offers-3", "offers-4"]);
  });
});

describe("buy X get Y: the units it takes its percentage off", () => {
  it.each(cases.bxgyUnits.map((c) => [c.case, c]))("%s", (_, c) => {
    const units = bxgyUnits(c.offer as Extract<Offer, { k: "bxgy" }>, c.lines as BxgyLine[]);
    expect(Object.fromEntries(units)).toEqual(c.units);
  });
});

describe("collections: slots and the lines a products offer takes", () => {
  const line = (product: string | null, collections?: string[]): BxgyLine => ({ id: "l", product, quantity: 1, unitPrice: 5, ...(collections ? { collections } : {}) });

  it("takes a line whose product is listed or in one of the offer's collections; every product when it names neither", () => {
    const offer: Extract<Offer, { k: "products" }> = { k: "products", percent: 10, products: ["P1"], collections: ["C1", "C2"] };
    expect(productsOfferTakes(offer, line("P1"))).toBe(true);
    expect(productsOfferTakes(offer, line("P2", ["C2"]))).toBe(true);
    expect(productsOfferTakes(offer, line("P2", ["C9"]))).toBe(false);
    expect(productsOfferTakes(offer, line("P2"))).toBe(false);
    expect(productsOfferTakes({ k: "products", percent: 10 }, line("P2"))).toBe(true);
    expect(productsOfferTakes({ k: "products", percent: 10 }, line(null))).toBe(false);
    // The Function's and the orders check's own answer of membership is the one used.
    expect(productsOfferTakes(offer, line("P2"), () => true)).toBe(true);
  });

  it("finds an offer's slot whatever the order of its ids, and none for a set the configuration does not hold", () => {
    const config = { cs: [["C1"], ["C2", "C3"]] };
    expect(collectionSlot(config, ["C3", "C2"])).toBe(1);
    expect(collectionSlot(config, ["C2"])).toBe(-1);
    expect(collectionSlot({}, ["C1"])).toBe(-1);
  });

  it("writes every slot's variable, the unused ones empty, after the shards", () => {
    expect(JSON.parse(offerVariables([["C1"]]))).toEqual({ c0: ["C1"], c1: [], c2: [], c3: [], c4: [], c5: [], c6: [], c7: [] });
    expect(OFFER_METAFIELD_KEYS).toEqual([...OFFER_SHARD_KEYS, "offer-collections"]);
  });

  it("reads the configuration's slots, and malformed ones as none", () => {
    const base = { v: 1, title: "t", plan: { l: { s: "s" }, t: [] }, offers: {} };
    expect(parseOfferConfig({ ...base, cs: [["C1"]] })?.cs).toEqual([["C1"]]);
    expect(parseOfferConfig({ ...base, cs: [[1]] })?.cs).toBeUndefined();
    expect(parseOfferConfig({ ...base, cs: "C1" })?.cs).toBeUndefined();
  });
});
