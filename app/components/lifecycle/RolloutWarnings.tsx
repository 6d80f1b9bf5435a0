// Shopify Rollouts that touch this test (docs/shopify.md, "Shopify Rollouts"): each with its share of buyers
// beside the test's own traffic, or why they could not be checked.
import { Banner, BlockStack, Text } from "@shopify/polaris";
import type { RolloutWarning } from "~/domain/shopify/rollouts";

export function RolloutWarnings({ warnings, unavailable, trafficPercent }: { warnings: RolloutWarning[]; unavailable: string | null; trafficPercent: number }) {
  if (unavailable) {
    return (
      <Banner tone="info" title="Shopify Rollouts could not be checked">
        <p>{`${unavailable}. A rollout that changes the theme or the purchases this test counts would not be warned of here.`}</p>
      </Banner>
    );
  }
  return (
    <Banner tone="warning" title={warnings.length === 1 ? "A Shopify rollout touches this test" : `${warnings.length} Shopify rollouts touch this test`}>
      <BlockStack gap="200">
        {warnings.map((w) => (
          <Text as="p" key={w.rolloutId}>
            {`${w.text} Its traffic: ${Math.round(w.traffic * 10) / 10}% of buyers (${w.status === "ACTIVE" ? "active" : "scheduled"}); this test's: ${trafficPercent}% of visitors on its pages.`}
          </Text>
        ))}
        <Text as="p" tone="subdued">
          Shopify&apos;s rollouts split buyers on their own, so a visitor may be in both. Start or keep this test only if that is acceptable, or wait until the rollout ends.
        </Text>
      </BlockStack>
    </Banner>
  );
}
