// The funnel card rendered on the server: each arm's steps with their rates, control without a lift.
import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { AppProvider } from "@shopify/polaris";
import enTranslations from "@shopify/polaris/locales/en.json" with { type: "json" };
import { buildResults, type RollupRow } from "~/domain/results/build-results";
import { FunnelCard } from "./FunnelCard";

const row = (armId: string, goal: string, fields: Partial<RollupRow>): RollupRow => ({
  armId, goal, day: "2026-11-01", currency: goal === "" ? "" : "USD", exposures: 0, exposedVisitors: 0, convertingVisitors: 0, conversions: 0, revenue: 0, revenueSquares: 0, refunded: 0, ...fields,
});

describe("FunnelCard", () => {
  it("shows each arm's visitors, share and step-to-step rate per step, and the variant's lift with its interval", () => {
    const view = buildResults({
      test: { id: "t", name: "T", status: "running", startedAt: null, pages: ["/"], trafficPercent: 100, minDetectableEffect: 0.1 },
      arms: [
        { id: "a", key: "control", name: "Original", weight: 1 },
        { id: "b", key: "b", name: "Variant <B>", weight: 1 },
      ],
      goals: [{ label: "purchase", isPrimary: true }],
      currency: "USD",
      rollups: [
        row("a", "", { exposedVisitors: 2000 }),
        row("b", "", { exposedVisitors: 2000 }),
        row("a", "added_to_cart", { convertingVisitors: 400, conversions: 400 }),
        row("b", "added_to_cart", { convertingVisitors: 500, conversions: 500 }),
        row("a", "purchase", { convertingVisitors: 100, conversions: 100, revenue: 1000, revenueSquares: 10000 }),
      ],
      flicker: [],
    });
    const html = renderToStaticMarkup(
      <AppProvider i18n={enTranslations}>
        <FunnelCard funnel={view.funnel!} alpha={view.alpha} />
      </AppProvider>,
    );
    expect(html).toContain("Original (2,000 visitors)");
    expect(html).toContain("Variant &lt;B&gt; (2,000 visitors)");
    for (const step of ["Product viewed", "Added to cart", "Checkout started", "Purchase"]) expect(html).toContain(step);
    expect(html).toContain("20.0%"); // control's add to cart: 400 of 2,000
    expect(html).toContain("25.0%"); // and its purchases from it: 100 of 400
    expect(html).toMatch(/\+25\.0% \([+−-][\d.]+% to \+[\d.]+%\)/); // the variant's add to cart: 25% over 20%
    expect(html).toContain("Lift (95% interval)");
  });

  it("says an arm of one visitor in the singular", () => {
    const view = buildResults({
      test: { id: "t", name: "T", status: "running", startedAt: null, pages: ["/"], trafficPercent: 100, minDetectableEffect: 0.1 },
      arms: [
        { id: "a", key: "control", name: "Original", weight: 1 },
        { id: "b", key: "b", name: "B", weight: 1 },
      ],
      goals: [{ label: "purchase", isPrimary: true }],
      currency: "USD",
      rollups: [row("a", "", { exposedVisitors: 1 }), row("b", "", { exposedVisitors: 2 }), row("a", "added_to_cart", { convertingVisitors: 1, conversions: 1 })],
      flicker: [],
    });
    const html = renderToStaticMarkup(
      <AppProvider i18n={enTranslations}>
        <FunnelCard funnel={view.funnel!} alpha={view.alpha} />
      </AppProvider>,
    );
    expect(html).toContain("Original (1 visitor)");
    expect(html).toContain("B (2 visitors)");
  });
});
