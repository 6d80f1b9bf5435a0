import { describe, expect, it } from "vitest";
import { collectionSlot, mergeOfferShards, OFFER_COLLECTION_SLOTS, OFFER_CONFIG_MAX_BYTES, OFFER_SHARD_KEYS, type Offer } from "~/wire/offers";
import { localAssignments } from "~/wire/rules/local-plan";
import { patchesFor } from "../experiments/patches-response";
import type { ArmConfig, RunningTest, SiteConfig } from "../sites/site-config";
import { shopifySite } from "./shopify-site.fixture";
import { collectionSlots, offerConfig, type ArmOffers } from "./offer-config";

const arm = (id: string, weight = 1): ArmConfig => ({ id, key: id, weight, patches: [], redirectUrl: null });
const running = (id: string, over: Partial<RunningTest> = {}): RunningTest => ({
  id,
  pages: ["/products/*"],
  trafficPercent: 100,
  arms: [arm(`${id}-a`), arm(`${id}-b`)],
  goals: [{ label: "purchase", kind: "purchase", selector: null, urlPattern: null }],
  ...over,
});
const price = (amount: number): Offer => ({ k: "price", prices: { "gid://shopify/ProductVariant/1": amount } });

/** Every shape the storefront's rule has: a partial traffic share with uneven weights, a group of two, an audience, a served winner, the holdout. */
const site: SiteConfig = shopifySite({
  tests: [
    running("partial", { trafficPercent: 37.5, arms: [arm("p-a", 1), arm("p-b", 2), arm("p-c", 3)] }),
    running("g1", { group: { id: "grp", start: 0, share: 40 } }),
    running("g2", { group: { id: "grp", start: 40, share: 35 }, trafficPercent: 80 }),
    running("page-only"),
    running("promo", { audience: [{ kind: "query", name: "promo", values: ["spring"] }] }),
  ],
  served: [{ id: "won", pages: ["/"], arm: arm("won-b") }],
  holdout: { runId: "holdout-run-1", percent: 10, since: new Date("2026-11-01") },
});
const OFFERS: ArmOffers = {
  partial: { "p-b": price(30), "p-c": { k: "products", percent: 10 } },
  g1: { "g1-b": { k: "order", amount: 5, minimum: 50 } },
  g2: { "g2-a": { k: "shipping", percent: 100, minimum: 75 } },
  promo: { "promo-b": price(20) },
  won: { "won-b": price(35) },
};

describe("the Discount Function's configuration", () => {
  it("gives every visitor at checkout the offers of the arms GET /api/patches shows them (10,000 visitors)", () => {
    const built = offerConfig(site, OFFERS, "Spring");
    if (!built.ok) throw new Error(built.reason);
    const config = mergeOfferShards(built.shards.map((text) => JSON.parse(text) as unknown))!;
    expect(config).not.toBeNull();
    const seen = new Set<string>();
    for (let i = 0; i < 10_000; i++) {
      const vid = `v${i.toString(36)}x${(i * 2654435761) % 2 ** 32}`;
      const atCheckout = localAssignments(config.plan, vid).flatMap((a) => (config.offers[a.test]?.[a.arm] ? [`${a.test}/${a.arm}`] : []));
      // What the page shows: the server's answer (no request facts: an audience test is shown to no one here).
      const shown = patchesFor(site, vid).tests.flatMap((a) => (OFFERS[a.test]?.[a.arm] ? [`${a.test}/${a.arm}`] : []));
      expect(atCheckout, vid).toEqual(shown);
      for (const key of atCheckout) seen.add(key);
    }
    // Every offer was met by some visitor: the comparison covered each of them.
    expect([...seen].sort()).toEqual(["g1/g1-b", "g2/g2-a", "partial/p-b", "partial/p-c", "won/won-b"]);
  });

  it("gives each distinct collection set one slot, shared by arms naming it in any order, and writes its ids as the slot's variable", () => {
    const C = (n: number) => `gid://shopify/Collection/${n}`;
    const offers: ArmOffers = {
      partial: { "p-b": { k: "products", percent: 10, collections: [C(2), C(1)] }, "p-c": { k: "bxgy", buy: [], buyCollections: [C(1), C(2)], x: 2, getCollections: [C(3)], y: 1, percent: 100 } },
      g1: { "g1-b": { k: "products", amount: 2, collections: [C(4)] } },
    };
    const built = offerConfig(site, offers, "Spring");
    if (!built.ok) throw new Error(built.reason);
    const config = mergeOfferShards(built.shards.map((text) => JSON.parse(text) as unknown))!;
    expect(config.cs).toEqual([[C(1), C(2)], [C(3)], [C(4)]]);
    expect(collectionSlot(config, [C(2), C(1)])).toBe(0);
    const variables = JSON.parse(built.variables) as Record<string, string[]>;
    expect(Object.keys(variables)).toHaveLength(OFFER_COLLECTION_SLOTS);
    expect([variables.c0, variables.c1, variables.c2, variables.c3]).toEqual([[C(1), C(2)], [C(3)], [C(4)], []]);
    // Without collections, every slot is written empty and the configuration names none.
    const plain = offerConfig(site, OFFERS, "Spring");
    if (!plain.ok) throw new Error(plain.reason);
    expect(JSON.parse(plain.shards[0]!)).not.toHaveProperty("cs");
    expect(Object.values(JSON.parse(plain.variables) as Record<string, string[]>).flat()).toEqual([]);
  });

  it("refuses more collection sets than the Function's slots", () => {
    const offers: ArmOffers = Object.fromEntries(
      Array.from({ length: OFFER_COLLECTION_SLOTS + 1 }, (_, i) => [`t${i}`, { [`t${i}-b`]: { k: "products", percent: 10, collections: [`gid://shopify/Collection/${i}`] } as Offer }]),
    );
    expect(collectionSlots(offers)).toHaveLength(OFFER_COLLECTION_SLOTS + 1);
    const many = shopifySite({ tests: Object.keys(offers).map((id) => running(id)) });
    expect(offerConfig(many, offers, "Spring")).toEqual({ ok: false, reason: "too-many-collection-sets", sets: OFFER_COLLECTION_SLOTS + 1 });
    delete offers.t0;
    expect(offerConfig(many, offers, "Spring").ok).toBe(true);
  });

  it("leaves out a test whose audience only the page can check, and says why", () => {
    const built = offerConfig(site, OFFERS, "Spring");
    expect(built).toMatchObject({ ok: true, left: [{ testId: "promo", why: expect.stringContaining("audience") }] });
    if (built.ok) expect(JSON.parse(built.shards[0]!).offers.promo).toBeUndefined();
  });

  it("has nothing to say for a site that serves nothing by itself, or without offers", () => {
    expect(offerConfig({ ...site, status: "paused" }, OFFERS, "x")).toEqual({ ok: false, reason: "site-not-served" });
    expect(offerConfig({ ...site, kind: "web" }, OFFERS, "x")).toEqual({ ok: false, reason: "site-not-served" });
    expect(offerConfig({ ...site, excludeStaff: true }, OFFERS, "x")).toEqual({ ok: false, reason: "site-not-served" });
    expect(offerConfig(site, {}, "x")).toEqual({ ok: false, reason: "no-offers" });
    expect(offerConfig(site, { "page-only": {} }, "x")).toEqual({ ok: false, reason: "no-offers" });
  });

  it("continues a configuration past one metafield's 10,000 bytes in further shards, each within them, that read back whole", () => {
    const prices = Object.fromEntries(Array.from({ length: 600 }, (_, i) => [`gid://shopify/ProductVariant/${1000 + i}`, 19.99]));
    const offers: ArmOffers = { ...OFFERS, partial: { ...OFFERS.partial, "p-b": { k: "price", prices } } };
    const built = offerConfig(site, offers, "Spring");
    if (!built.ok) throw new Error(built.reason);
    expect(built.shards.length).toBeGreaterThan(1);
    expect(built.shards.length).toBeLessThanOrEqual(OFFER_SHARD_KEYS.length);
    for (const text of built.shards) expect(new TextEncoder().encode(text).length).toBeLessThanOrEqual(OFFER_CONFIG_MAX_BYTES);
    const whole = mergeOfferShards(built.shards.map((text) => JSON.parse(text) as unknown));
    const single = offerConfig(site, OFFERS, "Spring");
    if (!single.ok) throw new Error(single.reason);
    expect(whole).toEqual({ ...JSON.parse(single.shards[0]!), offers: { ...JSON.parse(single.shards[0]!).offers, partial: { ...OFFERS.partial, "p-b": { k: "price", prices } } } });
  });

  it("keeps a percentage arm a percentage in every shard it spans, read back whole", () => {
    const prices = Object.fromEntries(Array.from({ length: 600 }, (_, i) => [`gid://shopify/ProductVariant/${1000 + i}`, 15]));
    const built = offerConfig(site, { partial: { "p-b": { k: "price", by: "percent", prices } } }, "Spring");
    if (!built.ok) throw new Error(built.reason);
    expect(built.shards.length).toBeGreaterThan(1);
    for (const text of built.shards.slice(1)) for (const arms of Object.values((JSON.parse(text) as { offers: Record<string, Record<string, { by?: string }>> }).offers)) {
      for (const offer of Object.values(arms)) expect(offer.by).toBe("percent");
    }
    expect(mergeOfferShards(built.shards.map((text) => JSON.parse(text) as unknown))?.offers.partial).toEqual({ "p-b": { k: "price", by: "percent", prices } });
  });

  it("carries each included test's own title, not the default's nor a left-out test's", () => {
    const built = offerConfig(site, OFFERS, "Special price", { partial: "Launch price", g1: "Special price", promo: "Promo price", "page-only": "Unused" });
    if (!built.ok) throw new Error(built.reason);
    const config = mergeOfferShards(built.shards.map((text) => JSON.parse(text) as unknown));
    // g1's equals the default and travels as it; promo is left out (its audience); page-only carries no offer.
    expect(config?.titles).toEqual({ partial: "Launch price" });
    // Without any title of its own, the configuration is what it was before titles per test.
    const plain = offerConfig(site, OFFERS, "Special price");
    expect(plain.ok && JSON.parse(plain.shards[0]!)).not.toHaveProperty("titles");
  });

  it("counts the titles in the first shard's bytes: long multi-byte titles and 600 prices stay within each metafield", () => {
    const prices = Object.fromEntries(Array.from({ length: 600 }, (_, i) => [`gid://shopify/ProductVariant/${1000 + i}`, 19.99]));
    const offers: ArmOffers = { ...OFFERS, partial: { ...OFFERS.partial, "p-b": { k: "price", prices } } };
    // 60 characters of 4 bytes each: the longest title the form takes, in the widest characters.
    const title = "🏺".repeat(60);
    const titles = { partial: title, g1: title, g2: title, won: title };
    const built = offerConfig(site, offers, "Special price", titles);
    if (!built.ok) throw new Error(built.reason);
    for (const text of built.shards) expect(new TextEncoder().encode(text).length).toBeLessThanOrEqual(OFFER_CONFIG_MAX_BYTES);
    const whole = mergeOfferShards(built.shards.map((text) => JSON.parse(text) as unknown));
    expect(whole?.titles).toEqual(titles);
    expect(whole?.offers.partial?.["p-b"]).toEqual({ k: "price", prices });
    // The same prices without the titles need fewer bytes in the first shard: the titles were counted there.
    const untitled = offerConfig(site, offers, "Special price");
    if (!untitled.ok) throw new Error(untitled.reason);
    const priced = (text: string) => Object.keys((JSON.parse(text) as { offers: { partial?: { "p-b"?: { prices: object } } } }).offers.partial?.["p-b"]?.prices ?? {}).length;
    expect(priced(built.shards[0]!)).toBeLessThan(priced(untitled.shards[0]!));
  });

  it("refuses a configuration past what the shards hold, and says how large it was", () => {
    const prices = Object.fromEntries(Array.from({ length: 2_000 }, (_, i) => [`gid://shopify/ProductVariant/${1000 + i}`, 19.99]));
    const built = offerConfig(site, { partial: { "p-b": { k: "price", prices } } }, "Spring");
    expect(built).toMatchObject({ ok: false, reason: "too-large" });
    if (!built.ok && built.reason === "too-large") expect(built.bytes).toBeGreaterThan(OFFER_SHARD_KEYS.length * OFFER_CONFIG_MAX_BYTES);
  });
});
