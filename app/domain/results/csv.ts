// CSV export of a test's results (docs/results.md lists the columns): RFC 4180 quoting, UTF-8 with a
// byte-order mark so spreadsheets read accents right, CRLF line ends.
import type { DecisionSummary } from "./decision-summary";
import type { ArmProfit } from "./profit";
import type { RollupRow } from "./totals";
import type { ResultsView } from "./view";

export const SUMMARY_COLUMNS = [
  "test_id", "test_name", "goal", "primary_goal", "arm_id", "arm_key", "arm_name", "is_control",
  "visitors", "converting_visitors", "conversions", "conversion_rate", "revenue", "currency",
  "revenue_per_visitor", "average_order_value", "lift", "lift_ci_low", "lift_ci_high", "p_value",
  "chance_to_win", "srm_p_value", "net_revenue",
  "decision", "decision_arm", "decision_lift", "decision_lift_ci_low", "decision_lift_ci_high", "arm_decided",
  "net_revenue_per_visitor", "refunded_orders", "refund_share",
  "profit_per_visitor", "profit", "order_cost", "costed_orders", "uncosted_orders", "subscription_orders", "subscription_revenue",
  "revenue_per_visitor_lift", "revenue_per_visitor_lift_ci_low", "revenue_per_visitor_lift_ci_high",
  "decision_metric", "profit_per_visitor_lift", "profit_per_visitor_lift_ci_low", "profit_per_visitor_lift_ci_high", "profit_per_visitor_p_value",
] as const;

export const DAILY_COLUMNS = [
  "test_id", "test_name", "day", "arm_id", "arm_key", "arm_name", "goal", "currency",
  "exposed_visitors", "sessions_exposed", "converting_visitors", "conversions", "revenue", "refunded", "refunded_orders",
  "order_cost", "costed_orders", "costed_net_revenue", "uncosted_orders", "subscription_orders", "subscription_net_revenue",
] as const;

/** A figure already written as the number it is (money with its decimals), never read as text. */
interface Figure {
  figure: string;
}

export type Cell = string | number | boolean | Figure | null | undefined;

/** What a spreadsheet may take for the start of a formula: = + - @ (and their full-width forms). */
const FORMULA_START = /^[\s"]*[=+\-@\uff1d\uff0b\uff0d\uff20]/;
/** Where a spreadsheet may start a new cell: it may split on either separator, or on a line break or tab. */
const CELL_BREAK = /([,;\t\r\n])/;

/**
 * A text cell (a test or goal name is merchant-typed, a goal label shopper-sent: it must stay text).
 * Every piece a spreadsheet could read as a cell of its own, after splitting on `,` or `;` (or a tab or
 * line break) without regard to our quotes, gets a leading `'` when it starts with a formula's first
 * character (blanks and quotes before it included); then RFC 4180 quoting when the cell holds a comma,
 * semicolon, quote, tab or line break. `x;=1+2;y` is written `"x;'=1+2;y"`.
 */
export function csvText(value: string): string {
  const safe = value
    .split(CELL_BREAK)
    .map((piece, i) => (i % 2 === 0 && FORMULA_START.test(piece) ? `'${piece}` : piece))
    .join("");
  return /[",;\t\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const currencyDigits = new Map<string, number>();

/** The currency's decimals (2 for USD, 0 for JPY, 3 for KWD); 2 for a code Intl does not know. */
function digitsOf(currency: string): number {
  let digits = currencyDigits.get(currency);
  if (digits === undefined) {
    try {
      digits = new Intl.NumberFormat("en-US", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
    } catch {
      digits = 2;
    }
    currencyDigits.set(currency, digits);
  }
  return digits;
}

/**
 * An amount as stored (Decimal(18, 4)): rounded to four decimals, which removes the binary noise of adding
 * them up as floats (4759.0599999999995 → 4759.06), then as many as the currency has at least: 12.5 → 12.50.
 */
export function moneyFigure(value: number | null | undefined, currency: string): Figure | null {
  if (value === null || value === undefined || !Number.isFinite(value)) return null;
  const digits = digitsOf(currency);
  const [whole, fraction = ""] = value.toFixed(4).split(".");
  const kept = fraction.replace(/0+$/, "").padEnd(digits, "0");
  const text = kept.length > 0 ? `${whole}.${kept}` : (whole ?? "0");
  return { figure: text === "-0" || /^-0\.0*$/.test(text) ? text.slice(1) : text };
}

/** How many significant digits a figure that is not money keeps (a rate, a lift, a p-value, a chance). */
export const FIGURE_DIGITS = 6;

/**
 * A figure that is not money, as the CSV and the feed write it: counts as they are, any other number to
 * FIGURE_DIGITS significant digits, which drops the float noise of its computation (0.9999999999999734 → 1)
 * and keeps a tiny p-value's own digits (1.234567e-9 → 1.23457e-9), where fixed decimals would write 0.
 * Null for what could not be computed.
 */
export function roundedFigure(value: number): number | null {
  if (!Number.isFinite(value)) return null;
  return Number.isInteger(value) ? value : Number(value.toPrecision(FIGURE_DIGITS));
}

function cell(value: Cell): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "object") return value.figure;
  if (typeof value === "number") return String(roundedFigure(value) ?? "");
  if (typeof value === "boolean") return value ? "true" : "false";
  return csvText(value);
}

export function toCsv(header: readonly string[], rows: Cell[][]): string {
  return "\uFEFF" + [header.join(","), ...rows.map((r) => r.map(cell).join(","))].join("\r\n") + "\r\n";
}

/** One row per goal × arm, with the page's figures; every row carries the test's decision, each arm its mark. */
export function summaryCsv(view: ResultsView, decision: DecisionSummary): string {
  return toCsv(SUMMARY_COLUMNS, summaryRows(view, decision));
}

/** One row per day × arm × goal × currency, straight from the rollups; goal "" rows are exposures. */
export function dailyCsv(view: ResultsView, rollups: readonly RollupRow[]): string {
  return toCsv(DAILY_COLUMNS, dailyRows(view, rollups));
}

/** A JSON value per cell, keyed by column: what the CSV writes, as numbers, booleans, strings or null (empty). */
export type FeedRecord<C extends string> = Record<C, string | number | boolean | null>;

export function toRecords<C extends string>(header: readonly C[], rows: Cell[][]): Array<FeedRecord<C>> {
  return rows.map((row) => {
    const record = {} as FeedRecord<C>;
    header.forEach((column, i) => {
      const value = row[i];
      // Money keeps the currency's decimals the CSV writes; text stays the merchant's or shopper's own (no formula guard: JSON is not a spreadsheet).
      record[column] =
        value === null || value === undefined ? null : typeof value === "object" ? Number(value.figure) : typeof value === "number" ? roundedFigure(value) : value;
    });
    return record;
  });
}

/** The summary CSV's rows as records (GET /api/v1/results): the same builder, so the two cannot disagree. */
export const summaryRecords = (view: ResultsView, decision: DecisionSummary) => toRecords(SUMMARY_COLUMNS, summaryRows(view, decision));

/** The daily CSV's rows as records, as summaryRecords. */
export const dailyRecords = (view: ResultsView, rollups: readonly RollupRow[]) => toRecords(DAILY_COLUMNS, dailyRows(view, rollups));

function summaryRows(view: ResultsView, decision: DecisionSummary): Cell[][] {
  const rows: Cell[][] = [];
  const money = (value: number | null) => moneyFigure(value, view.currency);
  const called = decision.called;
  for (const goal of view.goals) {
    const standings = decision.goals.find((g) => g.goal === goal.goal)?.arms ?? [];
    for (const arm of goal.arms) {
      rows.push([
        view.test.id, view.test.name, goal.goal, goal.primary, arm.armId, arm.key, arm.name, arm.isControl,
        arm.visitors, arm.convertingVisitors, arm.conversions, arm.rate, money(arm.revenue), view.currency,
        money(arm.revenuePerVisitor), money(arm.averageOrderValue), arm.lift, arm.ciLow, arm.ciHigh, arm.pValue,
        arm.chanceToWin, view.srm.pValue, money(arm.netRevenue),
        decision.state, called?.armName, called?.lift, called?.ciLow, called?.ciHigh,
        standings.find((a) => a.armId === arm.armId)?.mark,
        money(arm.netRevenuePerVisitor), arm.refundedOrders, arm.refundShare,
        ...profitCells(arm.profit, money),
        arm.revenueLift, arm.revenueCiLow, arm.revenueCiHigh,
        // What the decision columns read: conversion rate, or profit per visitor for a price test (verdict.ts).
        decision.metric, arm.profitLift, arm.profitCiLow, arm.profitCiHigh, arm.profitPValue,
      ]);
    }
  }
  return rows;
}

/** Profit's cells (empty for a goal that counts no Shopify order). */
function profitCells(profit: ArmProfit | undefined, money: (value: number | null) => Figure | null): Cell[] {
  if (!profit) return [null, null, null, null, null, null, null];
  return [
    money(profit.profitPerVisitor), money(profit.profit), money(profit.orderCost), profit.costedOrders, profit.uncostedOrders,
    profit.subscriptionOrders, money(profit.subscriptionNetRevenue),
  ];
}

function dailyRows(view: ResultsView, rollups: readonly RollupRow[]): Cell[][] {
  const arms = new Map(view.arms.map((a) => [a.armId, a]));
  return [...rollups]
    .sort((a, b) => a.day.localeCompare(b.day) || a.armId.localeCompare(b.armId) || a.goal.localeCompare(b.goal) || a.currency.localeCompare(b.currency))
    .map((r): Cell[] => {
      const arm = arms.get(r.armId);
      return [
        view.test.id, view.test.name, r.day, r.armId, arm?.key, arm?.name, r.goal, r.currency,
        r.exposedVisitors, r.exposures, r.convertingVisitors, r.conversions, moneyFigure(r.revenue, r.currency || view.currency), moneyFigure(r.refunded, r.currency || view.currency),
        r.refundedOrders ?? 0,
        moneyFigure(r.orderCost ?? 0, r.currency || view.currency), r.costedOrders ?? 0, moneyFigure(r.costedNetRevenue ?? 0, r.currency || view.currency),
        r.uncostedOrders ?? 0, r.subscriptionOrders ?? 0, moneyFigure(r.subscriptionNetRevenue ?? 0, r.currency || view.currency),
      ];
    });
}

export const FUNNEL_COLUMNS = [
  "test_id", "test_name", "arm_id", "arm_key", "arm_name", "is_control", "step", "step_name",
  "exposed_visitors", "step_visitors", "step_rate", "rate_from_previous_step", "lift", "lift_ci_low", "lift_ci_high",
] as const;

/** Shopify's funnel (view.funnel): one row per arm × step, in funnel order; only the header without a funnel. */
export function funnelCsv(view: ResultsView): string {
  const rows = (view.funnel?.arms ?? []).flatMap((arm) =>
    arm.steps.map((step): Cell[] => [
      view.test.id, view.test.name, arm.armId, arm.key, arm.name, arm.isControl, step.label, step.name,
      arm.visitors, step.visitors, step.rate, step.fromPrevious, step.lift, step.ciLow, step.ciHigh,
    ]),
  );
  return toCsv(FUNNEL_COLUMNS, rows);
}
