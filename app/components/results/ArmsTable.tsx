// One goal's results per arm: traffic and conversions with the lift against control, then revenue.
import { Badge, BlockStack, DataTable, InlineStack, Text, Tooltip } from "@shopify/polaris";
import type { ReactNode } from "react";
import { useId } from "react";
import type { ArmResult, GoalResult } from "~/domain/results/view";
import { LiftIntervalBar, intervalDomain, type LiftInterval } from "./LiftIntervalBar";
import {
  comparisonErrorText,
  formatInteger,
  formatLift,
  formatMoney,
  formatPercent,
  formatPValue,
} from "./format";

const P_VALUE_HELP =
  "Always-valid p-value: it stays valid however often you look, so checking every day does not inflate false winners.";
const CHANCE_HELP = "Chance to win: the probability that this arm's conversion rate beats control's.";
const NET_REVENUE_HELP =
  "Net revenue: revenue less refunds and cancelled orders, counted on the day of the purchase. Revenue per visitor and its lift use revenue as recorded.";

function rateInterval(arm: ArmResult): LiftInterval | null {
  return arm.lift !== undefined && arm.ciLow !== undefined && arm.ciHigh !== undefined
    ? { lift: arm.lift, ciLow: arm.ciLow, ciHigh: arm.ciHigh }
    : null;
}

function revenueInterval(arm: ArmResult): LiftInterval | null {
  return arm.revenueLift !== undefined && arm.revenueCiLow !== undefined && arm.revenueCiHigh !== undefined
    ? { lift: arm.revenueLift, ciLow: arm.revenueCiLow, ciHigh: arm.revenueCiHigh }
    : null;
}

function HeadingWithHelp({ label, help }: { label: string; help: string }) {
  return (
    <Tooltip content={help} hasUnderline>
      <Text as="span" fontWeight="medium">
        {label}
      </Text>
    </Tooltip>
  );
}

function ArmName({ arm }: { arm: ArmResult }) {
  return (
    <InlineStack gap="100" blockAlign="center" wrap={false}>
      <Text as="span" fontWeight="semibold">
        {arm.name}
      </Text>
      {arm.isControl && <Badge>Control</Badge>}
    </InlineStack>
  );
}

function LiftCell({
  arm,
  interval,
  domain,
  level,
}: {
  arm: ArmResult;
  interval: LiftInterval | null;
  domain: [number, number];
  level: string;
}): ReactNode {
  if (arm.isControl) return <Text as="span" tone="subdued">Baseline</Text>;
  if (!interval) {
    return (
      <Text as="span" tone="subdued">
        {comparisonErrorText(arm.error ?? "")}
      </Text>
    );
  }
  const range = `${formatLift(interval.ciLow)} to ${formatLift(interval.ciHigh)}`;
  const text = `${formatLift(interval.lift)} (${range})`;
  return (
    <InlineStack gap="200" blockAlign="center" wrap={false}>
      <LiftIntervalBar interval={interval} domain={domain} label={`Lift ${formatLift(interval.lift)}, ${level} interval ${range}`} />
      <Text as="span" numeric>
        {text}
      </Text>
    </InlineStack>
  );
}

export function ArmsTable({ goal, currency, alpha }: { goal: GoalResult; currency: string; alpha: number }) {
  const headingId = useId();
  const level = formatPercent(1 - alpha, 0);
  const rateDomain = intervalDomain(goal.arms.map(rateInterval));
  const revenueDomain = intervalDomain(goal.arms.map(revenueInterval));
  const hasRevenue = goal.arms.some((arm) => arm.revenue !== 0 || arm.averageOrderValue !== null);
  // Net revenue is shown only when something was refunded or cancelled; otherwise it repeats revenue.
  const hasRefunds = goal.arms.some((arm) => arm.netRevenue !== arm.revenue);
  const comparable = (arm: ArmResult) => !arm.isControl && !arm.error;

  const conversionRows = goal.arms.map((arm) => [
    <ArmName key="name" arm={arm} />,
    formatInteger(arm.visitors),
    formatInteger(arm.convertingVisitors),
    formatInteger(arm.conversions),
    formatPercent(arm.rate),
    <LiftCell key="lift" arm={arm} interval={rateInterval(arm)} domain={rateDomain} level={level} />,
    comparable(arm) ? formatPValue(arm.pValue) : "",
    comparable(arm) ? formatPercent(arm.chanceToWin, 1) : "",
  ]);

  const revenueRows = goal.arms.map((arm) => [
    <ArmName key="name" arm={arm} />,
    formatMoney(arm.revenue, currency),
    ...(hasRefunds ? [formatMoney(arm.netRevenue, currency)] : []),
    formatMoney(arm.revenuePerVisitor, currency),
    formatMoney(arm.averageOrderValue, currency),
    <LiftCell key="lift" arm={arm} interval={revenueInterval(arm)} domain={revenueDomain} level={level} />,
  ]);

  return (
    <section aria-labelledby={headingId}>
      <BlockStack gap="300">
        <InlineStack gap="200" blockAlign="center">
          <Text as="h3" variant="headingMd" id={headingId}>
            {goal.goal}
          </Text>
          {goal.primary && <Badge tone="info">Primary goal</Badge>}
        </InlineStack>
        <DataTable
          columnContentTypes={["text", "numeric", "numeric", "numeric", "numeric", "text", "numeric", "numeric"]}
          headings={[
            "Arm",
            "Visitors",
            "Converting visitors",
            "Conversions",
            "Conversion rate",
            `Lift vs control (${level} interval)`,
            <HeadingWithHelp key="p" label="p-value" help={P_VALUE_HELP} />,
            <HeadingWithHelp key="c" label="Chance to win" help={CHANCE_HELP} />,
          ]}
          rows={conversionRows}
        />
        {hasRevenue ? (
          <DataTable
            columnContentTypes={["text", "numeric", ...(hasRefunds ? (["numeric"] as const) : []), "numeric", "numeric", "text"]}
            headings={[
              "Arm",
              `Revenue (${currency})`,
              ...(hasRefunds ? [<HeadingWithHelp key="net" label="Net revenue" help={NET_REVENUE_HELP} />] : []),
              "Revenue per visitor",
              "Average order value",
              `Revenue per visitor lift (${level} interval)`,
            ]}
            rows={revenueRows}
          />
        ) : (
          <Text as="p" tone="subdued">
            No revenue recorded for this goal.
          </Text>
        )}
        <Text as="p" variant="bodySm" tone="subdued">
          {P_VALUE_HELP} {CHANCE_HELP}
        </Text>
      </BlockStack>
    </section>
  );
}
