// The segment table of the CSV export (docs/results.md lists the columns): one row per dimension × segment ×
// goal × arm, as the results page's "Segments (exploratory)" card computes them.
import { moneyFigure, toCsv, toRecords, type Cell } from "./csv";
import type { SegmentsView } from "./segments";
import type { ResultsView } from "./view";

export const SEGMENT_COLUMNS = [
  "test_id", "test_name", "dimension", "segment", "goal", "primary_goal", "arm_id", "arm_key", "arm_name", "is_control",
  "visitors", "converting_visitors", "conversions", "conversion_rate", "revenue", "currency", "revenue_per_visitor",
  "lift", "lift_ci_low", "lift_ci_high", "ci_confidence", "comparisons", "exploratory",
] as const;

export const segmentsCsv = (view: ResultsView, segments: SegmentsView) => toCsv(SEGMENT_COLUMNS, segmentRows(view, segments));

export const segmentRecords = (view: ResultsView, segments: SegmentsView) => toRecords(SEGMENT_COLUMNS, segmentRows(view, segments));

function segmentRows(view: ResultsView, segments: SegmentsView): Cell[][] {
  const rows: Cell[][] = [];
  const keys = new Map(view.arms.map((a) => [a.armId, a.key]));
  const primary = new Set(view.goals.filter((g) => g.primary).map((g) => g.goal));
  const money = (value: number | null) => moneyFigure(value, view.currency);
  for (const dimension of segments.dimensions) {
    for (const segment of dimension.segments) {
      for (const goal of segment.goals) {
        for (const arm of goal.arms) {
          rows.push([
            view.test.id, view.test.name, dimension.dimension, segment.value, goal.goal, primary.has(goal.goal), arm.armId, keys.get(arm.armId), arm.name, arm.isControl,
            arm.visitors, arm.convertingVisitors, arm.conversions, arm.rate, money(arm.revenue), view.currency, money(arm.revenuePerVisitor),
            arm.lift, arm.ciLow, arm.ciHigh, arm.isControl ? null : segments.confidence, segments.comparisons, true,
          ]);
        }
      }
    }
  }
  return rows;
}
