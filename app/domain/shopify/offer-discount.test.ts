import { describe, expect, it } from "vitest";
import { EMPTY_SHARD, EMPTY_VARIABLES, offerVariables } from "~/wire/offers";
import { offerDiscountStep, otherDiscountsWarning } from "./offer-discount";

const wanted = (...shards: string[]) => ({ ok: true as const, shards, variables: EMPTY_VARIABLES, left: [] });
const E = EMPTY_SHARD;
const V = EMPTY_VARIABLES;
const SLOTTED = offerVariables([["gid://shopify/Collection/1"]]);
const held = (...shards: Array<string | null>) => ({ id: "d1", shards });

describe("offerDiscountStep", () => {
  it.each([
    ["a first configuration with no discount: create it, every shard written", wanted("{a}"), null, { kind: "create", shards: ["{a}", E, E, E, V] }],
    ["the same configuration as held: nothing", wanted("{a}"), held("{a}", E, E, E, V), { kind: "none" }],
    ["a discount written before shards, the same configuration: nothing", wanted("{a}"), held("{a}", null, null, null, V), { kind: "none" }],
    ["a changed configuration: update the held one", wanted("{b}"), held("{a}", E, E, E), { kind: "update", id: "d1", shards: ["{b}", E, E, E, V] }],
    ["a configuration grown to two shards", wanted("{a}", "{a2}"), held("{a}", E, E, E), { kind: "update", id: "d1", shards: ["{a}", "{a2}", E, E, V] }],
    ["a configuration shrunk to one: the second emptied", wanted("{a}"), held("{a}", "{a2}", E, E), { kind: "update", id: "d1", shards: ["{a}", E, E, E, V] }],
    ["a held discount without its value: update it", wanted("{b}"), held(null, null, null, null), { kind: "update", id: "d1", shards: ["{b}", E, E, E, V] }],
    // Its query's slots would otherwise be null, which inAnyCollection does not take.
    ["a discount written before collections: the variables written", wanted("{a}"), held("{a}", E, E, E, null), { kind: "update", id: "d1", shards: ["{a}", E, E, E, V] }],
    [
      "collections given a slot: the variables written beside the same shards",
      { ...wanted("{a}"), variables: SLOTTED }, held("{a}", E, E, E, V), { kind: "update", id: "d1", shards: ["{a}", E, E, E, SLOTTED] },
    ],
    ["no offer left: delete the held one", { ok: false as const, reason: "no-offers" as const }, held("{a}"), { kind: "delete", id: "d1" }],
    ["a site serving nothing: delete the held one", { ok: false as const, reason: "site-not-served" as const }, held("{a}"), { kind: "delete", id: "d1" }],
    ["no offer and no discount: nothing", { ok: false as const, reason: "no-offers" as const }, null, { kind: "none" }],
  ])("%s", (_, outcome, current, step) => {
    expect(offerDiscountStep(outcome, current)).toEqual(step);
  });

  it("refuses a configuration past what the shards hold and leaves the held discount alone", () => {
    const step = offerDiscountStep({ ok: false, reason: "too-large", bytes: 52_345 }, held("{a}"));
    expect(step).toEqual({ kind: "refuse", why: expect.stringContaining("52345 bytes, past what the discount's 4 metafields") as string });
  });

  it("refuses offers naming more collection sets than the Function's slots, and leaves the held discount alone", () => {
    const step = offerDiscountStep({ ok: false, reason: "too-many-collection-sets", sets: 9 }, held("{a}"));
    expect(step).toEqual({ kind: "refuse", why: expect.stringContaining("9 different collection sets, past the Function's 8 slots") as string });
  });
});

describe("otherDiscountsWarning", () => {
  const OWN = "gid://shopify/DiscountAutomaticNode/1";
  const discount = (id: number, title: string, app: string | null = null) => ({ id: `gid://shopify/DiscountAutomaticNode/${id}`, title, app });

  it("says nothing when svc's is the only active automatic discount, or there is none", () => {
    expect(otherDiscountsWarning([discount(1, "Special price", "svc")], OWN)).toBeNull();
    expect(otherDiscountsWarning([], null)).toBeNull();
  });

  it("names the others, with the app that made each, and what they do to the arms' prices", () => {
    const text = otherDiscountsWarning([discount(1, "Special price", "svc"), discount(2, "Summer sale"), discount(3, "Bundle deal", "Bundler")], OWN);
    expect(text).toMatch(/^2 other automatic discounts are active on this store: "Summer sale", "Bundle deal" \(Bundler\)\. /);
    expect(text).toContain("Shopify applies it instead");
    expect(otherDiscountsWarning([discount(2, "Summer sale")], OWN)).toMatch(/^Another automatic discount is active on this store: "Summer sale"\./);
  });

  it("names at most five", () => {
    const many = Array.from({ length: 8 }, (_, i) => discount(i + 2, `D${i}`));
    expect(otherDiscountsWarning(many, OWN)).toContain(`"D4" and 3 more.`);
  });
});
