// One line under the results saying up to which amount a visitor's revenue counts in this test, and
// where that amount came from (fixed when the test started: docs/statistics.md, "Revenue capping").
import { Text } from "@shopify/polaris";
import type { ResultsView } from "~/domain/results/view";
import { formatMoney } from "./format";

const SOURCE: Record<NonNullable<ResultsView["revenueCap"]>["source"], string> = {
  p99: "the 99th percentile of recent orders",
  setting: "the site's revenue cap",
};

/**
 * `applied`: revenue per visitor on the page is computed from the capped sums. Until the comparisons
 * read them (app/domain/results/revenue-figures.ts), the line says the cap is fixed but not yet applied.
 */
export function RevenueCapNote({ cap, currency, applied }: { cap: ResultsView["revenueCap"]; currency: string; applied: boolean }) {
  if (!cap) return null;
  const amount = formatMoney(cap.amount, currency);
  return (
    <Text as="p" tone="subdued">
      {applied
        ? `Revenue per visitor counts each visitor's revenue up to ${amount} (${SOURCE[cap.source]}); uncapped revenue is shown for accounting.`
        : `This test's revenue cap is ${amount} per visitor (${SOURCE[cap.source]}), fixed when it started; the revenue figures below are not capped yet.`}
    </Text>
  );
}
