import { describe, expect, it } from "vitest";
import { priorConversions, profitMomentIncrement, totalCurrency, visitorTotalTally } from "./visitor-totals";

describe("a visitor's running totals", () => {
  it("keep a conversion without a value under no currency, one with a value under its own", () => {
    expect(totalCurrency(null, "EUR")).toBe("");
    expect(totalCurrency(0, "EUR")).toBe("EUR");
  });

  it("start the next conversion from every currency's count, and from its own currency's revenue and profit", () => {
    const rows = [
      { currency: "", conversions: 2, revenue: 0 },
      { currency: "EUR", conversions: 1, revenue: 30, profit: 12 },
      { currency: "USD", conversions: 4, revenue: 100, profit: 40 },
    ];
    // Conversions without a value count in the site's currency, as their rollup row does.
    expect(priorConversions(rows, "EUR", "EUR")).toEqual({ conversions: 7, currencyConversions: 3, revenue: 30, profit: 12 });
    expect(priorConversions(rows, "USD", "EUR")).toEqual({ conversions: 7, currencyConversions: 4, revenue: 100, profit: 40 });
    expect(priorConversions([], "EUR", "EUR")).toEqual({ conversions: 0, currencyConversions: 0, revenue: 0, profit: 0 });
  });

  it("move profit per visitor's squares and cubes from the visitor's running profit: an order, then a refund", () => {
    // $18 of profit, then $12 more: 18² + (30² − 18²) = 30², as one visitor of $30 of profit.
    expect(profitMomentIncrement(0, 18)).toEqual({ profitSquares: 324, profitCubes: 5832 });
    expect(profitMomentIncrement(18, 12)).toEqual({ profitSquares: 900 - 324, profitCubes: 27000 - 5832 });
    // A refund of $40 takes them to −$10 of profit: squared 100, cubed −1,000.
    expect(profitMomentIncrement(30, -40)).toEqual({ profitSquares: 100 - 900, profitCubes: -1000 - 27000 });
    expect(profitMomentIncrement(30, 0)).toEqual({ profitSquares: 0, profitCubes: 0 });
  });

  it("sum increments per key and list them in key order", () => {
    const tally = visitorTotalTally();
    const key = { siteId: "s", testId: "t", goal: "buy", currency: "EUR" };
    tally.add({ ...key, visitorId: "v2", conversions: 1, revenue: 5 });
    tally.add({ ...key, visitorId: "v1", conversions: 1, revenue: 10 });
    tally.add({ ...key, visitorId: "v2", conversions: 1, revenue: 7.5 });
    expect(tally.rows()).toEqual([
      { ...key, visitorId: "v1", conversions: 1, revenue: 10 },
      { ...key, visitorId: "v2", conversions: 2, revenue: 12.5 },
    ]);
  });
});
