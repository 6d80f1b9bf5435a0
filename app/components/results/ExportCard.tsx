// Links to the CSV exports: real anchors, since a file download must leave the client-side router alone.
import { BlockStack, Card, InlineStack, Text } from "@shopify/polaris";

export function ExportCard({ testId }: { testId: string }) {
  const base = `/app/tests/${encodeURIComponent(testId)}/export.csv`;
  return (
    <Card>
      <BlockStack gap="200">
        <Text as="h3" variant="headingMd">
          Export
        </Text>
        <InlineStack gap="400">
          <a href={base} download>
            Download summary (CSV)
          </a>
          <a href={`${base}?daily=1`} download>
            Download daily figures (CSV)
          </a>
        </InlineStack>
      </BlockStack>
    </Card>
  );
}
