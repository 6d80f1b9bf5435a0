import { describe, expect, it } from "vitest";
import { addValue, emptyTally, estimate, formatTable, meets, mergeTally, rowCells, type TableLine } from "./table";

const tallyOf = (values: number[]) => {
  const t = emptyTally();
  for (const v of values) addValue(t, v);
  return t;
};

describe("table", () => {
  it("estimates a rate with its binomial standard error √(p(1 − p)/n)", () => {
    const est = estimate("rate", tallyOf([1, 0, 0, 0]));
    expect(est?.value).toBe(0.25);
    expect(est?.se).toBeCloseTo(Math.sqrt((0.25 * 0.75) / 4), 12);
    expect(estimate("rate", emptyTally())).toBeNull();
  });

  it("estimates a mean with s/√n and merges tallies as if they were one", () => {
    const est = estimate("mean", tallyOf([1, 2, 3, 4]));
    expect(est?.value).toBe(2.5);
    // s² = 5/3.
    expect(est?.se).toBeCloseTo(Math.sqrt(5 / 3 / 4), 12);
    const merged = tallyOf([1, 2]);
    mergeTally(merged, tallyOf([3, 4]));
    expect(merged).toEqual(tallyOf([1, 2, 3, 4]));
  });

  it("compares the point estimate with the target", () => {
    expect(meets({ at: "most", value: 0.06 }, 0.06)).toBe(true);
    expect(meets({ at: "most", value: 0.06 }, 0.07)).toBe(false);
    expect(meets({ at: "least", value: 0.78 }, 0.5)).toBe(false);
    expect(meets({ info: true }, 0.5)).toBeNull();
  });

  it("prints one Markdown row per line, escaping pipes, with n.a. lines as such", () => {
    const lines: TableLine[] = [
      { claim: "A/A false positive", setting: "a | b", kind: "rate", target: { at: "most", value: 0.06 }, tally: tallyOf([1, 0, 0, 0, 0, 0, 0, 0, 0, 0]) },
      { claim: "CUPED", setting: "revenue", kind: "rate", target: { na: "n/a (no CUPED yet)" }, tally: emptyTally() },
    ];
    expect(rowCells(lines[0] as TableLine)).toEqual(["A/A false positive", "a | b", "10.00% (n = 10)", "±9.49 pp", "≤ 6.0%", "missed"]);
    const text = formatTable(lines).split("\n");
    expect(text[0]).toBe("| claim | setting | measured | MC error | target | met? |");
    expect(text[2]).toContain("a \\| b");
    expect(text[3]).toBe("| CUPED | revenue | n/a (no CUPED yet) | — | — | — |");
  });
});
