// Revenue recorded in currencies other than the site's: listed as is, since converting would invent numbers.
import { BlockStack, Card, DataTable, Text } from "@shopify/polaris";
import type { ResultsView } from "~/domain/results/view";
import { formatInteger, formatMoney } from "./format";

export function OtherCurrenciesCard({ arms, currency, otherCurrencies }: Pick<ResultsView, "arms" | "currency" | "otherCurrencies">) {
  if (otherCurrencies.length === 0) return null;
  const armName = (armId: string) => arms.find((arm) => arm.armId === armId)?.name ?? armId;
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h3" variant="headingMd">
          Revenue in other currencies
        </Text>
        <Text as="p" tone="subdued">
          These conversions carried a currency other than {currency}. They are not converted and not part of the
          revenue figures above.
        </Text>
        <DataTable
          columnContentTypes={["text", "text", "text", "numeric", "numeric"]}
          headings={["Goal", "Arm", "Currency", "Conversions", "Revenue"]}
          rows={otherCurrencies.map((row) => [
            row.goal,
            armName(row.armId),
            row.currency,
            formatInteger(row.conversions),
            formatMoney(row.revenue, row.currency),
          ])}
        />
      </BlockStack>
    </Card>
  );
}
