import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { consentRequired, DEFAULT_CONSENT_COUNTRIES, normalizeCountry } from "./region";

describe("DEFAULT_CONSENT_COUNTRIES", () => {
  it("is the EU 27, the rest of the EEA, GB and CH: 32 distinct upper-case codes", () => {
    expect(DEFAULT_CONSENT_COUNTRIES).toHaveLength(32);
    expect(new Set(DEFAULT_CONSENT_COUNTRIES).size).toBe(32);
    for (const c of DEFAULT_CONSENT_COUNTRIES) expect(c).toMatch(/^[A-Z]{2}$/);
    for (const c of ["DE", "FR", "GR", "HR", "IS", "LI", "NO", "GB", "CH"]) expect(DEFAULT_CONSENT_COUNTRIES).toContain(c);
    for (const c of ["EL", "UK", "US", "TR", "RS"]) expect(DEFAULT_CONSENT_COUNTRIES).not.toContain(c);
  });

  it("cannot be changed at run time", () => {
    expect(() => (DEFAULT_CONSENT_COUNTRIES as string[]).push("US")).toThrow();
  });
});

describe("normalizeCountry", () => {
  it.each([
    ["de", "DE"],
    ["De", "DE"],
    [" gb ", "GB"],
    ["US", "US"],
    ["XK", "XK"],
  ])("%j → %j", (input, expected) => {
    expect(normalizeCountry(input)).toBe(expected);
  });

  it.each([null, undefined, "", "X", "DEU", "T1", "A1", "O1", "XX", "xx", "ZZ", "EU", "AP", "D3", "É1", "ÅÅ", "D E", "\u0130S"])(
    "%j → null",
    (input) => {
      expect(normalizeCountry(input)).toBeNull();
    },
  );
});

describe("consentRequired", () => {
  it("uses the default list when the site has none", () => {
    expect(consentRequired("FR", [])).toBe(true);
    expect(consentRequired("ch", [])).toBe(true);
    expect(consentRequired("US", [])).toBe(false);
    expect(consentRequired("JP", [])).toBe(false);
  });

  it("uses the site's own list instead of the default, whatever its case", () => {
    expect(consentRequired("US", ["us", "ca"])).toBe(true);
    expect(consentRequired("ca", ["US", "CA"])).toBe(true);
    expect(consentRequired("FR", ["US"])).toBe(false);
  });

  it("falls back to the default when the site list holds no valid code", () => {
    expect(consentRequired("FR", ["", "XX", "France"])).toBe(true);
    expect(consentRequired("US", ["", "XX", "France"])).toBe(false);
  });

  it.each([null, "", "XX", "T1", "EU", "garbage"])("requires consent for the unknown country %j", (country) => {
    expect(consentRequired(country, [])).toBe(true);
    expect(consentRequired(country, ["US"])).toBe(true);
  });

  it("is case-insensitive on both sides", () => {
    fc.assert(
      fc.property(fc.constantFrom(...DEFAULT_CONSENT_COUNTRIES, "US", "JP", "BR"), fc.boolean(), (code, lower) => {
        const input = lower ? code.toLowerCase() : code;
        return consentRequired(input, []) === DEFAULT_CONSENT_COUNTRIES.includes(code);
      }),
    );
  });
});
