import { describe, expect, it } from "vitest";
import { buildResults, type RollupRow } from "./build-results";
import { csvText, dailyCsv, SUMMARY_COLUMNS, summaryCsv } from "./csv";
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

  it("writes the daily variant from the rollups in day, arm, goal order", () => {
    const lines = dailyCsv(view, rollups).slice(1).trim().split("\r\n");
    expect(lines.slice(1).map((l) => l.split(",").slice(2, 4).join(" "))).toEqual(["2026-11-01 b", "2026-11-01 b", "2026-11-02 a"]);
    expect(lines[2]).toContain(`b,Café crème,"sign,up",USD,0,0,2,3,12.5,2.5`);
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
