// One goal's results per arm: the decision's columns first (lift with its interval, the Decided mark, the p-value),
// so they stay in view at the embedded admin's width, then traffic and conversions, then revenue.
import { Badge, BlockStack, DataTable, InlineStack, Text, Tooltip } from "@shopify/polaris";
import type { BadgeProps } from "@shopify/polaris";
import type { ReactNode } from "react";
import { useId } from "react";
import type { ArmMark, ArmStanding } from "~/domain/results/decision-summary";
import { CHANCE_RECONCILIATION, EXPLORATORY_NOTE, intervalText, markText, UNBOUNDED_INTERVAL } from "~/domain/results/decision-words";
import { OUTAGE_INTERVAL } from "~/domain/results/verdict-words";
import { MONEY_SOURCE_WORDS } from "~/domain/events/money-source";
import { chancePriorSentence, type ChancePrior } from "~/domain/results/shop-prior";
import type { ArmResult, GoalResult } from "~/domain/results/view";
import { LiftIntervalBar, intervalDomain, type LiftInterval } from "./LiftIntervalBar";
import { ProfitTable } from "./ProfitTable";
import {
  comparisonErrorText,
  formatCount,
  formatInteger,
  formatLift,
  formatMoney,
  formatPercent,
  formatPValue,
} from "./format";

const P_VALUE_HELP =
  "Always-valid p-value: it stays valid however often you look, so checking every day does not inflate false winners.";
const CHANCE_HELP = "Chance to win: the probability that this arm's conversion rate beats control's.";
const DECIDED_HELP =
  "Decided: the always-valid test (corrected for several variants) has settled this arm against control, or every interval lies within the minimum detectable effect. Not yet: keep the test running.";
const NET_REVENUE_HELP =
  "Net revenue: revenue less refunds and cancelled orders, counted on the day of the purchase; per visitor, and the orders refunded in part or in full (or cancelled) with their share of the arm's orders. Revenue per visitor and its lift use revenue as recorded.";

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
  unbounded,
  lift,
  domain,
  level,
}: {
  arm: ArmResult;
  interval: LiftInterval | null;
  unbounded: boolean;
  lift: number | undefined;
  domain: [number, number];
  level: string;
}): ReactNode {
  if (arm.isControl) return <Text as="span" tone="subdued">Baseline</Text>;
  if ((unbounded || arm.outage) && lift !== undefined) {
    return (
      <BlockStack gap="050">
        <Text as="span" numeric>
          {formatLift(lift)}
        </Text>
        <Text as="span" variant="bodySm" tone="subdued">
          {arm.outage ? OUTAGE_INTERVAL : UNBOUNDED_INTERVAL}
        </Text>
      </BlockStack>
    );
  }
  if (!interval) {
    return (
      <Text as="span" tone="subdued">
        {comparisonErrorText(arm.error ?? "")}
      </Text>
    );
  }
  const range = intervalText(interval.ciLow, interval.ciHigh);
  return (
    <InlineStack gap="200" blockAlign="center" wrap={false}>
      <LiftIntervalBar interval={interval} domain={domain} label={`Lift ${formatLift(interval.lift)}, ${level} interval ${range}`} />
      <BlockStack gap="050">
        <Text as="span" numeric fontWeight="medium">
          {formatLift(interval.lift)}
        </Text>
        <Text as="span" variant="bodySm" tone="subdued" numeric>
          {range}
        </Text>
      </BlockStack>
    </InlineStack>
  );
}

const MARK_TONES: Partial<Record<ArmMark, BadgeProps["tone"]>> = { better: "success", worse: "warning", equivalent: "info" };

function MarkCell({ standing }: { standing: ArmStanding | undefined }): ReactNode {
  const mark = standing?.mark ?? null;
  if (mark === null) return "";
  if (mark === "not-yet" || mark === "exploratory") return <Text as="span" tone="subdued">{markText(mark)}</Text>;
  return <Badge tone={MARK_TONES[mark]}>{markText(mark)}</Badge>;
}

/** The chance to win where it agrees with the decision; with a mark pointing to the reconciling sentence otherwise. */
function chanceText(arm: ArmResult, standing: ArmStanding | undefined): string {
  if (arm.isControl || arm.error) return "";
  const shown = standing?.chance ?? (arm.chanceToWin === undefined ? "hidden" : "agrees");
  if (shown === "hidden") return "—";
  const text = formatPercent(arm.chanceToWin, 1);
  return shown === "reconciled" ? `${text}*` : text;
}

const AOV_HELP =
  "Average order value against control, in money: each visitor's revenue counted up to the test's cap, by the delta method for a ratio of per-visitor sums, with an interval that may be read every day. Shown from 10 orders in both arms.";

/** "+$3.20 (−$1.10 to +$7.50)" for a variant with enough orders; "Baseline" for control; else a dash. */
function aovDifferenceText(arm: ArmResult, currency: string): string {
  if (arm.isControl) return "Baseline";
  if (arm.aovDifference === undefined || arm.aovDifferenceLow === undefined || arm.aovDifferenceHigh === undefined) return "—";
  const signed = (x: number) => `${x > 0 ? "+" : x < 0 ? "−" : ""}${formatMoney(Math.abs(x), currency)}`;
  return `${signed(arm.aovDifference)} (${signed(arm.aovDifferenceLow)} to ${signed(arm.aovDifferenceHigh)})`;
}

export function ArmsTable({
  goal,
  currency,
  alpha,
  standings = [],
  chancePrior,
}: {
  goal: GoalResult;
  currency: string;
  alpha: number;
  /** Each arm's decided mark and how its chance to win stands (decision-summary.ts). */
  standings?: ArmStanding[];
  /** The prior chance to win used (results/shop-prior.ts): said under the primary goal's table and in its help. */
  chancePrior?: ChancePrior;
}) {
  const headingId = useId();
  const level = formatPercent(1 - alpha, 0);
  const rateDomain = intervalDomain(goal.arms.map(rateInterval));
  const revenueDomain = intervalDomain(goal.arms.map(revenueInterval));
  const hasRevenue = goal.arms.some((arm) => arm.revenue !== 0 || arm.averageOrderValue !== null);
  // Net revenue is shown only when something was refunded or cancelled; otherwise it repeats revenue.
  const hasRefunds = goal.arms.some((arm) => arm.netRevenue !== arm.revenue);
  const comparable = (arm: ArmResult) => !arm.isControl && !arm.error;

  const standingOf = (arm: ArmResult) => standings.find((st) => st.armId === arm.armId);
  const priorWords = chancePrior ? chancePriorSentence(chancePrior) : null;
  const reconciled = standings.some((st) => st.chance === "reconciled");

  const conversionRows = goal.arms.map((arm) => [
    <ArmName key="name" arm={arm} />,
    <LiftCell key="lift" arm={arm} interval={rateInterval(arm)} unbounded={arm.intervalUnbounded === true} lift={arm.lift} domain={rateDomain} level={level} />,
    <MarkCell key="mark" standing={standingOf(arm)} />,
    comparable(arm) ? formatPValue(arm.pValue) : "",
    formatPercent(arm.rate),
    `${formatInteger(arm.convertingVisitors)} / ${formatInteger(arm.visitors)}`,
    formatInteger(arm.conversions),
    chanceText(arm, standingOf(arm)),
  ]);

  const revenueRows = goal.arms.map((arm) => [
    <ArmName key="name" arm={arm} />,
    formatMoney(arm.revenue, currency),
    ...(hasRefunds
      ? [`${formatMoney(arm.netRevenue, currency)} (${formatMoney(arm.netRevenuePerVisitor, currency)} per visitor; ${formatCount(arm.refundedOrders, "order")} refunded${arm.refundShare === null ? "" : `, ${formatPercent(arm.refundShare)}`})`]
      : []),
    formatMoney(arm.revenuePerVisitor, currency),
    formatMoney(arm.averageOrderValue, currency),
    aovDifferenceText(arm, currency),
    <LiftCell
      key="lift"
      arm={arm}
      interval={revenueInterval(arm)}
      unbounded={arm.revenueIntervalUnbounded === true}
      lift={arm.revenueLift}
      domain={revenueDomain}
      level={level}
    />,
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
        <span data-svc-money-source={goal.source ?? "browser"}>
          <Text as="p" variant="bodySm" tone="subdued">
            {MONEY_SOURCE_WORDS[goal.source ?? "browser"]}
          </Text>
        </span>
        <DataTable
          columnContentTypes={["text", "text", "text", "numeric", "numeric", "numeric", "numeric", "numeric"]}
          headings={[
            "Arm",
            `Lift vs control (${level} interval)`,
            <HeadingWithHelp key="d" label="Decided" help={DECIDED_HELP} />,
            <HeadingWithHelp key="p" label="p-value" help={P_VALUE_HELP} />,
            "Conversion rate",
            "Converted / visitors",
            "Conversions",
            <HeadingWithHelp key="c" label="Chance to win" help={priorWords ? `${CHANCE_HELP} ${priorWords}` : CHANCE_HELP} />,
          ]}
          rows={conversionRows}
        />
        {priorWords && goal.primary && (
          <span data-svc-chance-prior={chancePrior?.source.kind}>
            <Text as="p" variant="bodySm" tone="subdued">
              {priorWords}
            </Text>
          </span>
        )}
        {reconciled && (
          <Text as="p" variant="bodySm">
            {`* ${CHANCE_RECONCILIATION}`}
          </Text>
        )}
        {hasRevenue ? (
          <DataTable
            columnContentTypes={["text", "numeric", ...(hasRefunds ? (["numeric"] as const) : []), "numeric", "numeric", "text", "text"]}
            headings={[
              "Arm",
              `Revenue (${currency})`,
              ...(hasRefunds ? [<HeadingWithHelp key="net" label="Net revenue" help={NET_REVENUE_HELP} />] : []),
              "Revenue per visitor",
              "Average order value",
              <HeadingWithHelp key="aov" label={`AOV vs control (${level} interval)`} help={AOV_HELP} />,
              `Revenue per visitor lift (${level} interval)`,
            ]}
            rows={revenueRows}
          />
        ) : (
          <Text as="p" tone="subdued">
            No revenue recorded for this goal.
          </Text>
        )}
        <ProfitTable goal={goal} currency={currency} />
        {hasRevenue && goal.cupedVarianceReduction !== undefined && (
          <Text as="p" variant="bodySm" tone="subdued">
            {`Revenue per visitor is adjusted for what each visitor spent before the test (CUPED), which removed ${formatPercent(goal.cupedVarianceReduction, 1)} of its variance.`}
          </Text>
        )}
        <Text as="p" variant="bodySm" tone="subdued">
          {P_VALUE_HELP} {CHANCE_HELP}
          {goal.primary ? "" : ` ${EXPLORATORY_NOTE}`}
        </Text>
      </BlockStack>
    </section>
  );
}
