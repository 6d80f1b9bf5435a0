// The primary goal's cumulative conversion rate per arm, day by day.
import { LineChart } from "@shopify/polaris-viz";
import type { DataSeries } from "@shopify/polaris-viz";
import type { ResultsView } from "~/domain/results/view";
import { ChartCard, armColor, hasPoints } from "./ChartCard";
import { formatAxisPercent, formatDay, formatPercent } from "./format";

const asPercent = (value: string | number | null) => (typeof value === "number" ? formatPercent(value) : "");

export function RateChart({ arms, daily, goal }: Pick<ResultsView, "arms" | "daily"> & { goal: string }) {
  const series: DataSeries[] = arms.map((arm, index) => ({
    name: arm.name,
    color: armColor(index),
    data: daily.map((point) => ({
      key: formatDay(point.day),
      value: point.arms.find((a) => a.armId === arm.armId)?.cumulativeRate ?? null,
    })),
  }));
  const last = daily.at(-1);
  const latest = arms.map((arm) => {
    const rate = last?.arms.find((a) => a.armId === arm.armId)?.cumulativeRate ?? null;
    return `${arm.name} ${formatPercent(rate)}`;
  });
  return (
    <ChartCard
      empty={hasPoints(series) ? undefined : "No visitors yet."}
      title="Cumulative conversion rate"
      description={`Share of each arm's visitors who converted on ${goal}, counting every day so far.`}
      summary={last ? `Latest cumulative conversion rate: ${latest.join(", ")}.` : "No data yet."}
      table={{
        columns: ["Day", ...arms.map((arm) => arm.name)],
        rows: daily.map((point) => [
          formatDay(point.day),
          ...arms.map((arm) => formatPercent(point.arms.find((a) => a.armId === arm.armId)?.cumulativeRate ?? null)),
        ]),
      }}
    >
      {() => (
        <LineChart
          data={series}
          isAnimated={false}
          emptyStateText="No visitors yet"
          // No conversion yet (every rate 0): a 0–1% axis, not polaris-viz's default 0 to 10 (1,000%).
          yAxisOptions={{ labelFormatter: (value) => formatAxisPercent(value), maxYOverride: 0.01 }}
          tooltipOptions={{ valueFormatter: asPercent }}
        />
      )}
    </ChartCard>
  );
}
