// The results components rendered on the server with edge-case data: no traffic, failed comparisons,
// revenue in another currency. Charts must leave nothing to draw on the server.
import { describe, expect, it } from "vitest";
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { AppProvider } from "@shopify/polaris";
import enTranslations from "@shopify/polaris/locales/en.json" with { type: "json" };
import type { ArmResult, ResultsView } from "~/domain/results/view";
import { ArmsTable } from "./ArmsTable";
import { hasPoints } from "./ChartCard";
import { FlickerCard } from "./FlickerCard";
import { LiftChart } from "./LiftChart";
import { OtherCurrenciesCard } from "./OtherCurrenciesCard";
import { OutageNotice } from "./OutageNotice";
import { RateChart } from "./RateChart";
import { TrafficSplitCard } from "./TrafficSplitCard";
import { VisitorsChart } from "./VisitorsChart";

const render = (element: ReactElement) =>
  renderToStaticMarkup(<AppProvider i18n={enTranslations}>{element}</AppProvider>);

const arm = (over: Partial<ArmResult>): ArmResult => ({
  armId: "a", key: "control", name: "Original", isControl: true, visitors: 0, convertingVisitors: 0,
  conversions: 0, rate: null, revenue: 0, netRevenue: 0, netRevenuePerVisitor: null, refundedOrders: 0, refundShare: null, siteCurrencyConversions: 0, revenuePerVisitor: null, averageOrderValue: null, ...over,
});

const arms: ResultsView["arms"] = [
  { armId: "a", key: "control", name: "Original", weight: 1, isControl: true },
  { armId: "b", key: "b", name: "Variant <B>", weight: 1, isControl: false },
];

describe("results components on the server", () => {
  it("says an outage in its own words, and nothing without one", () => {
    const html = render(<OutageNotice sentences={['Variant <B> had no "purchase" conversions from 3,000 visitors while Original had 150 from 3,000 (5.00%).']} />);
    expect(html).toContain("data-svc-outage");
    expect(html).toContain("Conversions look broken");
    expect(html).toContain("Variant &lt;B&gt; had no &quot;purchase&quot; conversions from 3,000 visitors");
    expect(render(<OutageNotice sentences={[]} />)).not.toContain("data-svc-outage");
    // The table gives the outage's lift and p-value, and says why there is no interval.
    const table = render(
      <ArmsTable
        alpha={0.05}
        currency="USD"
        goal={{ goal: "purchase", primary: true, arms: [arm({ visitors: 3000, convertingVisitors: 150, rate: 0.05 }), arm({ armId: "b", key: "b", name: "B", isControl: false, visitors: 3000, rate: 0, lift: -1, pValue: 1e-9, outage: true })] }}
      />,
    );
    expect(table).toMatch(/[-−]100\.0%/);
    expect(table).toContain("no interval: one side converted nobody or everybody");
    expect(table).toContain("&lt; 0.001");
  });

  it("shows failed comparisons as words and hides the revenue table without revenue", () => {
    const html = render(
      <ArmsTable
        alpha={0.05}
        currency="USD"
        goal={{
          goal: "signup",
          primary: true,
          arms: [arm({}), arm({ armId: "b", key: "b", name: "Variant <B>", isControl: false, error: "no-users" })],
        }}
      />,
    );
    expect(html).toContain("Not enough data: an arm has no visitors yet");
    expect(html).toContain("Variant &lt;B&gt;");
    expect(html).toContain("No revenue recorded for this goal.");
    expect(html).toContain("Lift vs control (95% interval)");
    // A goal without a known source is the browser's, and says anyone can forge it.
    expect(html).toContain('data-svc-money-source="browser"');
    expect(html).toContain("anyone can forge these conversions and their values");
  });

  it("names a goal's trusted source: signed orders, or the merchant's server", () => {
    const table = (source: "orders" | "server") =>
      render(<ArmsTable alpha={0.05} currency="USD" goal={{ goal: "purchase", primary: true, source, arms: [arm({})] }} />);
    expect(table("orders")).toContain("Counted from the shop&#x27;s signed order webhooks");
    expect(table("server")).toContain("Counted from your server only (POST /api/conversions with an API key)");
  });

  it("says under the primary goal's table which prior chance to win assumes, and in its help", () => {
    const goal = (primary: boolean) => ({ goal: "signup", primary, arms: [arm({})] });
    const learned = { sd: 0.0325, source: { kind: "history" as const, tests: 14 } };
    const html = render(<ArmsTable alpha={0.05} currency="USD" goal={goal(true)} chancePrior={learned} />);
    expect(html).toContain('data-svc-chance-prior="history"');
    expect(html).toContain("Chance to win assumes 19 real lifts in 20 fall within ±6.5%, learned from your 14 completed tests.");
    // Another goal's table keeps it to the tooltip: one sentence on the page.
    expect(render(<ArmsTable alpha={0.05} currency="USD" goal={goal(false)} chancePrior={learned} />)).not.toContain("data-svc-chance-prior");
    expect(render(<ArmsTable alpha={0.05} currency="USD" goal={goal(true)} />)).not.toContain("Chance to win assumes");
  });

  it("says not enough data, and shows no p-value or chance, for an arm without variance", () => {
    const html = render(
      <ArmsTable
        alpha={0.05}
        currency="USD"
        goal={{
          goal: "signup",
          primary: true,
          arms: [
            arm({ visitors: 1000, convertingVisitors: 100, conversions: 100, rate: 0.1 }),
            arm({ armId: "b", key: "b", name: "B", isControl: false, visitors: 3, convertingVisitors: 3, conversions: 3, rate: 1, error: "zero-variance" }),
          ],
        }}
      />,
    );
    expect(html).toContain("Not enough data: in one arm no visitor has converted yet, or every visitor has");
    expect(html).not.toContain("role=\"img\"");
    expect(html.replace(/<[^>]*>/g, " ")).not.toMatch(/%\s+\(|&lt; 0\.001|\d\.\d{3}/);
  });

  it("draws the interval bar with an accessible label and prints revenue in the site's currency", () => {
    const html = render(
      <ArmsTable
        alpha={0.1}
        currency="EUR"
        goal={{
          goal: "purchase",
          primary: false,
          arms: [
            arm({ visitors: 1000, convertingVisitors: 100, conversions: 110, rate: 0.1, revenue: 5500, revenuePerVisitor: 5.5, averageOrderValue: 50 }),
            arm({
              armId: "b", key: "b", name: "B", isControl: false, visitors: 1000, convertingVisitors: 120, conversions: 125,
              rate: 0.12, revenue: 6250, revenuePerVisitor: 6.25, averageOrderValue: 50, lift: 0.2, ciLow: -0.0512345,
              ciHigh: 0.4512345, pValue: 0.0004, chanceToWin: 0.9712, revenueLift: 0.136, revenueCiLow: 0.01, revenueCiHigh: 0.26,
            }),
          ],
        }}
      />,
    );
    expect(html).toContain("Lift +20.0%, 90% interval -5.1% to +45.1%");
    expect(html).toContain("&lt; 0.001");
    expect(html).toContain("97.1%");
    expect(html).toContain("€6,250.00");
    expect(html).toContain("€50.00");
    expect(html.replace(/<[^>]*>/g, " ")).not.toMatch(/\d\.0*[1-9]\d{3,}/);
  });

  it("shows net revenue beside revenue only when something was refunded", () => {
    const goal = (netRevenue: number) => ({
      goal: "purchase",
      primary: true,
      arms: [arm({ revenue: 120, netRevenue, revenuePerVisitor: 1.2, visitors: 100, conversions: 2, averageOrderValue: 60 })],
    });
    const refunded = render(<ArmsTable goal={goal(80)} currency="USD" alpha={0.05} />);
    expect(refunded).toContain("Net revenue");
    expect(refunded).toContain("$80.00");
    expect(render(<ArmsTable goal={goal(120)} currency="USD" alpha={0.05} />)).not.toContain("Net revenue");
  });

  it("copes with a test that has no traffic yet", () => {
    expect(render(<FlickerCard arms={arms} flicker={[]} />)).toContain("—");
    const split = render(<TrafficSplitCard arms={arms} goals={[]} srm={{ pValue: 1, mismatch: false }} />);
    expect(split).toContain("50.0%");
    // Nothing split yet: nothing to vouch for, neither a green badge nor a p-value of 1.
    expect(split).toContain("No visitors yet");
    expect(split).not.toContain("Split as configured");
    expect(split).not.toContain("Polaris-Badge--toneSuccess");
    expect(split).not.toContain("SRM p-value");
    const none = [arm({}), arm({ armId: "b", key: "b", name: "Variant <B>", isControl: false })];
    expect(render(<TrafficSplitCard arms={arms} goals={[{ goal: "signup", primary: true, arms: none }]} srm={{ pValue: 1, mismatch: false }} />)).not.toContain(
      "Split as configured",
    );
    const some = [arm({ visitors: 510 }), arm({ armId: "b", key: "b", name: "Variant <B>", isControl: false, visitors: 490 })];
    const splitting = render(<TrafficSplitCard arms={arms} goals={[{ goal: "signup", primary: true, arms: some }]} srm={{ pValue: 0.53, mismatch: false }} />);
    expect(splitting).toContain("Split as configured");
    expect(splitting).toContain("SRM p-value 0.530");
    // The chart is drawn after mount only; the server sends the title and the text alternative.
    const chart = render(<RateChart arms={arms} daily={[]} goal="signup" />);
    expect(chart).toContain("Cumulative conversion rate");
    expect(chart).toContain("No data yet.");
    expect(chart).not.toContain("<svg");
    expect(render(<LiftChart arms={arms} daily={[]} alpha={0.05} />)).toContain("95% always-valid interval");
  });

  it("says one of a thing in the singular: one day of visitors, one refunded order, and never -$0.00", () => {
    const day = (d: string, visitors: number): ResultsView["daily"][number] => ({
      day: d,
      arms: [{ armId: "a", visitors, cumulativeVisitors: visitors, cumulativeConvertingVisitors: 0, cumulativeRate: 0 }],
    });
    expect(render(<VisitorsChart arms={arms} daily={[day("2026-11-01", 3)]} />)).toContain("Visitors over 1 day: Original 3, Variant &lt;B&gt; 0.");
    expect(render(<VisitorsChart arms={arms} daily={[day("2026-11-01", 3), day("2026-11-02", 1)]} />)).toContain("Visitors over 2 days:");
    const refunds = (refundedOrders: number) =>
      render(
        <ArmsTable
          alpha={0.05}
          currency="USD"
          goal={{ goal: "purchase", primary: true, arms: [arm({ visitors: 1, conversions: 1, revenue: 10, netRevenue: -0.001, netRevenuePerVisitor: -0.001, refundedOrders, refundShare: 1 })] }}
        />,
      );
    expect(refunds(1)).toContain("$0.00 ($0.00 per visitor; 1 order refunded, 100.0%)");
    expect(refunds(2)).toContain("2 orders refunded");
    expect(refunds(1)).not.toMatch(/[-−]\$0\.00/);
  });

  it("says what the flicker figures read: the test's last 5,000 exposures, or all of them while fewer", () => {
    const stats = (armId: string, exposures: number) => ({ armId, exposures, medianMsToApply: 180, p95MsToApply: 420, medianMsHidden: 90, p95MsHidden: 300 });
    const full = render(<FlickerCard arms={arms} flicker={[stats("a", 2600), stats("b", 2400)]} />);
    expect(full).toContain("Exposures read");
    expect(full).toContain("Read from the test&#x27;s last 5,000 exposures, all arms together: each arm&#x27;s count is its share of them.");
    expect(full).toContain("2,600");
    expect(full).toContain("420 ms");
    const few = render(<FlickerCard arms={arms} flicker={[stats("a", 1), stats("b", 2)]} />);
    expect(few).toContain("Read from the test&#x27;s 3 exposures so far, all arms together.");
    expect(few).not.toContain("5,000");
    expect(render(<FlickerCard arms={arms} flicker={[stats("a", 1)]} />)).toContain("Read from the test&#x27;s 1 exposure so far");
    expect(render(<FlickerCard arms={arms} flicker={[]} />)).toContain("No exposures yet.");
    // A shopper's consent wait is not the variant's cost (the snippet times from their answer).
    expect(full).toContain("A shopper asked for consent counts from their answer");
  });

  it("says a chart has nothing to draw yet in words, in place of an empty default 0–1,000% axis", () => {
    const series = (values: Array<number | null>) => [{ name: "B: lift", data: values.map((value, i) => ({ key: `Nov ${i + 1}`, value })) }];
    expect(hasPoints(series([null, null]))).toBe(false);
    expect(hasPoints([...series([null]), ...series([Number.NaN])])).toBe(false);
    expect(hasPoints(series([null, 0.05]))).toBe(true);
    expect(hasPoints(series([0]))).toBe(true);
    // Visitors but no conversion: no lift on any day, so the lift chart says so where it would draw.
    const day: ResultsView["daily"][number] = {
      day: "2026-11-01",
      arms: [
        { armId: "a", visitors: 60, cumulativeVisitors: 60, cumulativeConvertingVisitors: 0, cumulativeRate: 0 },
        { armId: "b", visitors: 60, cumulativeVisitors: 60, cumulativeConvertingVisitors: 0, cumulativeRate: 0 },
      ],
    };
    const lift = render(<LiftChart arms={arms} daily={[day]} alpha={0.05} />);
    expect(lift).toContain("data-svc-chart-empty");
    expect(lift).toContain("Not enough data for a lift yet.");
    // A rate of 0 is a point: that chart is drawn (in the browser), not replaced.
    expect(render(<RateChart arms={arms} daily={[day]} goal="signup" />)).not.toContain("data-svc-chart-empty");
    expect(render(<RateChart arms={arms} daily={[]} goal="signup" />)).toContain("No visitors yet.");
  });

  it("lists other currencies unconverted, and nothing when there are none", () => {
    const html = render(
      <OtherCurrenciesCard
        arms={arms}
        currency="USD"
        otherCurrencies={[{ goal: "purchase", armId: "b", currency: "JPY", conversions: 2, revenue: 12000 }]}
      />,
    );
    expect(html).toContain("¥12,000");
    expect(html).toContain("Variant &lt;B&gt;");
    expect(render(<OtherCurrenciesCard arms={arms} currency="USD" otherCurrencies={[]} />)).not.toContain("Revenue in other currencies");
  });
});
