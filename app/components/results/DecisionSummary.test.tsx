// The decision summary and the results table as the server renders them: one decision at the top, its called
// lift and worth, how long to go only while undecided, and the table's Decided column and chance beside it.
import { describe, expect, it } from "vitest";
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { AppProvider } from "@shopify/polaris";
import enTranslations from "@shopify/polaris/locales/en.json" with { type: "json" };
import { buildResults, type RollupRow } from "~/domain/results/build-results";
import { decisionSummary } from "~/domain/results/decision-summary";
import type { ResultsView } from "~/domain/results/view";
import { ArmsTable } from "./ArmsTable";
import { DecisionSummary } from "./DecisionSummary";

const render = (element: ReactElement) => renderToStaticMarkup(<AppProvider i18n={enTranslations}>{element}</AppProvider>);
const text = (html: string) => html.replace(/<[^>]*>/g, " ").replace(/\s+/g, " ");

function rows(control: [number, number, number], variant: [number, number, number]): RollupRow[] {
  return (["a", "b"] as const).flatMap((armId, i) => {
    const [visitors, converting, revenue] = i === 0 ? control : variant;
    const base = { armId, day: "2026-11-09", exposures: 0, exposedVisitors: 0, convertingVisitors: 0, conversions: 0, revenue: 0, revenueSquares: 0, refunded: 0 };
    return [
      { ...base, goal: "", currency: "", exposedVisitors: visitors },
      { ...base, goal: "purchase", currency: "USD", convertingVisitors: converting, conversions: converting, revenue, revenueSquares: converting > 0 ? revenue ** 2 / converting : 0, cappedRevenueCubes: converting > 0 ? revenue ** 3 / converting ** 2 : 0 },
    ];
  });
}

function results(rollups: RollupRow[], status = "running"): ResultsView {
  return buildResults({
    test: { id: "t", name: "T", status, startedAt: status === "draft" ? null : "2026-11-01T00:00:00Z", pages: ["/"], trafficPercent: 100, minDetectableEffect: 0.1 },
    arms: [{ id: "a", key: "control", name: "Original", weight: 1 }, { id: "b", key: "b", name: "Bold", weight: 1 }],
    goals: [{ label: "purchase", isPrimary: true }],
    currency: "USD",
    rollups,
    flicker: [],
  });
}

describe("DecisionSummary", () => {
  it("ships a winner with its interval and worth, and no how long to go", () => {
    const summary = decisionSummary(results(rows([10_000, 500, 20_000], [10_000, 800, 32_000])), { today: "2026-11-10" });
    const html = text(render(<DecisionSummary summary={summary} />));
    expect(html).toContain("Ship Bold");
    expect(html).toMatch(/lift \+60\.0% \(\+\d+\.\d% to \+\d+\.\d%\)/);
    expect(html).toMatch(/Worth about \$[\d,]+ a month in revenue at current traffic/);
    expect(html).not.toContain("How long to go");
  });

  it("says how long to go while undecided, and a draft is not started", () => {
    const running = decisionSummary(results(rows([2000, 200, 0], [2000, 205, 0])), { today: "2026-11-10" });
    expect(text(render(<DecisionSummary summary={running} />))).toMatch(/Keep running: about [\d,]+ days more .*How long to go About [\d,]+ days more/);
    const draft = text(render(<DecisionSummary summary={decisionSummary(results([], "draft"), { today: "2026-11-10" })} />));
    expect(draft).toContain("Not started");
    expect(draft).not.toContain("Collecting");
  });

  it("says a completed test's data names no winner, with each arm's figures, and no green success", () => {
    const html = render(<DecisionSummary summary={decisionSummary(results([], "completed"), { today: "2026-11-10", declaredWinner: "Bold" })} />);
    expect(text(html)).toContain("Completed: the data names no winner");
    expect(text(html)).toContain("You declared Bold the winner, but the data does not name it.");
    expect(text(html)).toContain("Bold: 0 visitors, 0 converted (no rate).");
    expect(html).not.toContain("Polaris-Badge--toneSuccess");
  });
});

describe("ArmsTable with the decision", () => {
  it("puts lift, Decided and p-value first, marks the decided arm, and reconciles a chance that claims more", () => {
    const view = results(rows([2000, 200, 0], [2000, 205, 0]));
    const variant = { ...view.goals[0]!.arms[1]!, pValue: 0.797, chanceToWin: 0.966 };
    const claimed: ResultsView = { ...view, goals: [{ ...view.goals[0]!, arms: [view.goals[0]!.arms[0]!, variant] }] };
    const summary = decisionSummary(claimed, { today: "2026-11-10" });
    const html = render(<ArmsTable goal={claimed.goals[0]!} currency="USD" alpha={0.05} standings={summary.goals[0]!.arms} />);
    const headings = [...html.matchAll(/<th[^>]*scope="col"[^>]*>(.*?)<\/th>/g)].map((m) => text(m[1] ?? "").trim());
    expect(headings.slice(0, 4)).toEqual(["Arm", "Lift vs control (95% interval)", "Decided", "p-value"]);
    expect(text(html)).toContain("Not yet");
    expect(text(html)).toContain("96.6%*");
    expect(text(html)).toContain("* Chance to win uses a prior and no correction for looking every day; the decision waits for the always-valid test.");

    const won = results(rows([10_000, 500, 0], [10_000, 800, 0]));
    const decided = render(<ArmsTable goal={won.goals[0]!} currency="USD" alpha={0.05} standings={decisionSummary(won, { today: "2026-11-10" }).goals[0]!.arms} />);
    expect(text(decided)).toContain("Decided: better");
    expect(text(decided)).not.toContain("*");
  });

  it("says too uncertain to put a range on for an unbounded interval, and never prints below −100%", () => {
    const view = results(rows([2000, 200, 0], [2000, 205, 0]));
    const { ciLow: _l, ciHigh: _h, ...rest } = view.goals[0]!.arms[1]!;
    const vague = render(<ArmsTable goal={{ ...view.goals[0]!, arms: [view.goals[0]!.arms[0]!, { ...rest, lift: 0.5, intervalUnbounded: true }] }} currency="USD" alpha={0.05} />);
    expect(text(vague)).toContain("+50.0% too uncertain to put a range on");
    const low = render(<ArmsTable goal={{ ...view.goals[0]!, arms: [view.goals[0]!.arms[0]!, { ...rest, lift: -0.5, ciLow: -3.71, ciHigh: 4.33 }] }} currency="USD" alpha={0.05} />);
    expect(text(low)).toContain("-100.0% to +433.0%");
    expect(text(low)).not.toMatch(/-(?:[2-9]\d\d|1\d\d\.[1-9]|1[1-9]\d|\d{4,})[\d.,]*%/);
  });
});
