// One goal's profit per arm, for a goal that counts Shopify orders: profit per visitor from the orders whose
// cost is known, units per visitor, how many orders were left out for lack of a cost, and subscription orders apart.
import { BlockStack, DataTable, Text } from "@shopify/polaris";
import { intervalText, UNBOUNDED_INTERVAL } from "~/domain/results/decision-words";
import type { ArmResult, GoalResult } from "~/domain/results/view";
import { formatInteger, formatLift, formatMoney } from "./format";

export const PROFIT_NOTE =
  "Profit: net revenue of the orders whose cost is known, less that cost (each variant's unit cost in Shopify × quantity), per visitor. Orders without a cost are left out, never guessed.";

/** A variant's profit per visitor against control: its lift and always-valid interval, or why there is none yet. */
function profitLiftText(arm: ArmResult): string {
  if (arm.isControl) return "—";
  if (arm.profitLift === undefined) return "Not yet";
  const range = arm.profitIntervalUnbounded ? UNBOUNDED_INTERVAL : intervalText(arm.profitCiLow, arm.profitCiHigh);
  return `${formatLift(arm.profitLift)} (${range})`;
}

export const PROFIT_COMPARISON_NOTE =
  "Profit per visitor vs control: its lift with an interval that stays valid however often you look, from 10 costed orders in each arm. A price test decides on it: a lower price sells more whatever it earns.";

export function ProfitTable({ goal, currency }: { goal: GoalResult; currency: string }) {
  const arms = goal.arms.flatMap((arm) => (arm.profit ? [{ arm, profit: arm.profit }] : []));
  if (arms.length === 0) return null;
  const leftOut = arms.reduce((sum, a) => sum + a.profit.uncostedOrders, 0);
  const hasSubscriptions = arms.some((a) => a.profit.subscriptionOrders > 0);
  // Orders from before units were kept count none: the column shows once any arm has counted a unit.
  const hasUnits = arms.some((a) => a.profit.unitsPerVisitor != null);
  // Once the orders' per-visitor profit is kept in every arm: the comparison a price test decides on (verdict.ts).
  const compared = goal.profitDecidable === true;
  const rows = arms.map(({ arm, profit }) => [
    arm.isControl ? `${arm.name} (control)` : arm.name,
    formatMoney(profit.profitPerVisitor, currency),
    ...(compared ? [profitLiftText(arm)] : []),
    formatMoney(profit.profit, currency),
    ...(hasUnits ? [profit.unitsPerVisitor == null ? "—" : profit.unitsPerVisitor.toFixed(3)] : []),
    formatInteger(profit.costedOrders),
    formatInteger(profit.uncostedOrders),
    ...(hasSubscriptions ? [`${formatInteger(profit.subscriptionOrders)} (${formatMoney(profit.subscriptionNetRevenue, currency)} net)`] : []),
  ]);
  return (
    <BlockStack gap="200">
      <DataTable
        columnContentTypes={["text", "numeric", ...(compared ? (["text"] as const) : []), "numeric", ...(hasUnits ? (["numeric"] as const) : []), "numeric", "numeric", ...(hasSubscriptions ? (["numeric"] as const) : [])]}
        headings={[
          "Arm",
          "Profit per visitor",
          ...(compared ? ["Profit per visitor vs control"] : []),
          `Profit (${currency})`,
          ...(hasUnits ? ["Units per visitor"] : []),
          "Orders with cost",
          "Orders without cost",
          ...(hasSubscriptions ? ["Subscription orders"] : []),
        ]}
        rows={rows}
      />
      <Text as="p" variant="bodySm" tone="subdued">
        {PROFIT_NOTE}
      </Text>
      {compared && (
        <Text as="p" variant="bodySm" tone="subdued">
          {PROFIT_COMPARISON_NOTE}
        </Text>
      )}
      {leftOut > 0 && (
        <Text as="p" variant="bodySm" tone="caution">
          {`${formatInteger(leftOut)} ${leftOut === 1 ? "order is" : "orders are"} left out of profit: no unit cost was known for ${leftOut === 1 ? "it" : "them"} (a variant without a cost in Shopify, or the Admin API did not answer when the order was paid).`}
        </Text>
      )}
      {hasSubscriptions && (
        <Text as="p" variant="bodySm" tone="subdued">
          Subscription orders (bought on a selling plan) are counted in every figure above and shown apart here with their net revenue.
        </Text>
      )}
    </BlockStack>
  );
}
