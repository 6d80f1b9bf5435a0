// Validation of an analysis request (the CLI's JSON or a caller's object), with defaults filled in.
import { DEFAULT_SEQUENTIAL_TUNING } from "./sequential";
import { DEFAULT_PRIOR } from "./bayesian";
import type {
  AnalysisMethod,
  ArmInput,
  CorrectionKind,
  CovariateInput,
  DifferenceKind,
  MetricKind,
  PriorInput,
  ResolvedAnalysisInput,
} from "./types";

export const DEFAULT_ALPHA = 0.05;

export type ParseResult = { ok: true; input: ResolvedAnalysisInput } | { ok: false; error: string };

const TOP_LEVEL_FIELDS = new Set([
  "metric",
  "method",
  "arms",
  "weights",
  "alpha",
  "sequential",
  "sequentialTuning",
  "difference",
  "prior",
  "correction",
  "nonNegative",
]);
const ARM_FIELDS = new Set(["name", "users", "sum", "sumSquares", "covariate"]);
const COVARIATE_FIELDS = new Set(["sum", "sumSquares", "sumProducts"]);
// sumSquares ≥ sum²/users holds exactly for real data; allow for rounding in summed floating-point values.
const MOMENT_TOLERANCE = 1e-9;

/** Thrown inside the parser only; its message already names the field. */
class FieldError extends Error {}

function describe(value: unknown): string {
  if (value === undefined) return "nothing";
  const text = JSON.stringify(value);
  return text === undefined ? typeof value : text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

function fail(field: string, expectation: string, value: unknown): never {
  throw new FieldError(`${field}: must be ${expectation} (got ${describe(value)})`);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function rejectUnknown(record: Record<string, unknown>, allowed: Set<string>, prefix: string): void {
  for (const key of Object.keys(record)) {
    if (!allowed.has(key)) throw new FieldError(`${prefix}${key}: unknown field`);
  }
}

function oneOf<T extends string>(record: Record<string, unknown>, field: string, options: readonly T[]): T {
  const value = record[field];
  if (typeof value === "string" && (options as readonly string[]).includes(value)) return value as T;
  return fail(field, `one of ${options.map((o) => `"${o}"`).join(", ")}`, value);
}

function finiteNumber(value: unknown, field: string): number {
  if (typeof value !== "number" || !Number.isFinite(value)) fail(field, "a finite number", value);
  return value;
}

function parseCovariate(value: unknown, at: string): CovariateInput | undefined {
  if (value === undefined) return undefined;
  if (!isRecord(value)) fail(`${at}.covariate`, "an object {sum, sumSquares, sumProducts}", value);
  rejectUnknown(value, COVARIATE_FIELDS, `${at}.covariate.`);
  const sum = finiteNumber(value.sum, `${at}.covariate.sum`);
  const sumSquares = finiteNumber(value.sumSquares, `${at}.covariate.sumSquares`);
  const sumProducts = finiteNumber(value.sumProducts, `${at}.covariate.sumProducts`);
  if (sumSquares < 0) fail(`${at}.covariate.sumSquares`, "non-negative", value.sumSquares);
  return { sum, sumSquares, sumProducts };
}

function parseArm(value: unknown, index: number, metric: MetricKind): ResolvedAnalysisInput["arms"][number] {
  const covariate = parseCovariate(isRecord(value) ? value.covariate : undefined, `arms[${index}]`);
  const arm = parseArmFigures(value, index, metric);
  return covariate ? { ...arm, covariate } : arm;
}

function parseArmFigures(value: unknown, index: number, metric: MetricKind): Required<Omit<ArmInput, "covariate">> {
  const at = `arms[${index}]`;
  if (!isRecord(value)) fail(at, "an object", value);
  rejectUnknown(value, ARM_FIELDS, `${at}.`);
  const { name, users, sum, sumSquares } = value;
  if (typeof name !== "string" || name.trim() === "") fail(`${at}.name`, "a non-empty string", name);
  if (typeof users !== "number" || !Number.isSafeInteger(users) || users < 0) {
    fail(`${at}.users`, "a non-negative integer", users);
  }
  const total = finiteNumber(sum, `${at}.sum`);

  if (metric === "binomial") {
    if (!Number.isInteger(total) || total < 0) fail(`${at}.sum`, "a non-negative integer count of converting users", sum);
    if (total > users) fail(`${at}.sum`, `at most users (${users}) for a binomial metric`, sum);
    if (sumSquares !== undefined && sumSquares !== total) {
      fail(`${at}.sumSquares`, `absent or equal to sum (${total}) for a binomial metric`, sumSquares);
    }
    return { name, users, sum: total, sumSquares: total };
  }

  if (sumSquares === undefined) fail(`${at}.sumSquares`, "given for a mean metric", sumSquares);
  const squares = finiteNumber(sumSquares, `${at}.sumSquares`);
  if (squares < 0) fail(`${at}.sumSquares`, "non-negative", sumSquares);
  if (users === 0 && (total !== 0 || squares !== 0)) fail(`${at}.sum`, "0 (with sumSquares 0) when users is 0", sum);
  if (users > 0 && squares - (total * total) / users < -MOMENT_TOLERANCE * Math.max(1, squares)) {
    fail(`${at}.sumSquares`, `at least sum²/users (${(total * total) / users}), as for any real values`, sumSquares);
  }
  return { name, users, sum: total, sumSquares: squares };
}

function parse(value: unknown): ResolvedAnalysisInput {
  if (!isRecord(value)) fail("input", "a JSON object", value);
  rejectUnknown(value, TOP_LEVEL_FIELDS, "");
  const metric = oneOf<MetricKind>(value, "metric", ["binomial", "mean"]);
  const method = oneOf<AnalysisMethod>(value, "method", ["frequentist", "bayesian"]);

  const rawArms = value.arms;
  if (!Array.isArray(rawArms) || rawArms.length < 2) fail("arms", "an array of at least 2 arms", rawArms);
  const arms = rawArms.map((arm, i) => parseArm(arm, i, metric));
  arms.forEach((arm, i) => {
    const first = arms.findIndex((other) => other.name === arm.name);
    if (first !== i) throw new FieldError(`arms[${i}].name: duplicates arms[${first}].name ${describe(arm.name)}`);
  });

  let weights = arms.map(() => 1);
  if (value.weights !== undefined) {
    const raw = value.weights;
    if (!Array.isArray(raw) || raw.length !== arms.length) {
      fail("weights", `an array with one weight per arm (${arms.length})`, raw);
    }
    weights = raw.map((w, i) => {
      const weight = finiteNumber(w, `weights[${i}]`);
      if (!(weight > 0)) fail(`weights[${i}]`, "positive", w);
      return weight;
    });
  }

  let alpha = DEFAULT_ALPHA;
  if (value.alpha !== undefined) {
    alpha = finiteNumber(value.alpha, "alpha");
    if (!(alpha > 0 && alpha < 1)) fail("alpha", "between 0 and 1 (exclusive)", value.alpha);
  }

  let sequential = false;
  if (value.sequential !== undefined) {
    if (typeof value.sequential !== "boolean") fail("sequential", "true or false", value.sequential);
    sequential = value.sequential;
  }

  let sequentialTuning = DEFAULT_SEQUENTIAL_TUNING;
  if (value.sequentialTuning !== undefined) {
    sequentialTuning = finiteNumber(value.sequentialTuning, "sequentialTuning");
    if (!(sequentialTuning > 0)) fail("sequentialTuning", "a positive number of users", value.sequentialTuning);
  }

  const difference: DifferenceKind =
    value.difference === undefined ? "relative" : oneOf<DifferenceKind>(value, "difference", ["relative", "absolute"]);

  let prior: PriorInput | null = DEFAULT_PRIOR;
  if (value.prior === null) prior = null;
  else if (value.prior !== undefined) {
    const raw = value.prior;
    if (!isRecord(raw)) fail("prior", "an object {mean, sd} or null for a flat prior", raw);
    rejectUnknown(raw, new Set(["mean", "sd"]), "prior.");
    const sd = finiteNumber(raw.sd, "prior.sd");
    if (!(sd > 0)) fail("prior.sd", "positive", raw.sd);
    prior = { mean: finiteNumber(raw.mean, "prior.mean"), sd };
  }

  const correction: CorrectionKind =
    value.correction === undefined ? "bonferroni" : oneOf<CorrectionKind>(value, "correction", ["bonferroni", "holm", "none"]);

  let nonNegative = metric === "binomial";
  if (value.nonNegative !== undefined) {
    if (typeof value.nonNegative !== "boolean") fail("nonNegative", "true or false", value.nonNegative);
    if (metric === "binomial" && !value.nonNegative) fail("nonNegative", "true (or absent) for a binomial metric", value.nonNegative);
    nonNegative = value.nonNegative;
  }

  return { metric, method, arms, weights, alpha, sequential, sequentialTuning, difference, prior, correction, nonNegative };
}

export function parseAnalysisInput(value: unknown): ParseResult {
  try {
    return { ok: true, input: parse(value) };
  } catch (error) {
    if (error instanceof FieldError) return { ok: false, error: error.message };
    throw error;
  }
}
