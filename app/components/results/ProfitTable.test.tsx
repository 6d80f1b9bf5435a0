import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { AppProvider } from "@shopify/polaris";
import enTranslations from "@shopify/polaris/locales/en.json" with { type: "json" };
import type { ArmProfit } from "~/domain/results/profit";
import type { ArmResult, GoalResult } from "~/domain/results/view";
import { ProfitTable } from "./ProfitTable";

const render = (goal: GoalResult) =>
  renderToStaticMarkup(
    <AppProvider i18n={enTranslations}>
      <ProfitTable goal={goal} currency="USD" />
    </AppProvider>,
  );

const profit = (over: Partial<ArmProfit>): ArmProfit => ({
  profit: 0, profitPerVisitor: 0, costedOrders: 0, orderCost: 0, costedNetRevenue: 0, uncostedOrders: 0, subscriptionOrders: 0, subscriptionNetRevenue: 0,
  units: 0, unitsPerVisitor: null, ...over,
});

const arm = (over: Partial<ArmResult>): ArmResult => ({
  armId: "a", key: "control", name: "Original", isControl: true, visitors: 10, convertingVisitors: 0, conversions: 0, rate: null, revenue: 0,
  netRevenue: 0, netRevenuePerVisitor: null, refundedOrders: 0, refundShare: null, revenuePerVisitor: null, averageOrderValue: null, siteCurrencyConversions: 0, ...over,
});

describe("ProfitTable", () => {
  it("shows profit per visitor per arm and says how many orders were left out for lack of a cost", () => {
    const html = render({
      goal: "purchase",
      primary: true,
      arms: [
        arm({ profit: profit({ profit: 24, profitPerVisitor: 2.4, costedOrders: 2 }) }),
        arm({ armId: "b", name: "Variant", isControl: false, profit: profit({ profit: 12, profitPerVisitor: 1.2, costedOrders: 1, uncostedOrders: 1 }) }),
      ],
    });
    expect(html).toContain("Profit per visitor");
    expect(html).toContain("$2.40");
    expect(html).toContain("$1.20");
    expect(html).toContain("1 order is left out of profit");
    expect(html).not.toContain("Subscription orders");
    // No unit counted (orders from before units were kept): no units column.
    expect(html).not.toContain("Units per visitor");
  });

  it("shows units per visitor once the arms have counted units", () => {
    const html = render({
      goal: "purchase",
      primary: true,
      arms: [
        arm({ profit: profit({ profit: 24, profitPerVisitor: 2.4, costedOrders: 2, units: 3, unitsPerVisitor: 0.3 }) }),
        arm({ armId: "b", name: "Cheaper", isControl: false, profit: profit({ profit: 20, profitPerVisitor: 2, costedOrders: 3, units: 5, unitsPerVisitor: 0.5 }) }),
      ],
    });
    expect(html).toContain("Units per visitor");
    expect(html).toMatch(/Cheaper<\/th><td[^>]*>\$2\.00<\/td><td[^>]*>\$20\.00<\/td><td[^>]*>0\.500<\/td>/);
  });

  it("shows subscription orders apart when there are some", () => {
    const html = render({ goal: "purchase", primary: true, arms: [arm({ profit: profit({ costedOrders: 1, subscriptionOrders: 1, subscriptionNetRevenue: 20 }) })] });
    expect(html).toContain("Subscription orders");
    expect(html).toContain("1 ($20.00 net)");
    expect(html).not.toContain("left out of profit");
  });

  it("shows nothing for a goal that counts no Shopify order", () => {
    expect(render({ goal: "signup", primary: true, arms: [arm({})] })).toBe(renderToStaticMarkup(<AppProvider i18n={enTranslations}>{null}</AppProvider>));
  });
});
