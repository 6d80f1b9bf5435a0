import { describe, expect, it } from "vitest";
import { buildResults, type RollupRow } from "./build-results";
import { guardrailBreaches, guardrailPauseReason } from "./guardrails";

const DAY = "2026-11-20";
/** Visitors, converting visitors and revenue per arm on one day; orders averaging $60 (squares and cubes as of a spread of orders). */
function rows(arm: string, visitors: number, buyers: number, perOrder = 60, refundedOrders = 0): RollupRow[] {
  const base = { armId: arm, day: DAY, exposures: visitors, exposedVisitors: 0, convertingVisitors: 0, conversions: 0, revenue: 0, revenueSquares: 0, refunded: 0 };
  return [
    { ...base, goal: "", currency: "", exposedVisitors: visitors },
    {
      ...base, goal: "purchase", currency: "USD", exposures: 0, convertingVisitors: buyers, conversions: buyers, conversionSquares: buyers,
      refundedOrders, refunded: refundedOrders * perOrder,
      revenue: buyers * perOrder, revenueSquares: buyers * perOrder ** 2 * 2, cappedRevenue: buyers * perOrder, cappedRevenueSquares: buyers * perOrder ** 2 * 2, cappedRevenueCubes: buyers * perOrder ** 3 * 6,
    },
    { ...base, goal: "signup", currency: "", exposures: 0, convertingVisitors: Math.round(visitors * 0.1), conversions: Math.round(visitors * 0.1) },
  ];
}
const view = (variantBuyers: number, variantVisitors = 20_000, refunds: [number, number] = [0, 0]) =>
  buildResults({
    test: { id: "t", name: "T", status: "running", startedAt: `${DAY}T00:00:00Z`, pages: ["/"], trafficPercent: 100, minDetectableEffect: 0.1 },
    arms: [
      { id: "a", key: "control", name: "Original", weight: 1 },
      { id: "b", key: "b", name: "Bold price", weight: 1 },
    ],
    goals: [{ label: "signup", isPrimary: true }, { label: "purchase", isPrimary: false }],
    currency: "USD",
    rollups: [...rows("a", 20_000, 1_000, 60, refunds[0]), ...rows("b", variantVisitors, variantBuyers, 60, refunds[1])],
    flicker: [],
  });

describe("guardrailBreaches", () => {
  it("trips when the variant is clearly worse on a guardrail goal, on both its rate and its revenue per visitor, worst first", () => {
    const breaches = guardrailBreaches(view(700), ["purchase"]);
    expect(breaches.map((b) => [b.armName, b.goal, b.metric])).toEqual(
      expect.arrayContaining([["Bold price", "purchase", "conversion rate"], ["Bold price", "purchase", "revenue per visitor"]]),
    );
    for (const b of breaches) expect(b.ciHigh).toBeLessThan(0);
    expect(breaches[0]!.ciHigh).toBeLessThanOrEqual(breaches[1]!.ciHigh);
  });
  it("does not trip on a goal that is not a guardrail, on a small or positive change, or on a sample ratio mismatch", () => {
    expect(guardrailBreaches(view(700), ["signup"])).toEqual([]);
    expect(guardrailBreaches(view(980), ["purchase"])).toEqual([]);
    expect(guardrailBreaches(view(1_300), ["purchase"])).toEqual([]);
    // Half the visitors in the variant at a 50/50 split: the counts cannot be trusted, the merchant decides.
    const mismatched = view(350, 10_000);
    expect(mismatched.srm.mismatch).toBe(true);
    expect(guardrailBreaches(mismatched, ["purchase"])).toEqual([]);
  });
});

describe("guardrailBreaches: refund share", () => {
  it("trips when the variant's orders are refunded clearly more often, even when it sells as much", () => {
    // 1,000 orders each: 5% refunded in control, 12% in the variant.
    const breaches = guardrailBreaches(view(1_000, 20_000, [50, 120]), ["purchase"]);
    expect(breaches.map((b) => [b.armName, b.metric])).toEqual([["Bold price", "refund share"]]);
    expect(breaches[0]!.lift).toBeCloseTo(0.07, 10);
    expect(breaches[0]!.ciLow).toBeGreaterThan(0);
    expect(guardrailPauseReason(breaches, 0.05)).toMatch(
      /^Guardrail: "Bold price" raises the refund share of "purchase" orders by 7\.0 points \(interval \+\d\.\d to \+\d+\.\d points, always valid at 95%\), so svc paused the test/,
    );
  });
  it("does not trip on a small difference, on fewer refunds in the variant, or off the guardrail goals", () => {
    expect(guardrailBreaches(view(1_000, 20_000, [50, 60]), ["purchase"])).toEqual([]);
    expect(guardrailBreaches(view(1_000, 20_000, [120, 50]), ["purchase"])).toEqual([]);
    expect(guardrailBreaches(view(1_000, 20_000, [50, 120]), ["signup"])).toEqual([]);
  });
});

describe("guardrailPauseReason", () => {
  it("names the worst breach with its interval and confidence, and counts the others", () => {
    const breaches = guardrailBreaches(view(700), ["purchase"]);
    const reason = guardrailPauseReason(breaches, 0.05);
    expect(reason).toMatch(/^Guardrail: "Bold price" lowers (conversion rate|revenue per visitor) on "purchase" by \d+\.\d% \(interval -\d+\.\d% to -\d+\.\d%, always valid at 95%\), so svc paused the test and no more visitors see it\. 1 more guardrail was tripped\. Resume it only if that loss is acceptable: once resumed, svc judges its guardrails on the traffic from the next day on: this loss does not pause it again, a new one does\.$/);
    expect(guardrailPauseReason([], 0.05)).toBe("");
  });
});
