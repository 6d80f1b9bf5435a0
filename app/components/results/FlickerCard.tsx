// What each arm costs in page speed: how long until it was in place, and how long content was hidden.
import { BlockStack, Card, DataTable, Text } from "@shopify/polaris";
import { FLICKER_SAMPLE } from "~/domain/results/flicker-guardrail";
import type { ResultsView } from "~/domain/results/view";
import { formatCount, formatInteger, formatMs } from "./format";

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
  // The figures read a sample, not the arm's every exposure: say which, or its count reads as the arm's exposures.
  const read = flicker.reduce((sum, f) => sum + f.exposures, 0);
  const sample =
    read >= FLICKER_SAMPLE
      ? `Read from the test's last ${formatCount(FLICKER_SAMPLE, "exposure")}, all arms together: each arm's count is its share of them.`
      : read > 0
        ? `Read from the test's ${formatCount(read, "exposure")} so far, all arms together.`
        : "No exposures yet.";
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h3" variant="headingMd">
          Flicker cost
        </Text>
        <Text as="p" tone="subdued">
          Time from the page starting to load until each arm was shown, and how long content stayed hidden so
          shoppers never see the original flash first: a slow variant can lose for its speed, not its idea. A
          shopper asked for consent counts from their answer: the time they took is not the variant&apos;s.
        </Text>
        <DataTable
          columnContentTypes={["text", "numeric", "numeric", "numeric", "numeric", "numeric"]}
          headings={["Arm", "Exposures read", "Median to show", "95th percentile to show", "Median hidden", "95th percentile hidden"]}
          rows={rows}
        />
        <Text as="p" tone="subdued">
          <span data-svc-flicker-sample>{sample}</span>
        </Text>
      </BlockStack>
    </Card>
  );
}
