// One line under the results saying up to which amount a visitor's revenue counts in this test, and
// where that amount came from (fixed when the test started: docs/statistics.md, "Revenue capping").
import { Text } from "@shopify/polaris";
import type { ResultsView } from "~/domain/results/view";
import { formatMoney } from "./format";

const SOURCE: Record<NonNullable<ResultsView["revenueCap"]>["source"], string> = {
  p99: "the 99th percentile of recent orders",
  setting: "the site's revenue cap",
};

/** Revenue per visitor's comparison reads the capped sums (results/stats.ts); revenue totals stay uncapped. */
export function RevenueCapNote({ cap, currency }: { cap: ResultsView["revenueCap"]; currency: string }) {
  if (!cap) return null;
  const amount = formatMoney(cap.amount, currency);
  return (
    <Text as="p" tone="subdued">
      {`Revenue per visitor counts each visitor's revenue up to ${amount} (${SOURCE[cap.source]}), fixed when the test started; uncapped revenue is shown for accounting.`}
    </Text>
  );
}
