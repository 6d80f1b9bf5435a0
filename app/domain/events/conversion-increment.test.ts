import { describe, expect, it } from "vitest";
import { conversionIncrement } from "./conversion-increment";

describe("conversionIncrement", () => {
  it("counts a first conversion as a new converting visitor with v² of squares", () => {
    expect(conversionIncrement({ conversions: 0, revenue: 0 }, 30)).toEqual({
      conversions: 1, convertingVisitors: 1, revenue: 30, revenueSquares: 900, refunded: 0,
    });
  });

  it("grows the visitor's square from r² to (r + v)² on a repeat conversion", () => {
    const inc = conversionIncrement({ conversions: 2, revenue: 10 }, 5, 1);
    expect(inc.convertingVisitors).toBe(0);
    expect(100 + inc.revenueSquares).toBe(15 * 15);
    expect(inc.refunded).toBe(1);
  });

  it("treats a conversion without value as zero revenue that still counts", () => {
    expect(conversionIncrement({ conversions: 1, revenue: 40 }, null)).toEqual({
      conversions: 1, convertingVisitors: 0, revenue: 0, revenueSquares: 0, refunded: 0,
    });
  });
});
