// The site's revenue cap: each visitor's revenue in a test counts up to it, fixed when the test starts;
// empty uses the 99th percentile of the site's recent conversion values (docs/statistics.md).
import { useEffect, useState } from "react";
import { BlockStack, Button, Card, InlineStack, Text, TextField } from "@shopify/polaris";
import type { RevenueCapSetting } from "~/domain/sites/revenue-cap";

const amount = (n: number, currency: string) => `${n.toLocaleString("en-US", { maximumFractionDigits: 2 })} ${currency}`;

function defaultText(view: RevenueCapSetting): string {
  if (view.defaultCap !== null) {
    return `Empty: the 99th percentile of the last ${view.windowDays} days' ${view.values.toLocaleString("en-US")} conversion values, ${amount(view.defaultCap, view.currency)} today.`;
  }
  return `Empty: the 99th percentile of the last ${view.windowDays} days' conversion values; with ${view.values} of the ${view.minValues} it needs, a test starting now would not be capped.`;
}

export function RevenueCapCard({
  view,
  error,
  saving,
  onSave,
}: {
  view: RevenueCapSetting;
  error: string | undefined;
  saving: boolean;
  onSave(value: string): void;
}) {
  const saved = view.cap === null ? "" : String(view.cap);
  const [value, setValue] = useState(saved);
  useEffect(() => setValue(saved), [saved]);
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          Revenue cap
        </Text>
        <Text as="p" tone="subdued">
          Revenue per visitor counts each visitor&apos;s revenue in a test up to this amount, so one large order cannot decide a
          test; uncapped revenue is still shown for accounting. A test fixes the cap when it starts: changing it here applies to
          tests started afterwards.
        </Text>
        <TextField
          label={`Cap per visitor (${view.currency})`}
          name="revenueCap"
          autoComplete="off"
          inputMode="decimal"
          value={value}
          onChange={setValue}
          error={error}
          helpText={defaultText(view)}
        />
        <InlineStack>
          <Button onClick={() => onSave(value)} loading={saving} disabled={value.trim() === saved}>
            Save cap
          </Button>
        </InlineStack>
      </BlockStack>
    </Card>
  );
}
