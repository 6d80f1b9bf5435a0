// The simulation's table: each line's measured value with its Monte Carlo error, against its target.

/** Running sums of a line's per-test values (0/1 for a rate), mergeable across workers. */
export interface Tally {
  n: number;
  sum: number;
  sumSquares: number;
}

export const emptyTally = (): Tally => ({ n: 0, sum: 0, sumSquares: 0 });

export function addValue(tally: Tally, value: number): void {
  tally.n++;
  tally.sum += value;
  tally.sumSquares += value * value;
}

export function mergeTally(into: Tally, from: Tally): void {
  into.n += from.n;
  into.sum += from.sum;
  into.sumSquares += from.sumSquares;
}

/** A rate (share of tests) or a mean of a per-test number (e.g. called lift ÷ true lift). */
export type LineKind = "rate" | "mean";

/** "≤ 6%", "≥ 94%", "—" (measured and stated, no target), or "n/a (…)" (nothing to measure yet). */
export type Target = { at: "most" | "least"; value: number } | { info: true } | { na: string };

/** Monte Carlo estimate and its standard error: binomial √(p(1 − p)/n) for a rate, s/√n for a mean. */
export function estimate(kind: LineKind, tally: Tally): { value: number; se: number } | null {
  if (tally.n === 0) return null;
  const value = tally.sum / tally.n;
  if (kind === "rate") return { value, se: Math.sqrt((value * (1 - value)) / tally.n) };
  const variance = tally.n > 1 ? Math.max(0, (tally.sumSquares - tally.n * value * value) / (tally.n - 1)) : 0;
  return { value, se: Math.sqrt(variance / tally.n) };
}

/** Whether the point estimate meets the target; null for lines without one. */
export function meets(target: Target, value: number): boolean | null {
  if (!("at" in target)) return null;
  return target.at === "most" ? value <= target.value : value >= target.value;
}

export interface TableLine {
  claim: string;
  setting: string;
  kind: LineKind;
  target: Target;
  tally: Tally;
}

const percent = (x: number, digits = 2) => `${(100 * x).toFixed(digits)}%`;

function measuredText(kind: LineKind, value: number): string {
  return kind === "rate" ? percent(value) : value.toFixed(3);
}

function targetText(kind: LineKind, target: Target): string {
  if ("na" in target) return target.na;
  if ("info" in target) return "— (stated)";
  const sign = target.at === "most" ? "≤" : "≥";
  return `${sign} ${kind === "rate" ? percent(target.value, 1) : target.value.toFixed(3)}`;
}

/** One row's cells: claim, setting, measured (with n), MC error, target, met?. */
export function rowCells(line: TableLine): string[] {
  if ("na" in line.target) return [line.claim, line.setting, line.target.na, "—", "—", "—"];
  const est = estimate(line.kind, line.tally);
  if (!est) return [line.claim, line.setting, "no tests counted", "—", targetText(line.kind, line.target), "—"];
  const met = meets(line.target, est.value);
  const se = line.kind === "rate" ? `±${(100 * est.se).toFixed(2)} pp` : `±${est.se.toFixed(3)}`;
  return [
    line.claim,
    line.setting,
    `${measuredText(line.kind, est.value)} (n = ${line.tally.n})`,
    se,
    targetText(line.kind, line.target),
    met === null ? "info" : met ? "met" : "missed",
  ];
}

/** The table as Markdown, which reads in a terminal and pastes into docs/statistics.md as it is. */
export function formatTable(lines: readonly TableLine[]): string {
  const header = ["claim", "setting", "measured", "MC error", "target", "met?"];
  const rows = lines.map(rowCells);
  const escape = (cell: string) => cell.replace(/\|/g, "\\|");
  return [header, header.map(() => "---"), ...rows].map((cells) => `| ${cells.map(escape).join(" | ")} |`).join("\n");
}
