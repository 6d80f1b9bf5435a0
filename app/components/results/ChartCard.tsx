// A chart in a card: a visible title, the chart drawn in the browser only, and the same numbers as a
// visually hidden table, since polaris-viz's SVG tells a screen reader little.
import { BlockStack, Box, Card, Text } from "@shopify/polaris";
import { PolarisVizProvider } from "@shopify/polaris-viz";
import { useId, type ReactNode } from "react";
import { ClientOnly } from "./ClientOnly";

const CHART_HEIGHT = 260;
const ARM_COLORS = ["#8a8a8a", "#2c6ecb", "#e07c2b", "#7b47c1", "#1b9e77", "#c9305a"];

/** The same colour for an arm in every chart; control (the first arm) is grey. */
export function armColor(index: number): string {
  return ARM_COLORS[index % ARM_COLORS.length] ?? "#2c6ecb";
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
  children,
}: {
  title: string;
  description?: string;
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
          <div style={{ height: CHART_HEIGHT }} aria-hidden="true">
            <ClientOnly>{() => <PolarisVizProvider>{children()}</PolarisVizProvider>}</ClientOnly>
          </div>
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
