// The exploratory segment breakdown: pick a dimension and a goal, see each segment's arms with rate, lift and
// an interval corrected for the segments × variants shown. Labelled exploratory: the verdict never reads it.
import { useState } from "react";
import { Badge, BlockStack, Card, DataTable, InlineStack, Select, Text } from "@shopify/polaris";
import type { SegmentsView } from "~/domain/results/segments";
import { formatInteger, formatLift, formatMoney, formatPercent } from "./format";

export function SegmentsCard({ segments, goals, currency }: { segments: SegmentsView; goals: readonly string[]; currency: string }) {
  const [dimension, setDimension] = useState(segments.dimensions[0]?.dimension ?? "");
  const [goal, setGoal] = useState(goals[0] ?? "");
  const shown = segments.dimensions.find((d) => d.dimension === dimension) ?? segments.dimensions[0];
  return (
    <Card>
      <BlockStack gap="300" id="segments">
        <InlineStack gap="200" blockAlign="center">
          <Text as="h3" variant="headingMd">
            Segments (exploratory)
          </Text>
          <Badge tone="info">Exploratory</Badge>
        </InlineStack>
        <Text as="p" tone="subdued">
          For exploring only: these figures never change the test&apos;s verdict. A visitor counts in the segment of
          their first exposure. Each interval is widened for the number of segments × variants shown (Bonferroni),
          so that looking at many segments does not make chance differences look real.
        </Text>
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
            <Text as="p" tone="subdued">
              {`${formatInteger(shown.comparisons)} comparisons: each interval at ${formatPercent(shown.confidence, 2)} confidence.`}
            </Text>
            <DataTable
              columnContentTypes={["text", "text", "numeric", "numeric", "numeric", "numeric", "text"]}
              headings={["Segment", "Arm", "Visitors", "Conversion rate", "Revenue per visitor", "Lift", "Corrected interval"]}
              rows={shown.segments.flatMap((segment) => {
                const arms = segment.goals.find((g) => g.goal === goal)?.arms ?? segment.goals[0]?.arms ?? [];
                return arms.map((arm, i) => [
                  i === 0 ? segment.label : "",
                  arm.name,
                  formatInteger(arm.visitors),
                  formatPercent(arm.rate),
                  formatMoney(arm.revenuePerVisitor, currency),
                  arm.isControl ? "—" : formatLift(arm.lift),
                  arm.isControl || arm.ciLow === undefined ? "—" : `${formatLift(arm.ciLow)} to ${formatLift(arm.ciHigh)}`,
                ]);
              })}
            />
          </>
        )}
      </BlockStack>
    </Card>
  );
}
