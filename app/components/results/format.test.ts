// The results page's number formatting: readable, fixed-locale text and never a raw float.
import { describe, expect, it } from "vitest";
import {
  comparisonErrorText,
  formatAxisPercent,
  formatCount,
  formatDate,
  formatDay,
  formatInteger,
  formatLift,
  formatMoney,
  formatMs,
  formatPercent,
  formatPValue,
} from "./format";

describe("results formatting", () => {
  it("prints p-values with three significant digits and floors them at < 0.001", () => {
    expect(formatPValue(0.123456)).toBe("0.123");
    expect(formatPValue(0.5)).toBe("0.500");
    expect(formatPValue(1)).toBe("1.00");
    expect(formatPValue(0.0012345)).toBe("0.00123");
    expect(formatPValue(0.001)).toBe("0.00100");
    expect(formatPValue(0.000999)).toBe("< 0.001");
    expect(formatPValue(1e-12)).toBe("< 0.001");
    expect(formatPValue(null)).toBe("—");
    expect(formatPValue(Number.NaN)).toBe("—");
  });

  it("prints rates with one or two decimals and lifts with their sign", () => {
    expect(formatPercent(0.123456)).toBe("12.3%");
    expect(formatPercent(0.031234)).toBe("3.12%");
    expect(formatPercent(0.95, 0)).toBe("95%");
    expect(formatPercent(null)).toBe("—");
    expect(formatLift(0.052)).toBe("+5.2%");
    expect(formatLift(-0.1234)).toBe("-12.3%");
    expect(formatLift(0)).toBe("0.0%");
    expect(formatAxisPercent(0.4)).toBe("40%");
    expect(formatAxisPercent(0.025)).toBe("2.5%");
    expect(formatAxisPercent(-20)).toBe("-2,000%");
  });

  it("prints money in its own currency, even one Intl does not know", () => {
    expect(formatMoney(1234.5, "USD")).toBe("$1,234.50");
    expect(formatMoney(10, "EUR")).toBe("€10.00");
    expect(formatMoney(1000, "JPY")).toBe("¥1,000");
    expect(formatMoney(3, "ZZZ")).toMatch(/3\.00/);
    expect(formatMoney(3, "not a code")).toBe("3.00 not a code");
    expect(formatMoney(null, "USD")).toBe("—");
  });

  it("never prints a negative zero amount: what rounds to nothing is $0.00, a real cent stays negative", () => {
    expect(formatMoney(-0, "USD")).toBe("$0.00");
    expect(formatMoney(-0.001, "USD")).toBe("$0.00");
    expect(formatMoney(-0.0049, "EUR")).toBe("€0.00");
    expect(formatMoney(-0.4, "JPY")).toBe("¥0");
    expect(formatMoney(-0.001, "not a code")).toBe("0.00 not a code");
    expect(formatMoney(-0.005, "USD")).toBe("-$0.01");
    expect(formatMoney(-0.6, "JPY")).toBe("-¥1");
    expect(formatMoney(-12.5, "USD")).toBe("-$12.50");
  });

  it("says one of a thing in the singular, any other count in the plural", () => {
    expect(formatCount(1, "visitor")).toBe("1 visitor");
    expect(formatCount(0, "visitor")).toBe("0 visitors");
    expect(formatCount(2, "day")).toBe("2 days");
    expect(formatCount(12345, "comparison")).toBe("12,345 comparisons");
    expect(formatCount(1, "child", "children")).toBe("1 child");
    expect(formatCount(3, "child", "children")).toBe("3 children");
  });

  it("prints counts, durations and dates the same on server and browser", () => {
    expect(formatInteger(12345)).toBe("12,345");
    expect(formatMs(42.4)).toBe("42 ms");
    expect(formatMs(1530)).toBe("1.5 s");
    expect(formatMs(null)).toBe("—");
    expect(formatDate("2026-03-04T23:30:00Z")).toBe("Mar 4, 2026");
    expect(formatDay("2026-03-04")).toBe("Mar 4");
    expect(formatDay("2026-03-04T00:00:00.000Z")).toBe("Mar 4");
  });

  it("turns the engine's error codes into short sentences", () => {
    expect(comparisonErrorText("no-users")).toMatch(/^Not enough data/);
    expect(comparisonErrorText("zero-variance")).toMatch(/^Not enough data/);
    expect(comparisonErrorText("something-new")).toBe("Not enough data");
  });
});
