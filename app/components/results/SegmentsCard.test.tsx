import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { AppProvider } from "@shopify/polaris";
import enTranslations from "@shopify/polaris/locales/en.json" with { type: "json" };
import { buildSegments, type SegmentRollupRow } from "~/domain/results/segments";
import { comparisonErrorText, formatLift } from "./format";
import { SegmentsCard } from "./SegmentsCard";

const arms = [{ id: "a", name: "Control" }, { id: "b", name: "Variant" }];
const row = (armId: string, value: string, goal: string, exposedVisitors: number, convertingVisitors: number): SegmentRollupRow => ({
  armId, goal, currency: goal ? "USD" : "", dimension: "device", value, exposedVisitors, convertingVisitors, conversions: convertingVisitors, revenue: 0, revenueSquares: 0,
});
const rows = [
  row("a", "mobile", "", 4000, 0), row("b", "mobile", "", 4000, 0), row("a", "mobile", "buy", 0, 200), row("b", "mobile", "buy", 0, 260),
  row("a", "tablet", "", 100, 0), row("b", "tablet", "", 100, 0), row("a", "tablet", "buy", 0, 4), row("b", "tablet", "buy", 0, 6),
];
const render = (segments: ReturnType<typeof buildSegments>, goals = ["buy"]) =>
  renderToStaticMarkup(
    <AppProvider i18n={enTranslations}>
      <SegmentsCard segments={segments} goals={goals} currency="USD" />
    </AppProvider>,
  ).replace(/&#x27;/g, "'");

/** The text of each cell of the segment's rows (its two arms), from the segment's label on. */
function cellsOf(html: string, segment: string): string[] {
  const cells = [...html.matchAll(/<t[hd][^>]*>(.*?)<\/t[hd]>/g)].map((m) => m[1]!.replace(/<[^>]*>/g, "").trim());
  const start = cells.indexOf(segment);
  return start < 0 ? [] : cells.slice(start, start + 14);
}

describe("SegmentsCard", () => {
  it("says how to read the intervals: always valid, corrected for every interval the card shows, at the stated confidence", () => {
    const segments = buildSegments({ arms, goals: ["buy", "cart"], currency: "USD", rows });
    const html = render(segments, ["buy", "cart"]);
    expect(html).toContain("never change the test's verdict");
    // 2 devices × 1 variant × 2 goals.
    expect(html).toContain("each stays valid however often you look, and each is widened for all 4 intervals this card can show");
    expect(html).toContain("so each is at 98.75% confidence");
    expect(html).toContain("once the variant and control each have 10 converting visitors");
    const mobile = segments.dimensions[0]!.segments[0]!.goals[0]!.arms[1]!;
    expect(html).toContain(`${formatLift(mobile.ciLow)} to ${formatLift(mobile.ciHigh)}`);
    // Tablet has 4 and 6 converting visitors: no interval, and the reason; nor its +50.0% lift, a story from 10 visitors.
    expect(cellsOf(html, "Tablet")).toEqual(["Tablet", "Control", "100", "4.00%", "$0.00", "—", "—", "", "Variant", "100", "6.00%", "$0.00", "—", "Too few conversions yet"]);
  });

  it("gives one visitor per arm no lift and no interval, and says why in the words of the page's own table", () => {
    const one = [row("a", "mobile", "", 1, 0), row("b", "mobile", "", 1, 0), row("a", "mobile", "buy", 0, 1), row("b", "mobile", "buy", 0, 1)];
    const html = render(buildSegments({ arms, goals: ["buy"], currency: "USD", rows: one }));
    // Both converted: the arms table's zero-variance sentence, not "0.0%" and "0.0% to 0.0%".
    expect(cellsOf(html, "Mobile")).toEqual(["Mobile", "Control", "1", "100.0%", "$0.00", "—", "—", "", "Variant", "1", "100.0%", "$0.00", "—", comparisonErrorText("zero-variance")]);
    expect(html).not.toMatch(/0\.0% to/);
  });

  it("says an arm has no visitors in a segment where only the other arm has some", () => {
    const lone = [row("b", "tablet", "", 3, 0), row("b", "tablet", "buy", 0, 1), ...rows.slice(0, 4)];
    const html = render(buildSegments({ arms, goals: ["buy"], currency: "USD", rows: lone }));
    expect(cellsOf(html, "Tablet").slice(-2)).toEqual(["—", comparisonErrorText("no-users")]);
  });

  it("prints a confidence short of 100% with the decimals it needs", () => {
    const many = buildSegments({ arms, goals: ["buy"], currency: "USD", rows, alpha: 0.05 });
    expect(render({ ...many, comparisons: 1000, confidence: 1 - 0.05 / 1000 })).toContain("at 99.995% confidence");
  });

  it("says the one interval in the singular", () => {
    const one = buildSegments({ arms, goals: ["buy"], currency: "USD", rows: rows.filter((r) => r.value === "mobile") });
    expect(one.comparisons).toBe(1);
    expect(render(one)).toContain("each is widened for the 1 interval this card can show");
  });

  it("says nothing about intervals when the card can show none", () => {
    const html = render(buildSegments({ arms: arms.slice(0, 1), goals: ["buy"], currency: "USD", rows }));
    expect(html).not.toContain("How to read the intervals");
    expect(html).toContain("Segments (exploratory)");
  });
});
