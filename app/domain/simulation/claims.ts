// What a merchant reading the page at every look of one simulated test was told: the first side the page
// named and what it named at the end, whether each interval shown held the true lift, when chance to win
// first reached 95%, and when the sample-ratio warning fired.
import type { PageReading, Shown } from "./page-reading";

export type Side = "variant" | "control";

export interface Call {
  side: Side;
  /** The variant named (index among the variants, 0 = arm B); for "control", the first variant. */
  variant: number;
  /** The conversion-rate lift the page showed for that variant at that look. */
  lift: number | undefined;
  visitors: number;
}

export interface PathClaims {
  /** The page's verdict at the first look where it named a side ("… is ahead"); null if it never did. */
  firstCall: Call | null;
  /** The verdict at the last look (the planned sample). */
  finalVerdict: PageReading["verdict"];
  /** The first decided verdict (variant ahead, control ahead, no difference), as the schedule would act on it. */
  firstDecided: PageReading["verdict"] | null;
  /** At some look, a variant was marked decided beside a conversion interval that holds 0. */
  decidedBesideZero: boolean;
  /** The metric that held the decision back at the last look, if any. */
  finalHeldBack: string | null;
  finalCall: Call | null;
  /** The first look where some variant's conversion-rate interval shown excluded 0, by its sign. */
  firstRateSide: Side | null;
  finalRateSide: Side | null;
  /** The first look where a revenue-per-visitor interval shown excluded 0, by its sign. */
  firstRevenueCall: Side | null;
  finalRevenueCall: Side | null;
  /** Every conversion-rate interval shown, at every look, held its variant's true lift (vacuous if none shown). */
  rateCoveredEveryLook: boolean;
  rateCoveredFinal: boolean;
  revenueCoveredEveryLook: boolean;
  revenueCoveredFinal: boolean;
  /** The variant and look at which a chance to win ≥ 95% was first shown. */
  firstChance95: { variant: number; visitors: number } | null;
  /** A chance to win ≥ 95% shown at the last look, for which variant. */
  finalChance95: number | null;
  /** Visitors at each look that showed the sample-ratio-mismatch warning. */
  srmAlarms: number[];
  /** The share of revenue variance CUPED removed, as the page said it at the last look. */
  finalCupedReduction: number | null;
}

export const CHANCE_CLAIM = 0.95;

const DECIDED: ReadonlySet<PageReading["verdict"]> = new Set(["variant-ahead", "control-ahead", "no-difference"]);

function call(reading: PageReading): Call | null {
  if (reading.verdict === "variant-ahead") {
    const variant = Math.max(0, (reading.verdictArm?.charCodeAt(0) ?? 66) - 66);
    return { side: "variant", variant, lift: reading.variants[variant]?.rate?.lift, visitors: reading.visitors };
  }
  if (reading.verdict === "control-ahead") {
    return { side: "control", variant: 0, lift: reading.variants[0]?.rate?.lift, visitors: reading.visitors };
  }
  return null;
}

function excludesZero(reading: PageReading, which: "rate" | "revenue"): Side | null {
  for (const v of reading.variants) {
    const shown = v[which];
    if (shown && shown.ciLow > 0) return "variant";
    if (shown && shown.ciHigh < 0) return "control";
  }
  return null;
}

const holds = (shown: Shown | undefined, truth: number) => !shown || (shown.ciLow <= truth && truth <= shown.ciHigh);

function covered(reading: PageReading, trueLifts: readonly number[], which: "rate" | "revenue"): boolean {
  return reading.variants.every((v, i) => holds(v[which], trueLifts[i] ?? 0));
}

function chance95(reading: PageReading): number | null {
  const i = reading.variants.findIndex((v) => (v.chanceToWin ?? 0) >= CHANCE_CLAIM);
  return i >= 0 ? i : null;
}

/** The claims of one path, given each variant's true relative lift (the same for conversion and revenue). */
export function pathClaims(readings: readonly PageReading[], trueLifts: readonly number[]): PathClaims {
  const last = readings[readings.length - 1];
  if (!last) throw new RangeError("a path needs at least one look");
  let firstCall: Call | null = null;
  let firstRateSide: Side | null = null;
  let firstRevenueCall: Side | null = null;
  let firstChance95: PathClaims["firstChance95"] = null;
  let rateCoveredEveryLook = true;
  let revenueCoveredEveryLook = true;
  const srmAlarms: number[] = [];
  let firstDecided: PageReading["verdict"] | null = null;
  let decidedBesideZero = false;
  for (const reading of readings) {
    if (firstDecided === null && DECIDED.has(reading.verdict)) firstDecided = reading.verdict;
    decidedBesideZero ||= reading.decidedBesideZero;
    firstCall ??= call(reading);
    firstRateSide ??= excludesZero(reading, "rate");
    firstRevenueCall ??= excludesZero(reading, "revenue");
    if (firstChance95 === null) {
      const variant = chance95(reading);
      if (variant !== null) firstChance95 = { variant, visitors: reading.visitors };
    }
    rateCoveredEveryLook &&= covered(reading, trueLifts, "rate");
    revenueCoveredEveryLook &&= covered(reading, trueLifts, "revenue");
    if (reading.srmMismatch) srmAlarms.push(reading.visitors);
  }
  return {
    firstCall,
    finalVerdict: last.verdict,
    firstDecided,
    decidedBesideZero,
    finalHeldBack: last.heldBack ?? null,
    finalCall: call(last),
    firstRateSide,
    finalRateSide: excludesZero(last, "rate"),
    firstRevenueCall,
    finalRevenueCall: excludesZero(last, "revenue"),
    rateCoveredEveryLook,
    rateCoveredFinal: covered(last, trueLifts, "rate"),
    revenueCoveredEveryLook,
    revenueCoveredFinal: covered(last, trueLifts, "revenue"),
    firstChance95,
    finalChance95: chance95(last),
    srmAlarms,
    finalCupedReduction: last.cupedVarianceReduction ?? null,
  };
}
