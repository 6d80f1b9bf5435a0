import { describe, expect, it } from "vitest";
import { decideVerdict, MIN_VISITORS_PER_ARM, type VerdictFacts } from "./verdict";
import type { ArmResult, GoalResult } from "./view";

const arm = (name: string, over: Partial<ArmResult> = {}): ArmResult => ({
  armId: name, key: name, name, isControl: name === "Original", visitors: 1000, convertingVisitors: 100, conversions: 100,
  rate: 0.1, revenue: 0, netRevenue: 0, netRevenuePerVisitor: 0, refundedOrders: 0, refundShare: null, siteCurrencyConversions: 100, revenuePerVisitor: 0, averageOrderValue: null, ...over,
});
const significant = (lift: number, chanceToWin: number): Partial<ArmResult> => ({
  lift, ciLow: lift - 0.05, ciHigh: lift + 0.05, pValue: 0.001, chanceToWin,
});
const unclear: Partial<ArmResult> = { lift: 0.02, ciLow: -0.1, ciHigh: 0.14, pValue: 0.6, chanceToWin: 0.6 };

function facts(arms: ArmResult[], over: Partial<VerdictFacts> = {}): VerdictFacts {
  const primary: GoalResult = { goal: "signup", primary: true, arms };
  return {
    srm: { pValue: 0.5, mismatch: false },
    primary,
    remaining: { usersNeeded: 30000, remainingUsers: 28000, days: 14 },
    alpha: 0.05,
    minDetectableEffect: 0.1,
    ...over,
  };
}

describe("decideVerdict", () => {
  it("puts a sample ratio mismatch above everything else", () => {
    const decision = decideVerdict(facts([arm("Original"), arm("B", significant(0.3, 0.999))], { srm: { pValue: 2e-6, mismatch: true } }));
    expect(decision).toEqual({ kind: "srm", pValue: 2e-6 });
  });

  it("is too early below the minimum visitors in any arm, without conversions, or without a goal", () => {
    const few = arm("B", { ...significant(0.3, 0.999), visitors: MIN_VISITORS_PER_ARM - 1 });
    expect(decideVerdict(facts([arm("Original"), few])).kind).toBe("too-early");
    const none = { convertingVisitors: 0, conversions: 0, rate: 0 };
    expect(decideVerdict(facts([arm("Original", none), arm("B", none)])).kind).toBe("too-early");
    expect(decideVerdict({ ...facts([]), primary: undefined }).kind).toBe("too-early");
  });

  it("names the significant winner with the strongest evidence, and says when it was called early", () => {
    const strong = { ...significant(0.2, 0.97), pValue: 0.0001 };
    const decision = decideVerdict(facts([arm("Original"), arm("B", strong), arm("C", significant(0.3, 0.99)), arm("D", unclear)]));
    expect(decision).toEqual({ kind: "variant-ahead", goal: "signup", armId: "B", armName: "B", chanceToWin: 0.97, lift: 0.2, ciLow: 0.2 - 0.05, ciHigh: 0.25, early: true });
    // Equal evidence: the larger lift.
    const tie = decideVerdict(facts([arm("Original"), arm("B", significant(0.2, 0.97)), arm("C", significant(0.3, 0.99))], { remaining: { usersNeeded: 2000, remainingUsers: 0, days: 0 } }));
    expect(tie).toMatchObject({ armName: "C", early: false });
  });

  it("calls a winner whose relative interval is unbounded without inventing its ends", () => {
    const vague: Partial<ArmResult> = { lift: 0.5, intervalUnbounded: true, pValue: 0.01 };
    const decision = decideVerdict(facts([arm("Original"), arm("B", vague)]));
    expect(decision).toEqual({ kind: "variant-ahead", goal: "signup", armId: "B", armName: "B", lift: 0.5, early: true });
  });

  it("says control is ahead only when every variant is significantly worse", () => {
    expect(decideVerdict(facts([arm("Original"), arm("B", significant(-0.2, 0.01))]))).toEqual({
      kind: "control-ahead",
      goal: "signup",
      armId: "Original",
      armName: "Original",
    });
    expect(decideVerdict(facts([arm("Original"), arm("B", significant(-0.2, 0.01)), arm("C", unclear)])).kind).toBe("no-winner-yet");
  });

  it("never judges a variant whose comparison could not be computed, and names it", () => {
    const allConverted = arm("B", { convertingVisitors: 1000, conversions: 1000, rate: 1, error: "zero-variance" });
    const planReached = { remaining: { usersNeeded: 2000, remainingUsers: 0, days: 0 } };
    expect(decideVerdict(facts([arm("Original"), allConverted], planReached))).toEqual({
      kind: "not-comparable",
      goal: "signup",
      armNames: ["B"],
      remainingUsers: 0,
      days: 0,
    });
    // Control is not ahead of a variant nobody could compare, even if the other variant is clearly worse.
    expect(decideVerdict(facts([arm("Original"), arm("C", significant(-0.2, 0.01)), allConverted]))).toMatchObject({
      kind: "not-comparable",
      armNames: ["B"],
    });
    // A winner among the others is still a winner.
    expect(decideVerdict(facts([arm("Original"), allConverted, arm("C", significant(0.2, 0.99))]))).toMatchObject({
      kind: "variant-ahead",
      armName: "C",
    });
  });

  it("says no difference only when every interval lies inside ± the MDE, whenever that is", () => {
    const narrow: Partial<ArmResult> = { lift: 0.01, ciLow: -0.06, ciHigh: 0.08, pValue: 0.7, chanceToWin: 0.6 };
    expect(decideVerdict(facts([arm("Original"), arm("B", narrow)]))).toEqual({
      kind: "no-difference",
      goal: "signup",
      minDetectableEffect: 0.1,
    });
    // The plan is reached but the interval still reaches past +10%: not enough evidence, not "no difference".
    const planReached = { remaining: { usersNeeded: 2000, remainingUsers: 0, days: 0 } };
    expect(decideVerdict(facts([arm("Original"), arm("B", unclear)], planReached))).toEqual({ kind: "no-winner-yet", remainingUsers: 0, days: 0 });
    expect(decideVerdict(facts([arm("Original"), arm("B", unclear)]))).toEqual({ kind: "no-winner-yet", remainingUsers: 28000, days: 14 });
    // An unbounded interval says nothing about the size of a difference.
    expect(decideVerdict(facts([arm("Original"), arm("B", { lift: 0, intervalUnbounded: true, pValue: 1 })])).kind).toBe("no-winner-yet");
  });

  describe("money and guardrails must agree (issue 34)", () => {
    const money = (revenueLift: number, low: number, high: number): Partial<ArmResult> => ({ revenue: 5000, revenueLift, revenueCiLow: low, revenueCiHigh: high });
    const winner = { ...significant(0.2, 0.99), ...money(0.15, 0.02, 0.3) };

    it("ships only when revenue per visitor is shown within the MDE; otherwise names it", () => {
      const original = arm("Original", { revenue: 4000 });
      expect(decideVerdict(facts([original, arm("B", winner)])).kind).toBe("variant-ahead");
      // Smaller orders: conversion up, revenue per visitor could be down by 25%.
      const smaller = { ...significant(0.2, 0.99), ...money(-0.05, -0.25, 0.15) };
      expect(decideVerdict(facts([original, arm("B", smaller)]))).toMatchObject({
        kind: "no-winner-yet",
        heldBack: { would: "ship", metric: "revenue per visitor", goal: "signup", armName: "B", ciLow: -0.25, ciHigh: 0.15, margin: 0.1 },
      });
      // Revenue too skewed to read yet: no interval, still held.
      const unread = { ...significant(0.2, 0.99), revenue: 5000 };
      expect(decideVerdict(facts([original, arm("B", unread)]))).toMatchObject({ kind: "no-winner-yet", heldBack: { would: "ship", metric: "revenue per visitor" } });
      const decision = decideVerdict(facts([original, arm("B", unread)]));
      expect(decision.kind === "no-winner-yet" && decision.heldBack).not.toHaveProperty("ciLow");
    });

    it("says no difference only when revenue per visitor is within ±MDE too", () => {
      const flat = { lift: 0.01, ciLow: -0.05, ciHigh: 0.07, pValue: 0.8 };
      const original = arm("Original", { revenue: 4000 });
      expect(decideVerdict(facts([original, arm("B", { ...flat, ...money(0, -0.06, 0.06) })])).kind).toBe("no-difference");
      // The −10% order-value case: conversion flat, revenue per visitor still allowing −10%.
      expect(decideVerdict(facts([original, arm("B", { ...flat, ...money(-0.1, -0.18, -0.02) })]))).toMatchObject({ heldBack: { would: "no-difference", metric: "revenue per visitor" } });
      // Earning more is a difference as well.
      expect(decideVerdict(facts([original, arm("B", { ...flat, ...money(0.1, 0.02, 0.18) })]))).toMatchObject({ heldBack: { would: "no-difference" } });
    });

    it("waits for every guardrail goal to be shown non-inferior within the MDE", () => {
      const goal = (arms: ArmResult[]): GoalResult => ({ goal: "newsletter", primary: false, arms });
      const safe = goal([arm("Original"), arm("B", { lift: 0.01, ciLow: -0.05, ciHigh: 0.08 })]);
      const risky = goal([arm("Original"), arm("B", { lift: -0.06, ciLow: -0.14, ciHigh: 0.02 })]);
      expect(decideVerdict(facts([arm("Original"), arm("B", significant(0.2, 0.99))], { guardrails: [safe] })).kind).toBe("variant-ahead");
      expect(decideVerdict(facts([arm("Original"), arm("B", significant(0.2, 0.99))], { guardrails: [risky] }))).toMatchObject({
        heldBack: { would: "ship", metric: "conversion rate", goal: "newsletter", ciLow: -0.14 },
      });
      // A guardrail goal no one converted on shows nothing either way.
      const none = goal([arm("Original", { convertingVisitors: 0 }), arm("B", { convertingVisitors: 0 })]);
      expect(decideVerdict(facts([arm("Original"), arm("B", significant(0.2, 0.99))], { guardrails: [none] })).kind).toBe("variant-ahead");
    });

    it("keeps the control unless a variant is shown to earn more per visitor", () => {
      const original = arm("Original", { revenue: 4000 });
      const worse = significant(-0.2, 0.01);
      expect(decideVerdict(facts([original, arm("B", { ...worse, ...money(-0.1, -0.3, 0.1) })])).kind).toBe("control-ahead");
      expect(decideVerdict(facts([original, arm("B", { ...worse, ...money(0.2, 0.05, 0.4) })]))).toMatchObject({ heldBack: { would: "keep-control", metric: "revenue per visitor" } });
    });
  });

  it("keeps the control ahead of a broken variant, and never ships a variant where everyone converted", () => {
    const broken = arm("B", { convertingVisitors: 0, conversions: 0, rate: 0, lift: -1, pValue: 1e-9, outage: true });
    expect(decideVerdict(facts([arm("Original"), broken])).kind).toBe("control-ahead");
    const everyone = arm("B", { convertingVisitors: 1000, conversions: 1000, rate: 1, lift: 9, pValue: 1e-9, outage: true });
    expect(decideVerdict(facts([arm("Original"), everyone])).kind).toBe("no-winner-yet");
  });
});

describe("decideVerdict on profit per visitor (a price test)", () => {
  // A lower price: more buyers (conversion rate up, beyond chance), less profit per visitor (beyond chance).
  const cheaper = (profit: Partial<ArmResult>) => arm("B", { ...significant(0.3, 0.999), revenue: 900, revenueLift: -0.2, revenueCiLow: -0.3, revenueCiHigh: -0.1, ...profit });
  const profitWorse: Partial<ArmResult> = { profitLift: -0.13, profitCiLow: -0.2, profitCiHigh: -0.06, profitPValue: 0.001 };
  const profitBetter: Partial<ArmResult> = { profitLift: 0.12, profitCiLow: 0.05, profitCiHigh: 0.19, profitPValue: 0.002 };
  const original = arm("Original", { revenue: 1000 });

  it("keeps the control when the lower price converts better but earns less, where conversion rate would hold it back", () => {
    expect(decideVerdict(facts([original, cheaper(profitWorse)]))).toMatchObject({ kind: "no-winner-yet", heldBack: { metric: "revenue per visitor" } });
    expect(decideVerdict(facts([original, cheaper(profitWorse)], { metric: "profit per visitor" }))).toEqual({ kind: "control-ahead", goal: "signup", armId: "Original", armName: "Original" });
  });

  it("ships the arm that earns more profit per visitor, with profit's lift and interval and no chance to win (the rate's), whatever revenue per visitor says", () => {
    expect(decideVerdict(facts([original, cheaper(profitBetter)], { metric: "profit per visitor" }))).toEqual({
      kind: "variant-ahead", goal: "signup", armId: "B", armName: "B", lift: 0.12, ciLow: 0.05, ciHigh: 0.19, early: true,
    });
  });

  it("waits while profit cannot be compared, whatever conversion rate says, and says no difference on profit's interval", () => {
    expect(decideVerdict(facts([original, cheaper({})], { metric: "profit per visitor" }))).toMatchObject({ kind: "not-comparable", armNames: ["B"] });
    const flat = { profitLift: 0.01, profitCiLow: -0.05, profitCiHigh: 0.07, profitPValue: 0.7 };
    expect(decideVerdict(facts([original, cheaper(flat)], { metric: "profit per visitor" }))).toEqual({ kind: "no-difference", goal: "signup", minDetectableEffect: 0.1 });
  });

  it("still holds a profit winner back on a guardrail that may have got worse", () => {
    const guard: GoalResult = { goal: "return-visit", primary: false, arms: [arm("Original"), arm("B", { lift: -0.2, ciLow: -0.3, ciHigh: -0.1, pValue: 0.001 })] };
    expect(decideVerdict(facts([original, cheaper(profitBetter)], { metric: "profit per visitor", guardrails: [guard] }))).toMatchObject({
      kind: "no-winner-yet", heldBack: { would: "ship", metric: "conversion rate", goal: "return-visit" },
    });
  });
});
