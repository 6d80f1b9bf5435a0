import { describe, expect, it } from "vitest";
import cases from "./offers.cases.json";
import { offerVisitor, parseOffer, parseOfferConfig } from "./offers";

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
  it.each([
    ["another version", { v: 2, title: "Sale", plan, offers: {} }],
    ["no title", { v: 1, plan, offers: {} }],
    ["a plan without its site", { v: 1, title: "Sale", plan: { l: {}, t: [] }, offers: {} }],
    ["a test without thresholds", { v: 1, title: "Sale", plan: { l: { s: "s" }, t: [{ id: "t", p: 100 }] }, offers: {} }],
    ["an arm entry that is not [threshold, assignment]", { v: 1, title: "Sale", plan: { l: { s: "s" }, t: [{ id: "t", p: 100, a: [["x", {}]] }] }, offers: {} }],
    ["text", "{}"],
  ])("reads nothing from %s", (_, value) => expect(parseOfferConfig(value)).toBeNull());
});
