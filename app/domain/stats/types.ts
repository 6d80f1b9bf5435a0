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

export interface VariantArmOutput extends ControlArmOutput {
  /** Relative lift (t−c)/|c| or absolute difference t−c, as asked by `difference`. */
  lift?: number;
  ciLow?: number;
  ciHigh?: number;
  pValue?: number;
  chanceToWin?: number;
  riskControl?: number;
  riskVariant?: number;
  error?: ComparisonErrorCode;
}

export type ArmOutput = ControlArmOutput | VariantArmOutput;

export interface AnalysisOutput {
  srmPValue: number;
  /** True when srmPValue is below SRM_P_VALUE_THRESHOLD (0.001). */
  srmMismatch: boolean;
  arms: [ControlArmOutput, ...VariantArmOutput[]];
}

/** An input that passed validation, with every default filled in. */
export interface ResolvedAnalysisInput {
  metric: MetricKind;
  method: AnalysisMethod;
  arms: Array<Required<ArmInput>>;
  weights: number[];
  alpha: number;
  sequential: boolean;
  sequentialTuning: number;
  difference: DifferenceKind;
}
