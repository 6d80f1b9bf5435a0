import { describe, expect, it } from "vitest";
import { isCurrencyCode, ISO_4217_CODES } from "./currencies";

describe("ISO 4217 codes", () => {
  it("holds the active codes, upper case", () => {
    expect(ISO_4217_CODES.size).toBe(175);
    for (const code of ISO_4217_CODES) expect(code).toMatch(/^[A-Z]{3}$/);
    for (const code of ["USD", "EUR", "JPY", "GBP", "CHF", "CNY", "SVC", "XOF", "XCG", "ZWG", "VED", "SLE"]) expect(isCurrencyCode(code)).toBe(true);
  });

  it("knows every code Node's ICU calls current tender, except the ones withdrawn since", () => {
    const withdrawn = new Set(["ANG", "BGN", "CUC", "HRK", "SLL", "ZWL"]);
    const icu = Intl.supportedValuesOf("currency").filter((c) => !withdrawn.has(c));
    expect(icu.filter((c) => !isCurrencyCode(c))).toEqual([]);
  });

  it.each(["usd", "Usd", "XXX", "XTS", "HRK", "DEM", "US", "USDT", "", " USD"])("refuses %j", (code) => {
    expect(isCurrencyCode(code)).toBe(false);
  });
});
