import { describe, expect, it } from "vitest";
import { pathClaims } from "./claims";
import type { PageReading } from "./page-reading";

const reading = (visitors: number, over: Partial<PageReading> = {}): PageReading => ({
  visitors,
  verdict: "collecting",
  srmMismatch: false,
  decidedBesideZero: false,
  variants: [{ rate: { lift: 0.01, ciLow: -0.2, ciHigh: 0.2, pValue: 0.9 }, chanceToWin: 0.6, revenue: { lift: 0, ciLow: -0.5, ciHigh: 0.5 } }],
  ...over,
});

describe("pathClaims", () => {
  it("records the first side named, the final verdict, and coverage at every look and at the end", () => {
    const claims = pathClaims(
      [
        reading(100),
        reading(200, {
          verdict: "control-ahead",
          variants: [{ rate: { lift: -0.3, ciLow: -0.5, ciHigh: -0.1, pValue: 0.01 }, chanceToWin: 0.01, revenue: { lift: 0.9, ciLow: 0.1, ciHigh: 1.7 } }],
        }),
        reading(300, { verdict: "no-difference" }),
      ],
      [0],
    );
    expect(claims.firstCall).toEqual({ side: "control", variant: 0, lift: -0.3, visitors: 200 });
    expect(claims.finalVerdict).toBe("no-difference");
    expect(claims.finalCall).toBeNull();
    expect(claims.firstRateSide).toBe("control");
    expect(claims.finalRateSide).toBeNull();
    expect(claims.firstRevenueCall).toBe("variant");
    expect(claims.finalRevenueCall).toBeNull();
    expect(claims.rateCoveredEveryLook).toBe(false);
    expect(claims.rateCoveredFinal).toBe(true);
    expect(claims.revenueCoveredEveryLook).toBe(false);
    expect(claims.firstChance95).toBeNull();
  });

  it("names the variant of a variant-ahead verdict, the first chance to win ≥ 95% and every SRM warning", () => {
    const ahead: PageReading = reading(500, {
      verdict: "variant-ahead",
      verdictArm: "C",
      srmMismatch: true,
      variants: [reading(0).variants[0] ?? {}, { rate: { lift: 0.4, ciLow: 0.1, ciHigh: 0.7, pValue: 0.001 }, chanceToWin: 0.99 }],
    });
    const claims = pathClaims([reading(400, { srmMismatch: true }), ahead], [0, 0.3]);
    expect(claims.firstCall).toEqual({ side: "variant", variant: 1, lift: 0.4, visitors: 500 });
    expect(claims.firstChance95).toEqual({ variant: 1, visitors: 500 });
    expect(claims.finalChance95).toBe(1);
    expect(claims.srmAlarms).toEqual([400, 500]);
    // No interval shown is no interval missed; the variant's interval holds its own lift of 30%.
    expect(claims.rateCoveredEveryLook).toBe(true);
  });

  it("needs a look", () => {
    expect(() => pathClaims([], [0])).toThrow(RangeError);
  });

  it("keeps the first decided verdict, any look decided beside an interval holding 0, and the last look's held-back metric", () => {
    const claims = pathClaims(
      [reading(100), reading(200, { verdict: "no-difference", decidedBesideZero: true }), reading(300, { verdict: "variant-ahead" }), reading(400, { heldBack: "revenue per visitor" })],
      [0],
    );
    expect(claims.firstDecided).toBe("no-difference");
    expect(claims.decidedBesideZero).toBe(true);
    expect(claims.finalHeldBack).toBe("revenue per visitor");
    expect(pathClaims([reading(100)], [0])).toMatchObject({ firstDecided: null, decidedBesideZero: false, finalHeldBack: null });
  });
});
