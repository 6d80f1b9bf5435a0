// The one decision at the top of the results page (app/domain/results/decision-summary.ts), in the words of
// decision-words.ts: what to do, the called lift with its interval and worth, and how long to go while undecided;
// on a decided test that can still be completed, the button that does what it says (app/domain/results/ship-choice.ts).
import { Badge, BlockStack, Box, Button, Card, InlineStack, Text } from "@shopify/polaris";
import type { BadgeProps } from "@shopify/polaris";
import { useId } from "react";
import type { DecisionSummary as Summary } from "~/domain/results/decision-summary";
import { decisionWords, type DecisionTone } from "~/domain/results/decision-words";

const BADGE_TONES: Record<DecisionTone, BadgeProps["tone"]> = {
  success: "success",
  warning: "warning",
  critical: "critical",
  info: "info",
};

/** The card's action: it opens the confirmation, never completes by itself. */
export interface DecisionSummaryAction {
  content: string;
  onAction(): void;
  loading?: boolean;
  disabled?: boolean;
}

export function DecisionSummary({ summary, action = null }: { summary: Summary; action?: DecisionSummaryAction | null }) {
  const headingId = useId();
  const words = decisionWords(summary);
  return (
    <Card>
      <section aria-labelledby={headingId} data-decision-state={summary.state}>
        <BlockStack gap="300">
          <InlineStack gap="200" blockAlign="center">
            <Text as="h2" variant="headingLg" id={headingId}>
              {words.title}
            </Text>
            <Badge tone={BADGE_TONES[words.tone]}>{words.badge}</Badge>
          </InlineStack>
          <BlockStack gap="100">
            {words.sentences.map((sentence) => (
              <Text as="p" key={sentence}>
                {sentence}
              </Text>
            ))}
          </BlockStack>
          {words.timeToGo && (
            <Box borderColor="border" borderWidth="025" borderRadius="200" padding="300">
              <BlockStack gap="100">
                <Text as="h3" variant="headingSm">
                  How long to go
                </Text>
                <Text as="p" variant="headingMd">
                  {words.timeToGo.headline}
                </Text>
                <Text as="p" tone="subdued">
                  {words.timeToGo.detail}
                </Text>
              </BlockStack>
            </Box>
          )}
          {action && (
            <InlineStack>
              <Button variant="primary" onClick={action.onAction} loading={action.loading} disabled={action.disabled}>
                {action.content}
              </Button>
            </InlineStack>
          )}
        </BlockStack>
      </section>
    </Card>
  );
}
