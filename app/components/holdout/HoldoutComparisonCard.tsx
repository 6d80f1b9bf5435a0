// The holdout against everyone else over a period (the whole run by default): visitors, conversion rate and
// revenue per visitor per side, and the difference with its always-valid 95 % interval once it holds, or in
// words why there is none yet; then what the card reads.
import { Form } from "@remix-run/react";
import { Banner, BlockStack, Button, Card, DataTable, InlineStack, Select, Text, TextField } from "@shopify/polaris";
import { useState } from "react";
import type { Difference, HoldoutComparison, Period, Withheld } from "~/domain/results/holdout";
import { formatDate, formatInteger, formatMoney, formatPercent } from "~/components/results/format";

interface Props {
  siteId: string;
  currency: string;
  /** The run's first day (YYYY-MM-DD), where the default period starts. */
  startDay: string;
  period: Period;
  fromStart: boolean;
  goals: string[];
  goal: string | null;
  comparison: HoldoutComparison;
  revenueCap: { amount: number; source: "setting" | "p99" } | null;
  reading: { level: number; minConversions: number };
}

const CAP_SOURCE = { setting: "the site's revenue cap", p99: "the 99th percentile of recent orders" } as const;

function withheldText(reason: Withheld, minConversions: number, currency: string): string {
  switch (reason) {
    case "period":
      return "No interval: this period starts after the holdout did";
    case "conversions":
      return `No interval until each side has ${minConversions} visitors who converted and ${minConversions} who did not`;
    case "revenue":
      return `No interval: a side has no revenue in ${currency}`;
    case "skewness":
      return "No interval yet: too few orders for revenue per visitor to be read fairly (Kohavi's rule)";
  }
}

export function HoldoutComparisonCard({ siteId, currency, startDay, period, fromStart, goals, goal, comparison, revenueCap, reading }: Props) {
  const [from, setFrom] = useState(period.from);
  const [to, setTo] = useState(period.to);
  const [chosen, setChosen] = useState(goal ?? "");
  const { holdout, rest } = comparison;
  const level = `${Math.round(reading.level * 100)} %`;
  const money = (v: number) => formatMoney(v, currency);
  const signedMoney = (v: number) => (v > 0 ? "+" : "") + money(v);
  const points = (v: number) => `${v > 0 ? "+" : ""}${(v * 100).toFixed(2)} pts`;
  const diff = (d: Difference | null, format: (v: number) => string, signed: (v: number) => string) => {
    // A side without visitors in the period: nothing to compare, let alone an interval.
    if (!d) return "— (no interval: a side has no visitors in this period)";
    if (d.interval) return `${signed(d.estimate)} (${format(d.interval.low)} to ${format(d.interval.high)})`;
    return `${signed(d.estimate)}. ${withheldText(d.withheld ?? "conversions", reading.minConversions, currency)}`;
  };
  const capped = revenueCap ? `Revenue per visitor, each visitor's up to ${money(revenueCap.amount)}` : "Revenue per visitor (not capped)";
  const perVisitor = (v: number | null) => (v === null ? "—" : money(v));
  return (
    <Card>
      <BlockStack gap="400">
        <Text as="h2" variant="headingMd">
          Holdout against everyone else
        </Text>
        <Form method="get">
          <input type="hidden" name="site" value={siteId} />
          <InlineStack gap="300" blockAlign="end">
            <TextField label="From" type="date" name="from" autoComplete="off" value={from} onChange={setFrom} />
            <TextField label="To" type="date" name="to" autoComplete="off" value={to} onChange={setTo} />
            {goals.length > 0 && <Select label="Goal" name="goal" options={goals.map((g) => ({ label: g, value: g }))} value={chosen} onChange={setChosen} />}
            <Button submit>Show</Button>
          </InlineStack>
        </Form>
        {!fromStart && (
          <Banner tone="warning" title="This period starts after the holdout did">
            <p>
              {`It leaves out the visitors first seen before ${formatDate(period.from)} but counts their later conversions, and it is not the one sample that grows every day, so no interval is shown. Start the period on ${formatDate(startDay)} for intervals.`}
            </p>
          </Banner>
        )}
        <DataTable
          columnContentTypes={["text", "numeric", "numeric", "text"]}
          headings={["", "Holdout", "Everyone else", `Difference (${level} interval)`]}
          rows={[
            ["Visitors", formatInteger(holdout.visitors), formatInteger(rest.visitors), ""],
            [`Conversion rate${goal ? ` (${goal})` : ""}`, formatPercent(holdout.conversionRate), formatPercent(rest.conversionRate), diff(comparison.conversionRate, points, points)],
            [capped, perVisitor(holdout.cappedRevenuePerVisitor), perVisitor(rest.cappedRevenuePerVisitor), diff(comparison.revenuePerVisitor, money, signedMoney)],
            ["Revenue per visitor, as recorded", perVisitor(holdout.revenuePerVisitor), perVisitor(rest.revenuePerVisitor), ""],
          ]}
        />
        <Text as="p" tone="subdued">
          {`From ${formatDate(period.from)} to ${formatDate(period.to)}: visitors first seen in the period, and their conversions on the goal in it. ` +
            "The difference is everyone else minus the holdout: what your running tests and shipped winners add together. " +
            `By default the period is the whole holdout, from its first day: one sample that grows every day, so its ${level} interval stays valid however often you look (an always-valid confidence sequence). ` +
            `An interval appears once each side has ${reading.minConversions} visitors who converted and ${reading.minConversions} who did not; before that one side's few conversions would decide it.`}
        </Text>
        <Text as="p" tone="subdued">
          {(revenueCap
            ? `Revenue per visitor is compared with each visitor's revenue counted up to ${money(revenueCap.amount)} (${CAP_SOURCE[revenueCap.source]}), fixed when this holdout started, so that one big order cannot swing it. `
            : "This holdout's revenue is not capped (it started before holdouts were capped, or the site had too few recent orders for a cap), so a few big orders weigh on it. ") +
            "Its interval waits until its difference is near-normal by Kohavi's rule: with a small holdout, rare big orders would otherwise make it lean to one side. Revenue as recorded is shown, not compared."}
        </Text>
      </BlockStack>
    </Card>
  );
}
