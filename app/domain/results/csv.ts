// CSV export of a test's results (docs/results.md lists the columns): RFC 4180 quoting, UTF-8 with a
// byte-order mark so spreadsheets read accents right, CRLF line ends.
import type { RollupRow } from "./totals";
import type { ResultsView } from "./view";

export const SUMMARY_COLUMNS = [
  "test_id", "test_name", "goal", "primary_goal", "arm_id", "arm_key", "arm_name", "is_control",
  "visitors", "converting_visitors", "conversions", "conversion_rate", "revenue", "currency",
  "revenue_per_visitor", "average_order_value", "lift", "lift_ci_low", "lift_ci_high", "p_value",
  "chance_to_win", "srm_p_value", "net_revenue",
] as const;

export const DAILY_COLUMNS = [
  "test_id", "test_name", "day", "arm_id", "arm_key", "arm_name", "goal", "currency",
  "exposed_visitors", "sessions_exposed", "converting_visitors", "conversions", "revenue", "refunded",
] as const;

type Cell = string | number | boolean | null | undefined;

/**
 * A text cell: quoted when it holds a comma, quote or line break; prefixed with ' when a spreadsheet
 * would run it as a formula (a test or goal name is merchant-typed, but it must stay text).
 */
function text(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

function cell(value: Cell): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  if (typeof value === "boolean") return value ? "true" : "false";
  return text(value);
}

function toCsv(header: readonly string[], rows: Cell[][]): string {
  return "\uFEFF" + [header.join(","), ...rows.map((r) => r.map(cell).join(","))].join("\r\n") + "\r\n";
}

/** One row per goal × arm, with the page's figures. */
export function summaryCsv(view: ResultsView): string {
  const rows: Cell[][] = [];
  for (const goal of view.goals) {
    for (const arm of goal.arms) {
      rows.push([
        view.test.id, view.test.name, goal.goal, goal.primary, arm.armId, arm.key, arm.name, arm.isControl,
        arm.visitors, arm.convertingVisitors, arm.conversions, arm.rate, arm.revenue, view.currency,
        arm.revenuePerVisitor, arm.averageOrderValue, arm.lift, arm.ciLow, arm.ciHigh, arm.pValue,
        arm.chanceToWin, view.srm.pValue, arm.netRevenue,
      ]);
    }
  }
  return toCsv(SUMMARY_COLUMNS, rows);
}

/** One row per day × arm × goal × currency, straight from the rollups; goal "" rows are exposures. */
export function dailyCsv(view: ResultsView, rollups: readonly RollupRow[]): string {
  const arms = new Map(view.arms.map((a) => [a.armId, a]));
  const rows = [...rollups]
    .sort((a, b) => a.day.localeCompare(b.day) || a.armId.localeCompare(b.armId) || a.goal.localeCompare(b.goal) || a.currency.localeCompare(b.currency))
    .map((r): Cell[] => {
      const arm = arms.get(r.armId);
      return [
        view.test.id, view.test.name, r.day, r.armId, arm?.key, arm?.name, r.goal, r.currency,
        r.exposedVisitors, r.exposures, r.convertingVisitors, r.conversions, r.revenue, r.refunded,
      ];
    });
  return toCsv(DAILY_COLUMNS, rows);
}
