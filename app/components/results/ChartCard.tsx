// A chart in a card: a visible title, the chart drawn in the browser only, and the same numbers as a
// visually hidden table, since polaris-viz's SVG tells a screen reader little.
import { BlockStack, Box, Card, Text } from "@shopify/polaris";
import { PolarisVizProvider, type DataSeries } from "@shopify/polaris-viz";
import { useId, type ReactNode } from "react";
import { ClientOnly } from "./ClientOnly";

const CHART_HEIGHT = 260;
/**
 * polaris-viz lets a line run up to half a tick step past its top tick (a 44% point over a 40% axis) unless
 * the grid may not overflow: then the axis is rounded up to a tick above every point.
 */
const THEMES = { Light: { grid: { verticalOverflow: false } } };
const ARM_COLORS = ["#8a8a8a", "#2c6ecb", "#e07c2b", "#7b47c1", "#1b9e77", "#c9305a"];

/** The same colour for an arm in every chart; control (the first arm) is grey. */
export function armColor(index: number): string {
  return ARM_COLORS[index % ARM_COLORS.length] ?? "#2c6ecb";
}

/**
 * Whether any point has a value. Without one, polaris-viz draws an empty grid on a default 0 to 10 axis (an
 * empty 0–1,000% for a rate or a lift), and says why only to a screen reader: the card says it instead.
 */
export function hasPoints(series: DataSeries[]): boolean {
  return series.some((s) => s.data.some((point) => typeof point.value === "number" && Number.isFinite(point.value)));
}

export interface ChartTable {
  columns: string[];
  rows: string[][];
}

export function ChartCard({
  title,
  description,
  summary,
  table,
  empty,
  children,
}: {
  title: string;
  description?: string;
  /** Shown in the drawing's place when there is nothing to draw yet (hasPoints). */
  empty?: string;
  /** One sentence saying what the chart shows now, read instead of the drawing. */
  summary: string;
  table: ChartTable;
  children: () => ReactNode;
}) {
  const titleId = useId();
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h3" variant="headingMd" id={titleId}>
          {title}
        </Text>
        {description && (
          <Text as="p" tone="subdued">
            {description}
          </Text>
        )}
        <figure aria-labelledby={titleId} aria-describedby={`${titleId}-summary`} style={{ margin: 0 }}>
          {empty ? (
            <Text as="p" tone="subdued">
              <span data-svc-chart-empty>{empty}</span>
            </Text>
          ) : (
            <div style={{ height: CHART_HEIGHT }} aria-hidden="true">
              <ClientOnly>{() => <PolarisVizProvider themes={THEMES}>{children()}</PolarisVizProvider>}</ClientOnly>
            </div>
          )}
          <Box visuallyHidden>
            <p id={`${titleId}-summary`}>{summary}</p>
            <table>
              <caption>{title}</caption>
              <thead>
                <tr>
                  {table.columns.map((column) => (
                    <th key={column} scope="col">
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {table.rows.map((row, i) => (
                  <tr key={i}>
                    {row.map((cell, j) =>
                      j === 0 ? (
                        <th key={j} scope="row">
                          {cell}
                        </th>
                      ) : (
                        <td key={j}>{cell}</td>
                      ),
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </Box>
        </figure>
      </BlockStack>
    </Card>
  );
}
