import { describe, expect, it } from "vitest";
import { formulaCells, readsAsFormula, spreadsheetCells } from "./spreadsheet-reading";

describe("how a spreadsheet reads a CSV file", () => {
  it("splits on the delimiter it is set to, quotes honoured or not", () => {
    expect(spreadsheetCells('a,"b;c"\nd', ",", true)).toEqual(["a", "b;c", "d"]);
    expect(spreadsheetCells('a,"b;c"', ";", true)).toEqual(['a,"b', 'c"']);
    expect(spreadsheetCells('"x;=1"', ";", false)).toEqual(['"x', '=1"']);
  });

  it("runs cells that start with = + - @ (full-width too), not plain numbers", () => {
    expect(["=1+2", ' "+A1', "@SUM(A1)", "＝1", "-A1"].map(readsAsFormula)).toEqual([true, true, true, true, true]);
    expect(["-0.25", "+3", "1e5", "x=1", "'=1"].map(readsAsFormula)).toEqual([false, false, false, false, false]);
  });

  it("finds a formula a `;` spreadsheet sees in a file written for `,`", () => {
    expect(formulaCells('"x;=1+2;y"')).toContain("=1+2");
  });
});
