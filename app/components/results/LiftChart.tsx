// Each variant's cumulative lift over control with its always-valid interval: where the band leaves
// zero, the difference is real at that day's data.
import { LineChart } from "@shopify/polaris-viz";
import type { DataSeries } from "@shopify/polaris-viz";
import type { ResultsView } from "~/domain/results/view";
import { ChartCard, armColor, hasPoints } from "./ChartCard";
import { formatAxisPercent, formatDay, formatLift, formatPercent } from "./format";

const asLift = (value: string | number | null) => (typeof value === "number" ? formatLift(value) : "");

export function LiftChart({ arms, daily, alpha }: Pick<ResultsView, "arms" | "daily" | "alpha">) {
  const level = formatPercent(1 - alpha, 0);
  const variants = arms.map((arm, index) => ({ arm, color: armColor(index) })).filter(({ arm }) => !arm.isControl);
  const pointOf = (point: ResultsView["daily"][number], armId: string) => point.arms.find((a) => a.armId === armId);
  // Early intervals are huge (a handful of visitors) and would flatten everything after them, so the
  // band is drawn clipped: a rate cannot fall more than 100%, and the top follows the latest interval.
  const latestHigh = Math.max(0, ...variants.map(({ arm }) => pointOf(daily.at(-1) ?? { day: "", arms: [] }, arm.armId)?.ciHigh ?? 0));
  const top = Math.max(1, 2 * latestHigh);
  const clip = (v: number | undefined) => (v === undefined ? undefined : Math.min(top, Math.max(-1, v)));
  const series: DataSeries[] = variants.flatMap(({ arm, color }) => {
    const line = (name: string, pick: (p: ReturnType<typeof pointOf>) => number | undefined, dashed: boolean) => ({
      name,
      color,
      ...(dashed && { styleOverride: { line: { strokeDasharray: "4 4", width: 1 } } }),
      data: daily.map((point) => ({ key: formatDay(point.day), value: pick(pointOf(point, arm.armId)) ?? null })),
    });
    return [
      line(`${arm.name}: lift`, (p) => p?.lift, false),
      line(`${arm.name}: ${level} low`, (p) => clip(p?.ciLow), true),
      line(`${arm.name}: ${level} high`, (p) => clip(p?.ciHigh), true),
    ];
  });
  const last = daily.at(-1);
  const latest = variants.map(({ arm }) => {
    const p = last && pointOf(last, arm.armId);
    return p?.lift === undefined
      ? `${arm.name}: not enough data`
      : `${arm.name} ${formatLift(p.lift)} (${level} interval ${formatLift(p.ciLow)} to ${formatLift(p.ciHigh)})`;
  });
  return (
    <ChartCard
      empty={hasPoints(series) ? undefined : "Not enough data for a lift yet."}
      title="Lift over control"
      description={`Cumulative relative lift of each variant with its ${level} always-valid interval (dashed). A band that stays clear of 0% is a real difference; very wide early intervals are drawn clipped (exact values in the table).`}
      summary={last ? `Latest lift: ${latest.join("; ")}.` : "No data yet."}
      table={{
        columns: ["Day", ...variants.map(({ arm }) => `${arm.name} lift (${level} interval)`)],
        rows: daily.map((point) => [
          formatDay(point.day),
          ...variants.map(({ arm }) => {
            const p = pointOf(point, arm.armId);
            return p?.lift === undefined ? "—" : `${formatLift(p.lift)} (${formatLift(p.ciLow)} to ${formatLift(p.ciHigh)})`;
          }),
        ]),
      }}
    >
      {() => (
        <LineChart
          data={series}
          isAnimated={false}
          emptyStateText="Not enough data for a lift yet"
          yAxisOptions={{ labelFormatter: (value) => formatAxisPercent(value) }}
          tooltipOptions={{ valueFormatter: asLift }}
        />
      )}
    </ChartCard>
  );
}
