import { describe, expect, it } from "vitest";
import { buildResults } from "~/domain/results/build-results";
import { decisionSummary } from "~/domain/results/decision-summary";
import { decisionWords } from "~/domain/results/decision-words";
import { RESULTS_SCENARIOS } from "./results-scenarios";

const TODAY = "2026-11-25";

/** The page's view of a scenario as the seed writes it: the real buildResults on its rollups. */
function pageOf(scenario: (typeof RESULTS_SCENARIOS)[number]) {
  const view = buildResults({
    test: { id: scenario.id, name: scenario.name, status: "running", startedAt: "2026-10-01T00:00:00.000Z", pages: ["/demo"], trafficPercent: 100, minDetectableEffect: 0.1 },
    arms: scenario.arms,
    goals: [{ label: scenario.goal, isPrimary: true }],
    currency: "USD",
    rollups: scenario.rows(TODAY),
    flicker: [],
  });
  return { view, summary: decisionSummary(view, { today: TODAY }) };
}

describe("the demo's results examples", () => {
  it("seed one test per state the page can show", () => {
    expect(RESULTS_SCENARIOS.map((s) => s.state).sort()).toEqual(["collecting", "keep-control", "keep-running", "no-difference", "ship", "srm"]);
  });

  it.each(RESULTS_SCENARIOS.map((s) => [s.state, s] as const))("lands in %s through the real buildResults", (state, scenario) => {
    const { view, summary } = pageOf(scenario);
    expect(summary.state).toBe(state);
    // Every interval on the page stays above −100%.
    for (const goal of view.goals) for (const arm of goal.arms) if (arm.ciLow !== undefined) expect(arm.ciLow).toBeGreaterThan(-1);
    const words = decisionWords(summary);
    expect(words.title.length).toBeGreaterThan(0);
    // The ship example's orders have their costs (95.5% of them): its worth is counted in profit, with revenue per
    // visitor's figure and a range of positive money beside it, as the browser test reads it.
    if (state === "ship") expect(summary.worth).toMatchObject({ metric: "profit", perMonth: expect.any(Number), revenue: { low: expect.any(Number) } });
    if (state === "ship") expect(Math.min(summary.worth!.perMonth, summary.worth!.revenue!.low!)).toBeGreaterThan(0);
    if (state === "keep-running") expect(summary.timeToGo).toMatchObject({ days: expect.any(Number) });
    // Returning buyers are seeded with the revenue they brought before exposure, so the page says what CUPED removed.
    if (state !== "collecting") expect(view.goals[0]?.cupedVarianceReduction).toBeGreaterThan(0);
  });

  it("ends each example on the day it is seeded, so none reads as stalled traffic", () => {
    for (const scenario of RESULTS_SCENARIOS) expect(scenario.rows(TODAY).map((r) => r.day).sort().at(-1)).toBe(TODAY);
  });
});
