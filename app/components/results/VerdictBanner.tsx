// The test's verdict, coloured by how much the merchant can act on it; the words are app/domain/results/verdict-words.ts's.
import { Banner, BlockStack, Text } from "@shopify/polaris";
import type { BannerProps } from "@shopify/polaris";
import type { Verdict, VerdictKind } from "~/domain/results/view";
import { srmExplanation, verdictTitle } from "~/domain/results/verdict-words";

const TONES: Record<VerdictKind, NonNullable<BannerProps["tone"]>> = {
  collecting: "info",
  "not-enough-evidence": "info",
  "variant-ahead": "success",
  "control-ahead": "warning",
  "no-difference": "info",
  srm: "critical",
};

export function VerdictBanner({ verdict, srmPValue }: { verdict: Verdict; srmPValue: number | null }) {
  return (
    <Banner tone={TONES[verdict.kind]} title={verdictTitle(verdict)}>
      <BlockStack gap="100">
        <Text as="p">{verdict.text}</Text>
        {verdict.kind === "srm" && <Text as="p">{srmExplanation(srmPValue)}</Text>}
      </BlockStack>
    </Banner>
  );
}
