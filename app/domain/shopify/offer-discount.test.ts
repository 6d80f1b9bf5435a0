import { describe, expect, it } from "vitest";
import { offerDiscountStep, otherDiscountsWarning } from "./offer-discount";

const wanted = (json: string) => ({ ok: true as const, json, left: [] });

describe("offerDiscountStep", () => {
  it.each([
    ["a first configuration with no discount: create it", wanted("{a}"), null, { kind: "create", json: "{a}" }],
    ["the same configuration as held: nothing", wanted("{a}"), { id: "d1", json: "{a}" }, { kind: "none" }],
    ["a changed configuration: update the held one", wanted("{b}"), { id: "d1", json: "{a}" }, { kind: "update", id: "d1", json: "{b}" }],
    ["a held discount without its value: update it", wanted("{b}"), { id: "d1", json: null }, { kind: "update", id: "d1", json: "{b}" }],
    ["no offer left: delete the held one", { ok: false as const, reason: "no-offers" as const }, { id: "d1", json: "{a}" }, { kind: "delete", id: "d1" }],
    ["a site serving nothing: delete the held one", { ok: false as const, reason: "site-not-served" as const }, { id: "d1", json: "{a}" }, { kind: "delete", id: "d1" }],
    ["no offer and no discount: nothing", { ok: false as const, reason: "no-offers" as const }, null, { kind: "none" }],
  ])("%s", (_, outcome, held, step) => {
    expect(offerDiscountStep(outcome, held)).toEqual(step);
  });

  it("refuses a configuration past the metafield's limit and leaves the held discount alone", () => {
    const step = offerDiscountStep({ ok: false, reason: "too-large", bytes: 12_345 }, { id: "d1", json: "{a}" });
    expect(step).toEqual({ kind: "refuse", why: expect.stringContaining("12345 bytes") as string });
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
