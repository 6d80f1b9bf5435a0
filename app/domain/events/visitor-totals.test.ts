import { describe, expect, it } from "vitest";
import { priorConversions, totalCurrency, visitorTotalTally } from "./visitor-totals";

describe("a visitor's running totals", () => {
  it("keep a conversion without a value under no currency, one with a value under its own", () => {
    expect(totalCurrency(null, "EUR")).toBe("");
    expect(totalCurrency(0, "EUR")).toBe("EUR");
  });

  it("start the next conversion from every currency's count, and from its own currency's revenue", () => {
    const rows = [
      { currency: "", conversions: 2, revenue: 0 },
      { currency: "EUR", conversions: 1, revenue: 30 },
      { currency: "USD", conversions: 4, revenue: 100 },
    ];
    // Conversions without a value count in the site's currency, as their rollup row does.
    expect(priorConversions(rows, "EUR", "EUR")).toEqual({ conversions: 7, currencyConversions: 3, revenue: 30 });
    expect(priorConversions(rows, "USD", "EUR")).toEqual({ conversions: 7, currencyConversions: 4, revenue: 100 });
    expect(priorConversions([], "EUR", "EUR")).toEqual({ conversions: 0, currencyConversions: 0, revenue: 0 });
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
