import { describe, expect, it } from "vitest";
import type { AudienceRule } from "~/wire/rules/audience";
import { checkSampleVisitor, emptySampleVisitor } from "./audience-check";

const rules: AudienceRule[] = [
  { kind: "device", values: ["mobile"] },
  { kind: "utm", name: "source", values: ["newsletter"] },
  { kind: "cookie", name: "vip", values: [] },
];

describe("checkSampleVisitor", () => {
  it("says which rules a described visitor meets, and matches only when all do", () => {
    const sample = { ...emptySampleVisitor(), device: "mobile" as const, url: "https://shop.example/?utm_source=newsletter", cookies: "vip=1" };
    expect(checkSampleVisitor(rules, sample)).toEqual({ matches: true, rules: [true, true, true] });
    expect(checkSampleVisitor(rules, { ...sample, device: "desktop", cookies: "" })).toEqual({ matches: false, rules: [false, true, false] });
  });

  it("reads the channel from the referrer, and a same-site referrer as direct", () => {
    const social: AudienceRule[] = [{ kind: "channel", values: ["social"] }];
    const direct: AudienceRule[] = [{ kind: "channel", values: ["direct"] }];
    const page = { ...emptySampleVisitor(), url: "https://shop.example/products/mug" };
    expect(checkSampleVisitor(social, { ...page, referrer: "https://t.co/abc" }).matches).toBe(true);
    expect(checkSampleVisitor(direct, { ...page, referrer: "https://shop.example/" }).matches).toBe(true);
  });

  it("reads new or returning, the country and the Shopify facts", () => {
    const sample = { ...emptySampleVisitor(), visitor: "returning" as const, country: "de", market: "europe", language: "de-DE", currency: "eur", customer: "logged-in" as const };
    const all: AudienceRule[] = [
      { kind: "visitor", values: ["returning"] },
      { kind: "country", values: ["DE"] },
      { kind: "market", values: ["europe"] },
      { kind: "language", values: ["de"] },
      { kind: "currency", values: ["EUR"] },
      { kind: "customer", values: ["logged-in"] },
      { kind: "query", name: "promo", values: ["x"] },
    ];
    expect(checkSampleVisitor(all, { ...sample, url: "/?promo=x" }).rules).toEqual([true, true, true, true, true, true, true]);
    expect(checkSampleVisitor(all, { ...emptySampleVisitor(), url: "not a url at all ::" }).rules).toEqual([false, false, false, false, false, false, false]);
  });

  it("matches everyone without rules", () => {
    expect(checkSampleVisitor([], emptySampleVisitor())).toEqual({ matches: true, rules: [] });
  });
});
