// The decision's action and its confirmation's words, on summaries built through the real results pipeline.
import { describe, expect, it } from "vitest";
import { buildResults, type RollupRow } from "./build-results";
import { decisionSummary, type DecisionSummary } from "./decision-summary";
import { againstDataWarning, dataChoice, decidingFigures, decisionAction, servedToSentences } from "./ship-choice";

const ARMS = [
  { id: "a", name: "Original" },
  { id: "b", name: "Bold" },
  { id: "c", name: "Bright" },
];

/** One day of rollups: visitors and converting visitors per arm, in ARMS order. */
function rows(perArm: Array<[number, number]>): RollupRow[] {
  return perArm.flatMap(([visitors, converting], i) => {
    const base = { armId: ARMS[i]!.id, day: "2026-11-09", exposures: 0, exposedVisitors: 0, convertingVisitors: 0, conversions: 0, revenue: 0, revenueSquares: 0, refunded: 0 };
    return [
      { ...base, goal: "", currency: "", exposedVisitors: visitors },
      { ...base, goal: "signup", currency: "", convertingVisitors: converting, conversions: converting },
    ];
  });
}

function summary(perArm: Array<[number, number]>, status = "running"): DecisionSummary {
  const view = buildResults({
    test: { id: "t", name: "T", status, startedAt: "2026-11-01T00:00:00Z", pages: ["/"], trafficPercent: 100, minDetectableEffect: 0.1 },
    arms: ARMS.slice(0, perArm.length).map((a, i) => ({ id: a.id, key: i === 0 ? "control" : a.id, name: a.name, weight: 1 })),
    goals: [{ label: "signup", isPrimary: true }],
    currency: "USD",
    rollups: rows(perArm),
    flicker: [],
  });
  return decisionSummary(view, { today: "2026-11-10" });
}

const SHIP = () => summary([[10_000, 500], [10_000, 800], [10_000, 505]]);
const KEEP = () => summary([[10_000, 800], [10_000, 500], [10_000, 490]]);
const EQUAL = () => summary([[80_000, 8_000], [80_000, 8_000], [80_000, 8_000]]);
const NONE = () => summary([[0, 0], [0, 0], [0, 0]]);

describe("the decision's action", () => {
  it("ships the called variant, keeps the original, or ends without a winner, as the data says", () => {
    expect(SHIP().state).toBe("ship");
    expect(decisionAction(SHIP(), ARMS)).toEqual({ label: "Ship Bold", choice: { winnerArmId: "b", serve: true } });
    expect(KEEP().state).toBe("keep-control");
    expect(decisionAction(KEEP(), ARMS)).toEqual({ label: "Keep the original", choice: { winnerArmId: "a", serve: false } });
    expect(EQUAL().state).toBe("no-difference");
    expect(decisionAction(EQUAL(), ARMS)).toEqual({ label: "End: no difference", choice: { winnerArmId: null, serve: false } });
  });

  it("offers nothing while undecided or once the test has ended", () => {
    expect(dataChoice(NONE(), ARMS)).toBeNull();
    expect(decisionAction(NONE(), ARMS)).toBeNull();
    expect(decisionAction(summary([[10_000, 500], [10_000, 800], [10_000, 505]], "completed"), ARMS)).toBeNull();
  });
});

describe("againstDataWarning", () => {
  it("stays silent when the choice is the data's", () => {
    for (const s of [SHIP(), KEEP(), EQUAL()]) expect(againstDataWarning(s, ARMS, dataChoice(s, ARMS)!)).toBeNull();
    // Keeping the page as it is where no variant is called shows visitors what they would see anyway.
    expect(againstDataWarning(KEEP(), ARMS, { winnerArmId: null, serve: false })).toBeNull();
    expect(againstDataWarning(NONE(), ARMS, { winnerArmId: null, serve: false })).toBeNull();
    expect(againstDataWarning(NONE(), ARMS, { winnerArmId: "a", serve: false })).toBeNull();
  });

  it("warns on a variant with no data behind it, served or declared", () => {
    expect(againstDataWarning(NONE(), ARMS, { winnerArmId: "b", serve: true })).toBe("No visitor has been counted in this test: nothing says Bold is better than the original.");
    expect(againstDataWarning(summary([[300, 15], [300, 17], [300, 16]]), ARMS, { winnerArmId: "c", serve: false })).toBe(
      "The data has not decided this test: Bright is not shown to be better than the original.",
    );
  });

  it("warns on a variant the data does not name, and on a called winner left unshipped", () => {
    expect(againstDataWarning(SHIP(), ARMS, { winnerArmId: "c", serve: true })).toBe("The data names Bold the winner, not Bright: serving Bright goes against it.");
    expect(againstDataWarning(SHIP(), ARMS, { winnerArmId: null, serve: false })).toBe("The data names Bold the winner: completing without shipping it leaves its lift unused.");
    expect(againstDataWarning(KEEP(), ARMS, { winnerArmId: "b", serve: true })).toBe("The data says Bold converts worse than the original: serving it would cost conversions.");
    expect(againstDataWarning(EQUAL(), ARMS, { winnerArmId: "b", serve: false })).toBe("The data shows no difference as large as 10%: Bold is not shown to be better than the original.");
  });
});

describe("the confirmation's figures and audience", () => {
  it("gives the lift that decided it and each arm's counts", () => {
    const figures = decidingFigures(SHIP());
    expect(figures[0]).toMatch(/^Bold converts better than Original on signup: lift \+60\.0% \(\+\d+\.\d% to \+\d+\.\d%\)\.$/);
    expect(figures.slice(-3)).toEqual([
      "Original: 10,000 visitors, 500 converted (5.00%).",
      "Bold: 10,000 visitors, 800 converted (8.00%).",
      "Bright: 10,000 visitors, 505 converted (5.05%).",
    ]);
  });

  it("says the winner reaches the test's audience on its pages only, all of it, and not the holdout", () => {
    expect(servedToSentences("Bold", { pages: ["/demo", "template:product"], audience: "Landed with utm_source = newsletter", trafficPercent: 50, holdoutPercent: 10 })).toEqual([
      "Bold will be shown on the test's pages (/demo, template:product) to its audience only: Landed with utm_source = newsletter. Visitors outside the audience keep seeing the original.",
      "That is all of the audience, not only the 50% who were in the test.",
      "The 10% of visitors in the store-wide holdout do not see it.",
      "It is no longer measured, and is served by svc until you make it part of your theme or page and end serving it.",
    ]);
    expect(servedToSentences("Bold", { pages: ["/"], audience: "Everyone", trafficPercent: 100, holdoutPercent: 0 })).toEqual([
      "Bold will be shown to every visitor of the test's pages (/).",
      "It is no longer measured, and is served by svc until you make it part of your theme or page and end serving it.",
    ]);
  });
});
