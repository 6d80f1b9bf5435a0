// The exploratory segment breakdown: pick a dimension and a goal, see each segment's arms with rate, lift and
// an always-valid interval corrected for every interval the card can show, and how to read them. Labelled
// exploratory: the verdict never reads it.
import { useState } from "react";
import { Badge, BlockStack, Card, DataTable, InlineStack, Select, Text } from "@shopify/polaris";
import { MIN_SEGMENT_CONVERTING, type SegmentArm, type SegmentsView } from "~/domain/results/segments";
import { comparisonErrorText, formatCount, formatInteger, formatLift, formatMoney, formatPercent } from "./format";

// An arm without visitors, or without spread, in the page's own table's words: the segment's cell says the same.
const NO_INTERVAL: Record<NonNullable<SegmentArm["noInterval"]>, string> = {
  "no-visitors": comparisonErrorText("no-users"),
  "zero-variance": comparisonErrorText("zero-variance"),
  "too-few-conversions": "Too few conversions yet",
  "too-uncertain": "Too uncertain yet",
};

function intervalText(arm: SegmentArm): string {
  if (arm.isControl) return "—";
  if (arm.ciLow !== undefined && arm.ciHigh !== undefined) return `${formatLift(arm.ciLow)} to ${formatLift(arm.ciHigh)}`;
  return arm.noInterval ? NO_INTERVAL[arm.noInterval] : "—";
}

/**
 * A lift only beside its interval, or where the interval has no ends (as the page's table shows an unbounded one):
 * before a segment has the conversions for an interval, its lift is a story from a handful of visitors.
 */
function liftText(arm: SegmentArm): string {
  if (arm.isControl) return "—";
  return (arm.ciLow !== undefined && arm.ciHigh !== undefined) || arm.noInterval === "too-uncertain" ? formatLift(arm.lift) : "—";
}

/** Enough decimals that a confidence short of 100% never prints as 100.00%. */
const confidenceText = (confidence: number) =>
  formatPercent(confidence, Math.max(2, Math.ceil(-Math.log10(Math.max(1e-12, 100 * (1 - confidence))))));

export function SegmentsCard({ segments, goals, currency }: { segments: SegmentsView; goals: readonly string[]; currency: string }) {
  const [dimension, setDimension] = useState(segments.dimensions[0]?.dimension ?? "");
  const [goal, setGoal] = useState(goals[0] ?? "");
  const shown = segments.dimensions.find((d) => d.dimension === dimension) ?? segments.dimensions[0];
  return (
    <Card>
      <BlockStack gap="300" id="segments">
        <SegmentsHeading />
        <Text as="p" tone="subdued">
          For exploring only: these figures never change the test&apos;s verdict. A visitor counts in the segment of
          their first exposure.
        </Text>
        {segments.comparisons > 0 && (
          <Text as="p">
            {`How to read the intervals: each stays valid however often you look, and each is widened for ${segments.comparisons === 1 ? "the" : "all"} ${formatCount(segments.comparisons, "interval")} this card can show (every segment of every dimension, for each variant and goal), so each is at ${confidenceText(segments.confidence)} confidence. `}
            {`An interval that excludes 0 is unlikely to be chance. One that includes 0 does not mean the segment reacted like the others: a segment has few visitors, so its interval is wide. Take a segment's difference as a question for a new test, not as its answer. An interval appears once the variant and control each have ${MIN_SEGMENT_CONVERTING} converting visitors in the segment.`}
          </Text>
        )}
        {!shown ? (
          <Text as="p">No segment figures yet: they are kept for visitors exposed since segments were introduced.</Text>
        ) : (
          <>
            <InlineStack gap="300">
              <Select
                label="Segment by"
                options={segments.dimensions.map((d) => ({ label: d.label, value: d.dimension }))}
                value={shown.dimension}
                onChange={setDimension}
              />
              {goals.length > 1 && <Select label="Goal" options={goals.map((g) => ({ label: g, value: g }))} value={goal} onChange={setGoal} />}
            </InlineStack>
            <DataTable
              columnContentTypes={["text", "text", "numeric", "numeric", "numeric", "numeric", "text"]}
              headings={["Segment", "Arm", "Visitors", "Conversion rate", "Revenue per visitor", "Lift", "Always-valid interval"]}
              rows={shown.segments.flatMap((segment) => {
                const arms = segment.goals.find((g) => g.goal === goal)?.arms ?? segment.goals[0]?.arms ?? [];
                return arms.map((arm, i) => [
                  i === 0 ? segment.label : "",
                  arm.name,
                  formatInteger(arm.visitors),
                  formatPercent(arm.rate),
                  formatMoney(arm.revenuePerVisitor, currency),
                  liftText(arm),
                  intervalText(arm),
                ]);
              })}
            />
          </>
        )}
      </BlockStack>
    </Card>
  );
}

/** The card's title, the same whether its figures are read yet or not (SegmentsPanel). */
export function SegmentsHeading() {
  return (
    <InlineStack gap="200" blockAlign="center">
      <Text as="h3" variant="headingMd">
        Segments (exploratory)
      </Text>
      <Badge tone="info">Exploratory</Badge>
    </InlineStack>
  );
}
