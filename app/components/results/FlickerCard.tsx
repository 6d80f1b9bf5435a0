// What each arm costs in page speed: how long until it was in place, and how long content was hidden.
import { BlockStack, Card, DataTable, Text } from "@shopify/polaris";
import type { ResultsView } from "~/domain/results/view";
import { formatInteger, formatMs } from "./format";

export function FlickerCard({ arms, flicker }: Pick<ResultsView, "arms" | "flicker">) {
  const rows = arms.map((arm) => {
    const stats = flicker.find((f) => f.armId === arm.armId);
    return [
      arm.name,
      formatInteger(stats?.exposures ?? 0),
      formatMs(stats?.medianMsToApply),
      formatMs(stats?.p95MsToApply),
      formatMs(stats?.medianMsHidden),
      formatMs(stats?.p95MsHidden),
    ];
  });
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h3" variant="headingMd">
          Flicker cost
        </Text>
        <Text as="p" tone="subdued">
          Time from the page starting to load until each arm was shown, and how long content stayed hidden so
          shoppers never see the original flash first: a slow variant can lose for its speed, not its idea.
        </Text>
        <DataTable
          columnContentTypes={["text", "numeric", "numeric", "numeric", "numeric", "numeric"]}
          headings={["Arm", "Exposures", "Median to show", "95th percentile to show", "Median hidden", "95th percentile hidden"]}
          rows={rows}
        />
      </BlockStack>
    </Card>
  );
}
