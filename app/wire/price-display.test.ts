import { describe, expect, it } from "vitest";
import { armPriceText, formatMoney } from "./price-display";

describe("formatMoney: Shopify's money formats", () => {
  it.each([
    ["${{amount}}", 123456, "$1,234.56"],
    ["${{amount}}", 2400, "$24.00"],
    ["${{ amount }} USD", 5, "$0.05 USD"],
    ["{{amount_no_decimals}} kr", 123456, "1,235 kr"],
    ["{{amount_with_comma_separator}} €", 123456, "1.234,56 €"],
    ["{{amount_no_decimals_with_comma_separator}} €", 123456, "1.235 €"],
    ["CHF {{amount_with_apostrophe_separator}}", 123456789, "CHF 1'234'567.89"],
    ["{{amount_with_space_separator}} €", 123456, "1 234,56 €"],
    ["{{amount_no_decimals_with_space_separator}} Kč", 123456, "1 235 Kč"],
    ["{{amount_with_period_and_space_separator}} CHF", 123456, "1 234.56 CHF"],
    ["£{{amount}}", 99.6, "£1.00"],
  ])("%s of %d cents is %s", (format, cents, text) => {
    expect(formatMoney(cents, format)).toBe(text);
  });

  it("answers null for a format that names no amount, so the caller leaves the price alone", () => {
    expect(formatMoney(2400, "$")).toBeNull();
    expect(formatMoney(2400, "")).toBeNull();
  });
});

describe("armPriceText: what a price element shows for its arm", () => {
  it("converts a unit price with the shopper's rate, and takes a percentage off the list price the element carries", () => {
    expect(armPriceText(24, null, 1.5, "${{amount}}")).toBe("$36.00");
    // −15: 15% off 30.00 in the shopper's currency (the element's cents), no rate applied again.
    expect(armPriceText(-15, "3000", 1.5, "{{amount_with_comma_separator}} €")).toBe("25,50 €");
    expect(armPriceText(-33.3333, "1000", 1, "${{amount}}")).toBe("$6.67");
    expect(armPriceText(undefined, "3000", 1, "${{amount}}")).toBeNull();
    for (const list of [null, "", "30.00", "-100"]) expect(armPriceText(-15, list, 1, "${{amount}}")).toBeNull();
  });
});
