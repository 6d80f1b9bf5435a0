import { describe, expect, it } from "vitest";
import { arrayColumns, rowArrays, unnestRows } from "./row-arrays.server";

interface Row { siteId: string; at: Date | null; value?: number; data: unknown }
const COLUMNS = arrayColumns<Row>({ siteId: "text", at: "timestamp(3)", value: "numeric", data: "text" });

describe("row arrays", () => {
  it("names one typed array parameter per column, in the table's order, from the position given", () => {
    expect(unnestRows(COLUMNS, 4, "r")).toBe(`unnest($4::text[], $5::timestamp(3)[], $6::numeric[], $7::text[]) AS r("siteId", "at", "value", "data")`);
  });

  it("passes one array per column: dates as UTC ISO text, objects as JSON, undefined and non-finite numbers as null", () => {
    const rows: Row[] = [
      { siteId: "s", at: new Date("2026-12-06T10:00:00.000Z"), value: 1.5, data: { a: [1, "x"] } },
      { siteId: "NULL", at: null, value: Number.NaN, data: "text" },
      { siteId: "t", at: null, data: null },
    ];
    expect(rowArrays(rows, COLUMNS)).toEqual([
      ["s", "NULL", "t"],
      ["2026-12-06T10:00:00.000Z", null, null],
      [1.5, null, null],
      [`{"a":[1,"x"]}`, "text", null],
    ]);
  });
});
