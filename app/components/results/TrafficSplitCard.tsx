// The configured split against the visitors each arm really got, with the sample-ratio-mismatch check.
import { Badge, BlockStack, Card, DataTable, InlineStack, Text } from "@shopify/polaris";
import type { ResultsView } from "~/domain/results/view";
import { formatInteger, formatPercent, formatPValue } from "./format";

export function TrafficSplitCard({ arms, goals, srm }: Pick<ResultsView, "arms" | "goals" | "srm">) {
  // Visitors are the same in every goal; the primary goal's arms carry them.
  const visitors = new Map((goals[0]?.arms ?? []).map((arm) => [arm.armId, arm.visitors]));
  const totalVisitors = [...visitors.values()].reduce((sum, n) => sum + n, 0);
  const totalWeight = arms.reduce((sum, arm) => sum + arm.weight, 0);
  const rows = arms.map((arm) => {
    const n = visitors.get(arm.armId) ?? 0;
    return [
      arm.name,
      formatPercent(totalWeight > 0 ? arm.weight / totalWeight : null, 1),
      formatInteger(n),
      formatPercent(totalVisitors > 0 ? n / totalVisitors : null, 1),
    ];
  });
  return (
    <Card>
      <BlockStack gap="300">
        <InlineStack gap="200" blockAlign="center">
          <Text as="h3" variant="headingMd">
            Traffic split
          </Text>
          {srm.mismatch ? (
            <Badge tone="critical">Sample ratio mismatch</Badge>
          ) : totalVisitors > 0 ? (
            <Badge tone="success">Split as configured</Badge>
          ) : (
            // Nothing has been split yet: a green badge would vouch for an assignment nobody has gone through.
            <Badge>No visitors yet</Badge>
          )}
        </InlineStack>
        <DataTable
          columnContentTypes={["text", "numeric", "numeric", "numeric"]}
          headings={["Arm", "Configured", "Visitors", "Actual"]}
          rows={rows}
        />
        {totalVisitors > 0 ? (
          <Text as="p" tone="subdued">
            SRM p-value {formatPValue(srm.pValue)}: below 0.001 the visitors did not split as configured, which
            points to a bug in assignment or tracking rather than chance.
          </Text>
        ) : (
          <Text as="p" tone="subdued">
            The visitors&apos; split is checked against the configured one once the test has visitors.
          </Text>
        )}
      </BlockStack>
    </Card>
  );
}
