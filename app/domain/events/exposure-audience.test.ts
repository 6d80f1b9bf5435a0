import { describe, expect, it } from "vitest";
import { audienceAdmits, visitorFacts, type Audience } from "~/wire/rules/audience";
import { seenFacts, seenFactsAdmit } from "./exposure-audience";

const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148";
const DESKTOP = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36";

describe("seenFactsAdmit", () => {
  it("checks device rules on the request's User-Agent", () => {
    const mobileOnly: Audience = [{ kind: "device", values: ["mobile"] }];
    expect(seenFactsAdmit(mobileOnly, seenFacts({ userAgent: IPHONE, country: null }))).toBe(true);
    expect(seenFactsAdmit(mobileOnly, seenFacts({ userAgent: DESKTOP, country: null }))).toBe(false);
    // No User-Agent reads as a desktop, as at assignment.
    expect(seenFactsAdmit(mobileOnly, seenFacts({ userAgent: null, country: null }))).toBe(false);
  });

  it("checks country rules, an unknown country matching none", () => {
    const dach: Audience = [{ kind: "country", values: ["DE", "AT", "CH"] }];
    expect(seenFactsAdmit(dach, seenFacts({ userAgent: DESKTOP, country: "at" }))).toBe(true);
    expect(seenFactsAdmit(dach, seenFacts({ userAgent: DESKTOP, country: "FR" }))).toBe(false);
    expect(seenFactsAdmit(dach, seenFacts({ userAgent: DESKTOP, country: null }))).toBe(false);
  });

  it("leaves the facts the page states to their documented trust", () => {
    const stated: Audience = [
      { kind: "visitor", values: ["new"] }, { kind: "channel", values: ["email"] }, { kind: "utm", name: "source", values: ["x"] },
      { kind: "market", values: ["us"] }, { kind: "language", values: ["en"] }, { kind: "currency", values: ["USD"] },
      { kind: "customer", values: ["guest"] }, { kind: "query", name: "p", values: [] }, { kind: "cookie", name: "c", values: [] },
    ];
    expect(seenFactsAdmit(stated, seenFacts({ userAgent: null, country: null }))).toBe(true);
    expect(seenFactsAdmit([...stated, { kind: "device", values: ["tablet"] }], seenFacts({ userAgent: null, country: null }))).toBe(false);
    expect(seenFactsAdmit(undefined, seenFacts({ userAgent: null, country: null }))).toBe(true);
    expect(seenFactsAdmit([], seenFacts({ userAgent: null, country: null }))).toBe(true);
  });

  it("agrees with assignment on every request assignment admitted", () => {
    const audience: Audience = [{ kind: "device", values: ["mobile", "tablet"] }, { kind: "country", values: ["US"] }];
    for (const userAgent of [IPHONE, DESKTOP, null]) {
      for (const country of ["US", "us", "DE", null]) {
        const assigned = audienceAdmits(audience, visitorFacts({ userAgent, country }));
        expect(seenFactsAdmit(audience, seenFacts({ userAgent, country }))).toBe(assigned);
      }
    }
  });
});
