// Shopify's funnel per arm: visitors reaching each step, their share of the arm's exposed visitors, the
// step-to-step rate and each step's lift against control (docs/results.md, "Funnel").
import { BlockStack, Card, DataTable, Text } from "@shopify/polaris";
import type { Funnel, FunnelStep } from "~/domain/results/view";
import { formatCount, formatInteger, formatLift, formatPercent } from "./format";

/** The step's lift with its interval, "+12.0% (−3.1% to +29.5%)"; a dash on control or without a comparison. */
function liftText(step: FunnelStep): string {
  if (step.lift === undefined) return "—";
  if (step.intervalUnbounded || step.ciLow === undefined || step.ciHigh === undefined) return formatLift(step.lift);
  return `${formatLift(step.lift)} (${formatLift(step.ciLow)} to ${formatLift(step.ciHigh)})`;
}

export function FunnelCard({ funnel, alpha }: { funnel: Funnel; alpha: number }) {
  const rows = funnel.arms.flatMap((arm) =>
    arm.steps.map((step, i) => [
      i === 0 ? `${arm.name} (${formatCount(arm.visitors, "visitor")})` : "",
      step.name,
      formatInteger(step.visitors),
      formatPercent(step.rate),
      formatPercent(step.fromPrevious),
      arm.isControl ? "—" : liftText(step),
    ]),
  );
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h3" variant="headingMd">
          Funnel
        </Text>
        <div id="svc-funnel">
          <DataTable
            columnContentTypes={["text", "text", "numeric", "numeric", "numeric", "numeric"]}
            headings={["Arm", "Step", "Visitors", "Of exposed", "From previous step", `Lift (${formatPercent(1 - alpha, 0)} interval)`]}
            rows={rows}
          />
        </div>
        <Text as="p" tone="subdued">
          Each step counts the exposed visitors who reached it at least once, as its goal does: product views, adds
          to cart and started checkouts as Shopify's web pixel reports them, purchases from the orders. Steps are
          counted apart, so a step can hold visitors the step before it did not see.
        </Text>
      </BlockStack>
    </Card>
  );
}
