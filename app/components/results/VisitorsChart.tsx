// New visitors per arm and day: uneven bars on one day point at a traffic or tracking problem.
import { BarChart } from "@shopify/polaris-viz";
import type { DataSeries } from "@shopify/polaris-viz";
import type { ResultsView } from "~/domain/results/view";
import { ChartCard, armColor } from "./ChartCard";
import { formatCount, formatDay, formatInteger } from "./format";

const asInteger = (value: string | number | null) => (typeof value === "number" ? formatInteger(value) : "");

export function VisitorsChart({ arms, daily }: Pick<ResultsView, "arms" | "daily">) {
  const visitorsOn = (point: ResultsView["daily"][number], armId: string) =>
    point.arms.find((a) => a.armId === armId)?.visitors ?? 0;
  const series: DataSeries[] = arms.map((arm, index) => ({
    name: arm.name,
    color: armColor(index),
    data: daily.map((point) => ({ key: formatDay(point.day), value: visitorsOn(point, arm.armId) })),
  }));
  const totals = arms.map(
    (arm) => `${arm.name} ${formatInteger(daily.reduce((sum, point) => sum + visitorsOn(point, arm.armId), 0))}`,
  );
  return (
    <ChartCard
      title="Daily visitors"
      description="Visitors who entered the test each day, by arm."
      summary={daily.length > 0 ? `Visitors over ${formatCount(daily.length, "day")}: ${totals.join(", ")}.` : "No data yet."}
      table={{
        columns: ["Day", ...arms.map((arm) => arm.name)],
        rows: daily.map((point) => [
          formatDay(point.day),
          ...arms.map((arm) => formatInteger(visitorsOn(point, arm.armId))),
        ]),
      }}
    >
      {() => (
        <BarChart
          data={series}
          isAnimated={false}
          emptyStateText="No visitors yet"
          yAxisOptions={{ labelFormatter: asInteger, integersOnly: true }}
          tooltipOptions={{ valueFormatter: asInteger }}
        />
      )}
    </ChartCard>
  );
}
