import { describe, expect, it } from "vitest";
import { capForNewTest, parseRevenueCap, REVENUE_CAP_MIN_VALUES, windowStart } from "./revenue-cap";

describe("capForNewTest", () => {
  it("takes the site's own cap first", () => {
    expect(capForNewTest(250, { count: 1000, p99: 480 })).toEqual({ amount: 250, source: "setting" });
  });

  it("takes the recent 99th percentile, to the cent, when there are enough values", () => {
    expect(capForNewTest(null, { count: REVENUE_CAP_MIN_VALUES, p99: 476.129 })).toEqual({ amount: 476.13, source: "p99" });
  });

  it("sets no cap from too few values, or none at all", () => {
    expect(capForNewTest(null, { count: REVENUE_CAP_MIN_VALUES - 1, p99: 300 })).toBeNull();
    expect(capForNewTest(null, { count: 0, p99: null })).toBeNull();
  });
});

describe("windowStart", () => {
  it("is 30 days before the start", () => {
    expect(windowStart(new Date("2026-11-30T12:00:00Z")).toISOString()).toBe("2026-10-31T12:00:00.000Z");
  });
});

describe("parseRevenueCap", () => {
  it("reads empty as the default and an amount as the cap", () => {
    expect(parseRevenueCap("")).toEqual({ ok: true, value: null });
    expect(parseRevenueCap("  ")).toEqual({ ok: true, value: null });
    expect(parseRevenueCap("1,250.5")).toEqual({ ok: true, value: 1250.5 });
  });

  it("refuses what is not a positive amount of money", () => {
    for (const bad of ["abc", "-5", "0", "0.00", "12.345", "1e3", "12 USD"]) expect(parseRevenueCap(bad).ok, bad).toBe(false);
    expect(parseRevenueCap("99999999999999")).toMatchObject({ ok: false });
  });
});
