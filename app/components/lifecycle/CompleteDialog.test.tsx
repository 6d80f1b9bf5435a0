// The Complete dialog as the server renders it, on decisions built through the real results pipeline: the data's
// choice pre-selected with the figures that decided it and who will see the winner, and a choice against the
// data (or with none behind it) warned about in a sentence that must be confirmed before the button works.
import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { AppProvider } from "@shopify/polaris";
import enTranslations from "@shopify/polaris/locales/en.json" with { type: "json" };
import { buildResults, type RollupRow } from "~/domain/results/build-results";
import { decisionSummary, type DecisionSummary } from "~/domain/results/decision-summary";
import type { ServedTo } from "~/domain/results/ship-choice";
import { DecisionSummary as DecisionCard } from "~/components/results/DecisionSummary";
import { CompleteDialogBody, completePlan, initialChoice, NO_WINNER, type CompleteChoice } from "./CompleteDialog";

const ARMS = [
  { id: "a", name: "Original" },
  { id: "b", name: "Free-shipping banner" },
];
const AUDIENCE: ServedTo = { pages: ["/demo"], audience: "Landed this session with ?promo = summer", trafficPercent: 100, holdoutPercent: 0 };

function decision(control: [number, number], variant: [number, number]): DecisionSummary {
  const rollups: RollupRow[] = [control, variant].flatMap(([visitors, converting], i) => {
    const base = { armId: ARMS[i]!.id, day: "2026-11-09", exposures: 0, exposedVisitors: 0, convertingVisitors: 0, conversions: 0, revenue: 0, revenueSquares: 0, refunded: 0 };
    return [
      { ...base, goal: "", currency: "", exposedVisitors: visitors },
      { ...base, goal: "signup", currency: "", convertingVisitors: converting, conversions: converting },
    ];
  });
  const view = buildResults({
    test: { id: "t", name: "T", status: "running", startedAt: "2026-11-01T00:00:00Z", pages: ["/demo"], trafficPercent: 100, minDetectableEffect: 0.1 },
    arms: ARMS.map((a, i) => ({ id: a.id, key: i === 0 ? "control" : a.id, name: a.name, weight: 1 })),
    goals: [{ label: "signup", isPrimary: true }],
    currency: "USD",
    rollups,
    flicker: [],
  });
  return decisionSummary(view, { today: "2026-11-10" });
}

const SHIP = decision([8_400, 336], [8_400, 470]);
const NO_DATA = decision([0, 0], [0, 0]);

const render = (d: DecisionSummary | null, choice: CompleteChoice) =>
  renderToStaticMarkup(
    <AppProvider i18n={enTranslations}>
      <CompleteDialogBody arms={ARMS} decision={d} servedTo={AUDIENCE} choice={choice} onChange={() => {}} />
    </AppProvider>,
  );
const text = (html: string) => html.replace(/<[^>]*>/g, " ").replace(/&#x27;/g, "'").replace(/\s+/g, " ");
/** The values of the checked inputs, in order. */
const checked = (html: string) =>
  [...html.matchAll(/<input[^>]*>/g)].map((m) => m[0]).filter((i) => / checked=""/.test(i)).map((i) => /value="([^"]*)"/.exec(i)?.[1] ?? /id="([^"]*)"/.exec(i)?.[1]);

describe("the Complete dialog", () => {
  it("opens on the data's winner, kept served, with the figures that decided it and who will see it", () => {
    expect(SHIP.state).toBe("ship");
    const choice = initialChoice(ARMS, SHIP);
    expect(choice).toEqual({ winner: "b", serve: true, acknowledged: false });
    const html = render(SHIP, choice);
    const words = text(html);
    expect(words).toContain("What the data says: Ship Free-shipping banner");
    expect(words).toMatch(/Free-shipping banner converts better than Original on signup: lift \+39\.9% \(\+\d+\.\d% to \+\d+\.\d%\)/);
    expect(words).toContain("Original: 8,400 visitors, 336 converted (4.00%).");
    expect(words).toContain("Free-shipping banner: 8,400 visitors, 470 converted (5.60%).");
    expect(words).toContain("Keep serving Free-shipping banner to the test's audience on its pages");
    expect(words).toContain(
      "Free-shipping banner will be shown on the test's pages (/demo) to its audience only: Landed this session with ?promo = summer. Visitors outside the audience keep seeing the original.",
    );
    // The variant's radio and the serving checkbox, nothing else.
    expect(checked(html)).toEqual(["b", expect.stringMatching(/^:/)]);
    expect(words).not.toContain("This goes against the data");
    expect(completePlan(ARMS, SHIP, choice)).toEqual({
      servable: true,
      warning: null,
      label: "Ship Free-shipping banner",
      ready: true,
      form: { intent: "complete", winner: "b", serve: "on" },
    });
  });

  it("pre-selects nothing without data, and warns on a variant served anyway until the merchant confirms", () => {
    const opened = initialChoice(ARMS, NO_DATA);
    expect(opened).toEqual({ winner: null, serve: false, acknowledged: false });
    expect(completePlan(ARMS, NO_DATA, opened).ready).toBe(false);

    const serveB: CompleteChoice = { winner: "b", serve: true, acknowledged: false };
    const html = text(render(NO_DATA, serveB));
    expect(html).toContain("This goes against the data");
    expect(html).toContain("No visitor has been counted in this test: nothing says Free-shipping banner is better than the original.");
    expect(html).toContain("Serve Free-shipping banner anyway: this is my decision, not the data's");
    // Never one click: the button waits for the confirmation, and the server is told it was given.
    expect(completePlan(ARMS, NO_DATA, serveB)).toMatchObject({ ready: false, label: "Ship Free-shipping banner" });
    expect(completePlan(ARMS, NO_DATA, { ...serveB, acknowledged: true })).toMatchObject({
      ready: true,
      form: { intent: "complete", winner: "b", serve: "on", against: "confirmed" },
    });
    // Completing without a winner needs no confirmation: visitors see the page they would see anyway.
    expect(completePlan(ARMS, NO_DATA, { winner: NO_WINNER, serve: false, acknowledged: false })).toMatchObject({ ready: true, warning: null, label: "Complete test" });
  });

  it("warns when the merchant turns away from the data's winner, and cannot serve the original", () => {
    const keep = completePlan(ARMS, SHIP, { winner: "a", serve: true, acknowledged: false });
    expect(keep).toMatchObject({ servable: false, label: "Keep the original", ready: false, form: { intent: "complete", winner: "a" } });
    expect(keep.warning).toBe("The data names Free-shipping banner the winner: completing without shipping it leaves its lift unused.");
    expect(text(render(SHIP, { winner: "a", serve: true, acknowledged: false }))).toContain("Complete this way anyway: this is my decision, not the data's");
  });
});

describe("the decision card's action", () => {
  it("carries the button the decision names, and none without one", () => {
    const card = (action: { content: string; onAction(): void } | null) =>
      renderToStaticMarkup(<AppProvider i18n={enTranslations}><DecisionCard summary={SHIP} action={action} /></AppProvider>);
    const buttons = (html: string) => [...html.matchAll(/<button[^>]*>([\s\S]*?)<\/button>/g)].map((m) => text(m[1] ?? "").trim());
    expect(buttons(card({ content: "Ship Free-shipping banner", onAction: () => {} }))).toEqual(["Ship Free-shipping banner"]);
    expect(buttons(card(null))).toEqual([]);
  });
});
