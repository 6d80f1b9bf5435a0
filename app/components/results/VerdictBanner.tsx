// The test's verdict in plain words, coloured by how much the merchant can act on it.
import { Banner, BlockStack, Text } from "@shopify/polaris";
import type { BannerProps } from "@shopify/polaris";
import type { Verdict, VerdictKind } from "~/domain/results-view";
import { formatPercent, formatPValue } from "./format";

const TONES: Record<VerdictKind, NonNullable<BannerProps["tone"]>> = {
  collecting: "info",
  "variant-ahead": "success",
  "control-ahead": "warning",
  "no-difference": "info",
  srm: "critical",
};

function title(verdict: Verdict): string {
  const chance = verdict.chanceToWin === undefined ? "" : ` with a ${formatPercent(verdict.chanceToWin, 1)} chance`;
  switch (verdict.kind) {
    case "collecting":
      return "Collecting data";
    case "variant-ahead":
      return `${verdict.armName ?? "A variant"} is ahead${chance}`;
    case "control-ahead":
      return `${verdict.armName ?? "Control"} is ahead${chance}`;
    case "no-difference":
      return "No detectable difference";
    case "srm":
      return "Sample ratio mismatch: do not trust this result";
  }
}

export function VerdictBanner({ verdict, srmPValue }: { verdict: Verdict; srmPValue: number | null }) {
  return (
    <Banner tone={TONES[verdict.kind]} title={title(verdict)}>
      <BlockStack gap="100">
        <Text as="p">{verdict.text}</Text>
        {verdict.kind === "srm" && (
          <Text as="p">
            Visitors did not split between the arms as configured (SRM p-value {formatPValue(srmPValue)}), so the
            arms are not comparable. Find the cause (a redirect, a bot filter, a tracking gap) before acting on any
            number on this page.
          </Text>
        )}
      </BlockStack>
    </Banner>
  );
}
