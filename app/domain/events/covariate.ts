// CUPED's pre-exposure covariate: what a visitor spent before a test first showed them an arm, and what it
// adds to the rollups (docs/statistics.md, "CUPED").

/**
 * How far before a visitor's first exposure their revenue is looked at: thirty days, long enough to hold a
 * returning buyer's last order, short enough that it describes the visitor as they are now.
 */
export const COVARIATE_WINDOW_MS = 30 * 24 * 3600 * 1000;

/**
 * The covariate X of a visitor first exposed now: their revenue in the site's currency over the window
 * before, capped at the test's revenue cap (null: none) as the metric it adjusts is, so that one past order
 * cannot dominate the estimate of θ either. Measured before exposure, so the arm cannot move it: CUPED stays
 * unbiased whatever X is, and only its variance reduction depends on how well X predicts revenue.
 */
export function covariateOf(revenueBefore: number, cap: number | null): number {
  const x = Math.max(0, revenueBefore);
  return cap === null ? x : Math.min(x, cap);
}

/** Whether a conversion dated `conversionAt` falls in the window before an exposure dated `exposedAt`. */
export function inCovariateWindow(conversionAt: Date, exposedAt: Date): boolean {
  const t = conversionAt.getTime();
  const e = exposedAt.getTime();
  return t < e && t >= e - COVARIATE_WINDOW_MS;
}

/**
 * What the exposure rows gain for a visitor newly exposed with covariate X: ΣX and ΣX². What the goal rows
 * gain when the visitor's capped revenue grows by `cappedRevenueIncrement`: ΣX·Y grows by X·ΔY. A visitor
 * whose X was never looked up (exposed before it was kept) makes the figures unknown (null), which the
 * rollups keep: a test with such visitors gets no adjustment rather than a wrong one.
 */
export function covariateSums(x: number | null): { covariateSum: number | null; covariateSquares: number | null } {
  return x === null ? { covariateSum: null, covariateSquares: null } : { covariateSum: x, covariateSquares: x * x };
}

export function covariateProduct(x: number | null, cappedRevenueIncrement: number): number | null {
  return x === null ? null : x * cappedRevenueIncrement;
}
