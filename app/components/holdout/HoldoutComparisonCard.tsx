// The holdout against everyone else over a period: visitors, conversion rate and revenue per visitor per
// side, and the difference with its always-valid 95 % interval.
import { Form } from "@remix-run/react";
import { BlockStack, Button, Card, DataTable, InlineStack, Select, Text, TextField } from "@shopify/polaris";
import { useState } from "react";
import type { Difference, HoldoutComparison, Period } from "~/domain/results/holdout";
import { formatInteger, formatMoney, formatPercent } from "~/components/results/format";

interface Props {
  siteId: string;
  currency: string;
  period: Period;
  goals: string[];
  goal: string | null;
  comparison: HoldoutComparison;
}

export function HoldoutComparisonCard({ siteId, currency, period, goals, goal, comparison }: Props) {
  const [from, setFrom] = useState(period.from);
  const [to, setTo] = useState(period.to);
  const [chosen, setChosen] = useState(goal ?? "");
  const { holdout, rest } = comparison;
  const diff = (d: Difference | null, format: (v: number) => string, signed: (v: number) => string) =>
    d ? `${signed(d.estimate)} (${format(d.ciLow)} to ${format(d.ciHigh)})` : "—";
  const money = (v: number) => formatMoney(v, currency);
  const signedMoney = (v: number) => (v > 0 ? "+" : "") + money(v);
  const points = (v: number) => `${v > 0 ? "+" : ""}${(v * 100).toFixed(2)} pts`;
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
        <DataTable
          columnContentTypes={["text", "numeric", "numeric", "text"]}
          headings={["", "Holdout", "Everyone else", "Difference (95 % interval)"]}
          rows={[
            ["Visitors", formatInteger(holdout.visitors), formatInteger(rest.visitors), ""],
            [`Conversion rate${goal ? ` (${goal})` : ""}`, formatPercent(holdout.conversionRate), formatPercent(rest.conversionRate), diff(comparison.conversionRate, points, points)],
            ["Revenue per visitor", holdout.revenuePerVisitor === null ? "—" : money(holdout.revenuePerVisitor), rest.revenuePerVisitor === null ? "—" : money(rest.revenuePerVisitor), diff(comparison.revenuePerVisitor, money, signedMoney)],
          ]}
        />
        <Text as="p" tone="subdued">
          Visitors first seen in the period, and their conversions on the goal in it. The difference is everyone else minus the
          holdout: what your running tests and shipped winners add together. Its interval stays valid however often you look
          (an always-valid confidence sequence, as on a test&apos;s results).
        </Text>
      </BlockStack>
    </Card>
  );
}
