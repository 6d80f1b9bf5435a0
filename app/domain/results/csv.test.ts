import { describe, expect, it } from "vitest";
import { buildResults, type RollupRow } from "./build-results";
import { csvText, dailyCsv, dailyRecords, DAILY_COLUMNS, FIGURE_DIGITS, moneyFigure, roundedFigure, SUMMARY_COLUMNS, summaryCsv as summaryOf, summaryRecords } from "./csv";
import { decisionSummary } from "./decision-summary";
import { formulaCells, readsAsFormula, spreadsheetCells } from "./spreadsheet-reading";

const rollups: RollupRow[] = [
  { armId: "a", goal: "", day: "2026-11-02", currency: "", exposures: 12, exposedVisitors: 10, convertingVisitors: 0, conversions: 0, revenue: 0, revenueSquares: 0, refunded: 0 },
  { armId: "b", goal: "", day: "2026-11-01", currency: "", exposures: 9, exposedVisitors: 9, convertingVisitors: 0, conversions: 0, revenue: 0, revenueSquares: 0, refunded: 0 },
  { armId: "b", goal: "sign,up", day: "2026-11-01", currency: "USD", exposures: 0, exposedVisitors: 0, convertingVisitors: 2, conversions: 3, revenue: 12.5, revenueSquares: 80, refunded: 2.5 },
];
const view = buildResults({
  test: { id: "t1", name: '=HYPERLINK("x") "Spring" sale', status: "running", startedAt: null, pages: ["/"], trafficPercent: 100, minDetectableEffect: 0.1 },
  arms: [
    { id: "a", key: "control", name: "Original", weight: 1 },
    { id: "b", key: "b", name: "Café crème", weight: 1 },
  ],
  goals: [{ label: "sign,up", isPrimary: true }],
  currency: "USD",
  rollups,
  flicker: [],
});

/** The summary CSV with the decision the page shows. */
const summaryCsv = (v: typeof view) => summaryOf(v, decisionSummary(v, { today: "2026-11-02" }));

describe("results CSV", () => {
  it("writes a BOM, the documented header, one row per goal × arm, and CRLF line ends", () => {
    const csv = summaryCsv(view);
    expect(csv.startsWith("\uFEFF")).toBe(true);
    const lines = csv.slice(1).split("\r\n");
    expect(lines[0]).toBe(SUMMARY_COLUMNS.join(","));
    expect(lines).toHaveLength(1 + 2 + 1); // header, 2 arms, trailing empty after the last CRLF
    expect(lines[3]).toBe("");
  });

  it("quotes commas and quotes, keeps UTF-8, and defuses formulas", () => {
    const row = summaryCsv(view).split("\r\n")[2] ?? "";
    expect(row.startsWith(`t1,"'=HYPERLINK(""x"") ""Spring"" sale","sign,up",true,b,b,Café crème,false,9,2,3,`)).toBe(true);
  });

  it("leaves a figure that could not be computed empty rather than writing NaN", () => {
    const control = (summaryCsv(view).split("\r\n")[1] ?? "").split(",");
    // The control has 10 visitors and no conversions; it has no lift, p-value or chance to win.
    const at = (column: (typeof SUMMARY_COLUMNS)[number]) => control[SUMMARY_COLUMNS.indexOf(column)];
    expect(["lift", "lift_ci_low", "lift_ci_high", "p_value", "chance_to_win"].map((c) => at(c as never))).toEqual(["", "", "", "", ""]);
    expect(summaryCsv(view)).not.toMatch(/NaN|Infinity|undefined/);
  });

  it("writes profit's columns for a goal counting Shopify orders, empty for any other", () => {
    const orders: RollupRow[] = [
      ...rollups,
      { armId: "a", goal: "purchase", day: "2026-11-02", currency: "USD", exposures: 0, exposedVisitors: 0, convertingVisitors: 2, conversions: 2, revenue: 45, revenueSquares: 1025, refunded: 0,
        costedOrders: 1, orderCost: 8, costedNetRevenue: 20, uncostedOrders: 1, subscriptionOrders: 1, subscriptionNetRevenue: 25 },
    ];
    const withOrders = buildResults({ ...view, arms: view.arms.map((a) => ({ id: a.armId, key: a.key, name: a.name, weight: a.weight })), goals: [{ label: "sign,up", isPrimary: true }], rollups: orders, flicker: [] });
    const records = summaryRecords(withOrders, decisionSummary(withOrders, { today: "2026-11-02" }));
    const purchase = records.find((r) => r.goal === "purchase" && r.arm_id === "a");
    expect(purchase).toMatchObject({ profit_per_visitor: 1.2, profit: 12, order_cost: 8, costed_orders: 1, uncosted_orders: 1, subscription_orders: 1, subscription_revenue: 25 });
    expect(records.find((r) => r.goal === "sign,up")).toMatchObject({ profit_per_visitor: null, costed_orders: null });
    expect(dailyRecords(withOrders, orders).find((r) => r.goal === "purchase")).toMatchObject({ order_cost: 8, costed_orders: 1, costed_net_revenue: 20, uncosted_orders: 1 });
  });

  it("writes the daily variant from the rollups in day, arm, goal order", () => {
    const lines = dailyCsv(view, rollups).slice(1).trim().split("\r\n");
    expect(lines.slice(1).map((l) => l.split(",").slice(2, 4).join(" "))).toEqual(["2026-11-01 b", "2026-11-01 b", "2026-11-02 a"]);
    expect(lines[2]).toContain(`b,Café crème,"sign,up",USD,0,0,2,3,12.50,2.50`);
  });
});

/** One RFC 4180 cell (quotes honoured, line breaks inside quotes kept). */
function parseRfc4180Cell(cell: string): string {
  return cell.startsWith('"') ? cell.slice(1, -1).replace(/""/g, '"') : cell;
}

// Labels a shopper can send (goal labels: 1..64 characters, no control characters) and names a merchant can type.
const HOSTILE = [
  "x;=1+2;y",
  "=1+2",
  "+1+1",
  "-1+1",
  "@SUM(A1:A2)",
  '=HYPERLINK("https://evil.test","click")',
  "=cmd|' /C calc'!A0",
  " =1+2",
  "\u00a0=1+2",
  "a,=1+2",
  "a;+1;b",
  "a, -1+1",
  "a; @x",
  'a;"=1+2',
  'a,""=1+2',
  "x;;=1",
  "\uff1d1+2",
  "a;\uff0b1",
  "x\t=1+2",
  "x\n=1+2",
  "x\r\n@y",
  ";=1",
  ",=1",
  "'=1;=2",
];

describe("results as records (GET /api/v1/results)", () => {
  it("holds the CSV's cells as JSON values: numbers, booleans, the names as typed, null for an empty cell", () => {
    const records = summaryRecords(view, decisionSummary(view, { today: "2026-11-02" }));
    expect(records).toHaveLength(2);
    expect(Object.keys(records[1]!)).toEqual([...SUMMARY_COLUMNS]);
    expect(records[1]).toMatchObject({ test_name: '=HYPERLINK("x") "Spring" sale', goal: "sign,up", primary_goal: true, arm_name: "Café crème", is_control: false, visitors: 9, converting_visitors: 2, conversions: 3, revenue: 12.5, currency: "USD" });
    expect(records[0]!.lift).toBeNull();
  });
  it("writes the daily rows in the CSV's order with money as numbers", () => {
    const records = dailyRecords(view, rollups);
    expect(Object.keys(records[0]!)).toEqual([...DAILY_COLUMNS]);
    expect(records.map((r) => [r.day, r.arm_id, r.goal])).toEqual([["2026-11-01", "b", ""], ["2026-11-01", "b", "sign,up"], ["2026-11-02", "a", ""]]);
    expect(records[1]).toMatchObject({ revenue: 12.5, refunded: 2.5, converting_visitors: 2 });
  });
});

describe("results CSV money and decision", () => {
  it("writes money exactly, with the currency's decimals, never a float's binary noise", () => {
    expect(moneyFigure(4759.0599999999995, "USD")).toEqual({ figure: "4759.06" });
    expect(moneyFigure(0.1 + 0.2, "USD")).toEqual({ figure: "0.30" });
    expect(moneyFigure(12.3456, "USD")).toEqual({ figure: "12.3456" });
    expect(moneyFigure(1200, "JPY")).toEqual({ figure: "1200" });
    expect(moneyFigure(1.5, "KWD")).toEqual({ figure: "1.500" });
    expect(moneyFigure(-2.5, "EUR")).toEqual({ figure: "-2.50" });
    expect(moneyFigure(-0.00001, "USD")).toEqual({ figure: "0.00" });
    expect(moneyFigure(7, "XYZ")).toEqual({ figure: "7.00" });
    expect(moneyFigure(null, "USD")).toBeNull();
  });

  const twoArms = (rows: RollupRow[], goal = "purchase", decidesOnProfit = false) =>
    buildResults({
      decidesOnProfit,
      test: { id: "t", name: "T", status: "running", startedAt: null, pages: ["/"], trafficPercent: 100, minDetectableEffect: 0.1 },
      arms: [{ id: "a", key: "control", name: "A", weight: 1 }, { id: "b", key: "b", name: "B", weight: 1 }],
      goals: [{ label: goal, isPrimary: true }],
      currency: "USD",
      rollups: rows,
      flicker: [],
    });
  const row = (armId: string, goal: string, day: string, fields: Partial<RollupRow>): RollupRow => ({
    armId, goal, day, currency: goal === "" ? "" : "USD", exposures: 0, exposedVisitors: 0, convertingVisitors: 0, conversions: 0, revenue: 0, revenueSquares: 0, refunded: 0, ...fields,
  });
  const rowsOf = (v: typeof view) => summaryCsv(v).slice(1).trim().split("\r\n").slice(1).map((l) => l.split(","));
  const at = (cells: string[] | undefined, column: (typeof SUMMARY_COLUMNS)[number]) => cells?.[SUMMARY_COLUMNS.indexOf(column)];

  it("adds up many stored amounts to the exact total in the summary", () => {
    // 238 orders of $19.99 on as many days: $4,757.62, which floats add up to 4757.619999999972.
    const orders = Array.from({ length: 238 }, (_, i) =>
      row("a", "purchase", new Date(Date.UTC(2026, 0, 1 + i)).toISOString().slice(0, 10), { convertingVisitors: 1, conversions: 1, revenue: 19.99, revenueSquares: 19.99 ** 2 }),
    );
    const v = twoArms([row("a", "", "2026-01-01", { exposedVisitors: 2000 }), row("b", "", "2026-01-01", { exposedVisitors: 2000 }), ...orders]);
    expect(v.goals[0]?.arms[0]?.revenue).not.toBe(4757.62);
    const [control] = rowsOf(v);
    expect(at(control, "revenue")).toBe("4757.62");
    expect(at(control, "net_revenue")).toBe("4757.62");
    expect(at(control, "revenue_per_visitor")).toBe("2.3788");
    expect(at(control, "average_order_value")).toBe("19.99");
  });

  it("writes every figure that is not money to six significant digits, never a float's noise, in the CSV and the records alike", () => {
    expect(FIGURE_DIGITS).toBe(6);
    expect(roundedFigure(0.9999999999999734)).toBe(1);
    expect(roundedFigure(0.30000000000000004)).toBe(0.3);
    expect(roundedFigure(1 / 3)).toBe(0.333333);
    expect(roundedFigure(-0.123456789)).toBe(-0.123457);
    expect(roundedFigure(1.234567e-9)).toBe(1.23457e-9); // a tiny p-value keeps its digits, not 0
    expect(roundedFigure(123456789)).toBe(123456789); // counts as they are
    expect(roundedFigure(Number.NaN)).toBeNull();
    expect(roundedFigure(Number.POSITIVE_INFINITY)).toBeNull();
    // A third of the visitors converting, and lifts and chances from the engine: none of them round by themselves.
    const v = twoArms([
      row("a", "", "2026-11-01", { exposedVisitors: 3000 }),
      row("b", "", "2026-11-01", { exposedVisitors: 3000 }),
      row("a", "signup", "2026-11-01", { convertingVisitors: 1000, conversions: 1000 }),
      row("b", "signup", "2026-11-01", { convertingVisitors: 1111, conversions: 1111 }),
    ], "signup");
    const variant = v.goals[0]!.arms[1]!;
    for (const noisy of [variant.rate, variant.lift, variant.ciLow, variant.ciHigh, variant.pValue, variant.chanceToWin]) {
      expect(typeof noisy).toBe("number");
      expect(String(noisy).replace(/^-?0\.0*|\.|e.*$/g, "").length).toBeGreaterThan(FIGURE_DIGITS);
    }
    const sixDigits = (text: string) => text.replace(/^-?0\.0*|\.|e.*$/g, "").replace(/^-/, "").length <= FIGURE_DIGITS;
    const numbers = rowsOf(v).flat().filter((c) => /^-?\d/.test(c) && !/^\d{4}-/.test(c));
    expect(numbers.length).toBeGreaterThan(20);
    for (const text of numbers) expect([text, sixDigits(text)]).toEqual([text, true]);
    const [, csvVariant] = rowsOf(v);
    expect(at(csvVariant, "conversion_rate")).toBe("0.370333");
    expect(Number(at(csvVariant, "lift"))).toBe(roundedFigure(variant.lift!));
    const record = summaryRecords(v, decisionSummary(v, { today: "2026-11-02" }))[1]!;
    expect(record.conversion_rate).toBe(0.370333);
    for (const column of ["lift", "lift_ci_low", "lift_ci_high", "p_value", "chance_to_win", "srm_p_value"] as const) {
      expect(record[column]).toBe(Number(at(csvVariant, column)));
      expect([column, sixDigits(String(record[column]))]).toEqual([column, true]);
    }
  });

  it("writes what decided and profit per visitor's comparison last: a price test's, from its orders' profit", () => {
    const buyers = (armId: string, n: number, price: number) =>
      row(armId, "purchase", "2026-11-01", {
        convertingVisitors: n, conversions: n, revenue: n * price, revenueSquares: n * price ** 2, cappedRevenueCubes: n * price ** 3,
        costedOrders: n, orderCost: n * 12, costedNetRevenue: n * price, profitSquares: n * (price - 12) ** 2, profitCubes: n * (price - 12) ** 3,
      });
    const rollups = [row("a", "", "2026-11-01", { exposedVisitors: 20_000 }), row("b", "", "2026-11-01", { exposedVisitors: 20_000 }), buyers("a", 1000, 30), buyers("b", 1300, 24)];
    const v = twoArms(rollups, "purchase", true);
    expect(SUMMARY_COLUMNS.slice(-5)).toEqual(["decision_metric", "profit_per_visitor_lift", "profit_per_visitor_lift_ci_low", "profit_per_visitor_lift_ci_high", "profit_per_visitor_p_value"]);
    const [control, b] = rowsOf(v);
    expect(at(b, "decision_metric")).toBe("profit per visitor");
    expect(Number(at(b, "profit_per_visitor_lift"))).toBe(roundedFigure(v.goals[0]!.arms[1]!.profitLift!));
    expect(Number(at(b, "profit_per_visitor_lift_ci_high"))).toBeLessThan(0);
    expect(at(control, "profit_per_visitor_lift")).toBe("");
  });

  it("writes revenue per visitor's lift and interval against control as the page shows them, empty for the control", () => {
    // Seeded revenue: each converting visitor spent $40 in control, $50 in the variant.
    const spend = (armId: string, n: number, amount: number) =>
      row(armId, "purchase", "2026-11-01", { convertingVisitors: n, conversions: n, revenue: n * amount, revenueSquares: n * amount ** 2, cappedRevenueCubes: n * amount ** 3 });
    const v = twoArms([row("a", "", "2026-11-01", { exposedVisitors: 4000 }), row("b", "", "2026-11-01", { exposedVisitors: 4000 }), spend("a", 200, 40), spend("b", 240, 50)]);
    const variant = v.goals[0]!.arms[1]!;
    expect(variant.revenueLift).toBeGreaterThan(0.4);
    expect(variant.revenueCiLow).toBeLessThan(variant.revenueLift!);
    expect(SUMMARY_COLUMNS.slice(-8, -5)).toEqual(["revenue_per_visitor_lift", "revenue_per_visitor_lift_ci_low", "revenue_per_visitor_lift_ci_high"]);
    const [control, b] = rowsOf(v);
    expect([at(b, "revenue_per_visitor_lift"), at(b, "revenue_per_visitor_lift_ci_low"), at(b, "revenue_per_visitor_lift_ci_high")].map(Number)).toEqual(
      [variant.revenueLift!, variant.revenueCiLow!, variant.revenueCiHigh!].map(roundedFigure),
    );
    expect([at(control, "revenue_per_visitor_lift"), at(control, "revenue_per_visitor_lift_ci_low"), at(control, "revenue_per_visitor_lift_ci_high")]).toEqual(["", "", ""]);
    const records = summaryRecords(v, decisionSummary(v, { today: "2026-11-02" }));
    expect(records[1]!.revenue_per_visitor_lift).toBe(roundedFigure(variant.revenueLift!));
    expect(records[0]!.revenue_per_visitor_lift).toBeNull();
    // Without revenue there is nothing to compare: empty, not 0.
    const [, noRevenue] = rowsOf(twoArms([row("a", "", "2026-11-01", { exposedVisitors: 100 }), row("b", "", "2026-11-01", { exposedVisitors: 100 })]));
    expect(at(noRevenue, "revenue_per_visitor_lift")).toBe("");
  });

  it("carries the decision on every summary row, and each arm's mark", () => {
    const ship = twoArms([
      row("a", "", "2026-11-01", { exposedVisitors: 2000 }),
      row("b", "", "2026-11-01", { exposedVisitors: 2000 }),
      row("a", "signup", "2026-11-01", { convertingVisitors: 100, conversions: 100 }),
      row("b", "signup", "2026-11-01", { convertingVisitors: 200, conversions: 200 }),
    ], "signup");
    const [control, variant] = rowsOf(ship);
    const lift = ship.goals[0]?.arms[1];
    for (const cells of [control, variant]) {
      expect([at(cells, "decision"), at(cells, "decision_arm"), Number(at(cells, "decision_lift"))]).toEqual(["ship", "B", lift?.lift]);
      // At the CSV's precision (FIGURE_DIGITS significant digits), not the float's.
      expect(Number(at(cells, "decision_lift_ci_low"))).toBe(roundedFigure(lift!.ciLow!));
      expect(Number(at(cells, "decision_lift_ci_high"))).toBe(roundedFigure(lift!.ciHigh!));
    }
    expect([at(control, "arm_decided"), at(variant, "arm_decided")]).toEqual(["", "better"]);
    // Collecting: the state, and no arm or lift.
    const [, collecting] = rowsOf(twoArms([row("a", "", "2026-11-01", { exposedVisitors: 10 }), row("b", "", "2026-11-01", { exposedVisitors: 10 })]));
    expect(["decision", "decision_arm", "decision_lift", "arm_decided"].map((c) => at(collecting, c as never))).toEqual(["collecting", "", "", "not-yet"]);
  });
});

describe("results CSV against formulas", () => {
  it.each(HOSTILE)("no spreadsheet reads a formula in %j, however it splits", (label) => {
    const labelled: RollupRow[] = rollups.map((r) => (r.goal ? { ...r, goal: label } : r));
    const hostile = buildResults({
      test: { id: "t1", name: label, status: "running", startedAt: null, pages: ["/"], trafficPercent: 100, minDetectableEffect: 0.1 },
      arms: [{ id: "a", key: "control", name: label, weight: 1 }, { id: "b", key: "b", name: label, weight: 1 }],
      goals: [{ label, isPrimary: true }],
      currency: "USD",
      rollups: labelled,
      flicker: [],
    });
    const csvs = [summaryCsv(hostile), dailyCsv(hostile, labelled)];
    for (const csv of csvs) expect(formulaCells(csv)).toEqual([]);
  });

  it.each(HOSTILE)("keeps %j readable: RFC 4180 gives it back with a ' before each piece that was a formula", (label) => {
    const strip = (s: string) => s.replace(/(^|[,;\t\r\n])'/g, "$1");
    // Read as RFC 4180 (line breaks inside quotes are the cell's): one cell, the label with ' inserted.
    const rfc = parseRfc4180Cell(csvText(label));
    expect(strip(rfc)).toBe(strip(label));
  });

  it("writes the issue's label as one quoted cell with each formula piece defused", () => {
    expect(csvText("x;=1+2;y")).toBe(`"x;'=1+2;y"`);
    expect(csvText("=1+2")).toBe("'=1+2");
    expect(csvText("a;b")).toBe(`"a;b"`);
  });

  it.each(["signup", "Café crème", "add-to-cart", "1-2", "x=1", "a;b", "50% off", "e-mail"])("leaves the ordinary %j as it is (quoted when it holds a separator)", (label) => {
    expect(spreadsheetCells(csvText(label), ",", true)).toEqual([label]);
    expect(csvText(label).includes("'")).toBe(false);
  });

  it("still writes negative figures as numbers", () => {
    expect(readsAsFormula("-0.25")).toBe(false);
    expect(summaryCsv(view)).toMatch(/,-?\d/);
  });
});
