// How much longer the test needs to detect its minimum effect with 80% power on the primary goal.
import { BlockStack, Card, Text } from "@shopify/polaris";
import type { ResultsView } from "~/domain/results/view";
import { formatInteger, formatPercent } from "./format";

export function TimeToGoCard({ remaining, test }: Pick<ResultsView, "remaining" | "test">) {
  const effect = formatPercent(test.minDetectableEffect, 0);
  const { usersNeeded, remainingUsers, days } = remaining;
  let headline: string;
  let detail: string;
  if (usersNeeded === null || remainingUsers === null) {
    headline = "Not enough data to estimate yet";
    // The sample size follows from control's conversion rate, which needs visitors and a first conversion.
    detail = "The estimate needs visitors and a first conversion in control to know the baseline rate.";
  } else if (remainingUsers <= 0) {
    headline = "Enough visitors";
    detail = `The test has the ${formatInteger(usersNeeded)} visitors it needs to detect a ${effect} lift with 80% power.`;
  } else {
    const wholeDays = days === null ? null : Math.max(1, Math.ceil(days));
    headline =
      wholeDays === null
        ? `${formatInteger(remainingUsers)} more visitors`
        : `About ${formatInteger(wholeDays)} more ${wholeDays === 1 ? "day" : "days"}`;
    detail =
      `To detect a ${effect} lift with 80% power the test needs ${formatInteger(usersNeeded)} visitors in all; ` +
      `${formatInteger(remainingUsers)} still to come` +
      (wholeDays === null ? " (no daily traffic yet to estimate days)." : " at the current daily traffic.");
  }
  return (
    <Card>
      <BlockStack gap="200">
        <Text as="h3" variant="headingMd">
          How long to go
        </Text>
        <Text as="p" variant="headingLg">
          {headline}
        </Text>
        <Text as="p" tone="subdued">
          {detail}
        </Text>
      </BlockStack>
    </Card>
  );
}
