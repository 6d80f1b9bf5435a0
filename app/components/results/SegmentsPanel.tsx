// The results page's exploratory segments card, read when the merchant opens it: the segment rows are most of
// the page's database work and most merchants never look (docs/results.md, "Segments").
import { Banner, BlockStack, Button, Card, InlineStack, Text } from "@shopify/polaris";
import { useFetcher } from "@remix-run/react";
import type { SegmentsView } from "~/domain/results/segments";
import { SegmentsCard, SegmentsHeading } from "./SegmentsCard";

export function SegmentsPanel({ testId, goals, currency }: { testId: string; goals: readonly string[]; currency: string }) {
  const fetcher = useFetcher<SegmentsView | { title?: string }>();
  const data = fetcher.data;
  if (data && "dimensions" in data) return <SegmentsCard segments={data} goals={goals} currency={currency} />;
  return (
    <Card>
      <BlockStack gap="300" id="segments">
        <SegmentsHeading />
        <Text as="p" tone="subdued">
          How each variant did by device, new or returning visitors, traffic channel, country and market. For exploring
          only: these figures never change the test&apos;s verdict.
        </Text>
        {data && <Banner tone="critical">{`The segments could not be read: ${data.title ?? "try again"}.`}</Banner>}
        <InlineStack>
          <Button onClick={() => fetcher.load(`/app/tests/${encodeURIComponent(testId)}/segments`)} loading={fetcher.state !== "idle"}>
            Show segments
          </Button>
        </InlineStack>
      </BlockStack>
    </Card>
  );
}
