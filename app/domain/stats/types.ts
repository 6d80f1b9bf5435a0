// Wire shapes of the statistics engine: the JSON that `analyze` and `svc-stats` read and write.

export type MetricKind = "binomial" | "mean";
export type AnalysisMethod = "frequentist" | "bayesian";
export type DifferenceKind = "relative" | "absolute";

/** One arm's rollup for one goal. `sum` counts converting users (binomial) or adds up per-user values (mean). */
export interface ArmInput {
  name: string;
  users: number;
  sum: number;
  /** Sum of squared per-user values; a binomial metric may omit it because 0/1 values square to themselves. */
  sumSquares?: number;
  /**
   * A pre-exposure covariate X per user (CUPED, cuped.ts): ΣX, ΣX² and ΣXY with the metric's values. Used
   * only when every arm has one.
   */
  covariate?: CovariateInput;
}

export interface CovariateInput {
  sum: number;
  sumSquares: number;
  sumProducts: number;
}

export interface AnalysisInput {
  metric: MetricKind;
  method: AnalysisMethod;
  /** First arm is the control; every other arm is compared with it. */
  arms: ArmInput[];
  /** Configured traffic split, same length as `arms`; equal split when absent. */
  weights?: number[];
  alpha?: number;
  sequential?: boolean;
  sequentialTuning?: number;
  difference?: DifferenceKind;
  /**
   * Bayesian only: normal prior on the effect, relative (on the log of the ratio of means) or absolute (in the
   * metric's units per unit of the control's mean). Null for a flat prior; DEFAULT_PRIOR when absent.
   */
  prior?: PriorInput | null;
  /**
   * Across several variants every interval is at α/(k − 1); "bonferroni" (default) multiplies p-values by k − 1,
   * so p < α exactly when the interval excludes 0; "holm" adjusts them step-down (more rejections, but an
   * interval may then hold 0 beside one); "none" corrects nothing.
   */
  correction?: CorrectionKind;
  /** Every value is ≥ 0 (rates, gross revenue), so a relative interval cannot pass −100%. Binomial: always. */
  nonNegative?: boolean;
}

export type CorrectionKind = "bonferroni" | "holm" | "none";

/** A normal prior on the relative effect: mean 0 and sd 0.02 (the default) say "19 lifts in 20 are within ±4%". */
export interface PriorInput {
  mean: number;
  sd: number;
}

/**
 * Stable reasons a comparison has no numbers; the results page keys its wording on these. `zero-variance`: an
 * arm's users all have the same value (no conversion, or every user converted), see docs/statistics.md.
 */
export type ComparisonErrorCode =
  | "no-users"
  | "too-few-users"
  | "zero-control-mean"
  | "zero-variance"
  | "non-finite-result";

export interface ControlArmOutput {
  name: string;
  users: number;
  /** Null when the arm has no users: there is no mean to report. */
  mean: number | null;
}

/** A variant against control: the lift with its interval and p-value, or the outage test's. */
export interface VariantComparison {
  /** Relative lift (t−c)/|c| or absolute difference t−c, as asked by `difference`. */
  lift?: number;
  /** Absent, with `intervalUnbounded`, when a relative interval has no finite ends (Fieller, see fieller.ts). */
  ciLow?: number;
  ciHigh?: number;
  /** The control's mean is too unsettled for a relative interval: it is unbounded, so none is given. */
  intervalUnbounded?: true;
  /** Of the absolute difference (the same for either `difference`); adjusted across variants (`correction`). */
  pValue?: number;
  /**
   * An outage: one arm of a conversion rate converted nobody (or everybody) and the other did not. `lift` and
   * `pValue` come from the pooled-variance test (outage.ts), and there is no interval.
   */
  outage?: true;
}

export interface VariantArmOutput extends ControlArmOutput, VariantComparison {
  chanceToWin?: number;
  riskControl?: number;
  riskVariant?: number;
  error?: ComparisonErrorCode;
}

export type ArmOutput = ControlArmOutput | VariantArmOutput;

export interface AnalysisOutput {
  /** With a covariate in every arm: the share of the metric's variance CUPED removed (0 to 1). */
  cupedVarianceReduction?: number;
  srmPValue: number;
  /** True when srmPValue is below SRM_P_VALUE_THRESHOLD (0.001). */
  srmMismatch: boolean;
  arms: [ControlArmOutput, ...VariantArmOutput[]];
}

/** An input that passed validation, with every default filled in. */
export interface ResolvedAnalysisInput {
  metric: MetricKind;
  method: AnalysisMethod;
  arms: Array<Required<Omit<ArmInput, "covariate">> & Pick<ArmInput, "covariate">>;
  weights: number[];
  alpha: number;
  sequential: boolean;
  sequentialTuning: number;
  difference: DifferenceKind;
  prior: PriorInput | null;
  correction: CorrectionKind;
  nonNegative: boolean;
}
