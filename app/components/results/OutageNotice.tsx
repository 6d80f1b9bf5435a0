// The results page's word on an outage: an arm converted nobody (or everybody) on a goal while the other side did
// not, and chance does not explain it (verdict-words.ts outageSentences; docs/results.md, "Guardrails").
import { Banner, BlockStack, Text } from "@shopify/polaris";

export function OutageNotice({ sentences }: { sentences: readonly string[] }) {
  if (sentences.length === 0) return null;
  return (
    <div data-svc-outage="">
      <Banner tone="critical" title="Conversions look broken">
        <BlockStack gap="100">
          {sentences.map((sentence) => (
            <Text as="p" key={sentence}>
              {sentence}
            </Text>
          ))}
        </BlockStack>
      </Banner>
    </div>
  );
}
