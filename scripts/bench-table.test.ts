import { describe, expect, it } from "vitest";
import { formatTable, memoryGrowth, targetFor, type BenchLoad, type BenchRow } from "./bench-table.mjs";

const load = (over: Partial<BenchLoad> = {}): BenchLoad => ({ rps: 1000, itemsPerSecond: 1000, p50: 2, p99: 8, non2xx: 0, rssMb: 120, ...over });
const row = (over: Partial<BenchRow>): BenchRow => ({ scenario: "GET /api/patches, 1 site(s) × 1 test", database: "pglite", svc: load(), bare: load({ rps: 1500 }), ratio: 1000 / 1500, ...over });

describe("targetFor", () => {
  it("holds /api/patches to half of bare Node's rate and a 10 ms p99", () => {
    expect(targetFor(row({}))?.met).toBe(true);
    expect(targetFor(row({ ratio: 0.49 }))?.met).toBe(false);
    expect(targetFor(row({ svc: load({ p99: 11 }) }))?.met).toBe(false);
  });

  it("holds 10-event batches to 5,000 events/s on PGlite and 20,000 on PostgreSQL", () => {
    const events = (database: "pglite" | "postgres", itemsPerSecond: number) =>
      targetFor(row({ scenario: "POST /api/events ×10", database, svc: load({ itemsPerSecond }) }))?.met;
    expect(events("pglite", 5000)).toBe(true);
    expect(events("pglite", 4999)).toBe(false);
    expect(events("postgres", 19_999)).toBe(false);
    expect(events("postgres", 20_000)).toBe(true);
  });

  it("holds the realistic mix to 12,000 events/s on PGlite, and 20,000 at 25 µs of PostgreSQL CPU each on PostgreSQL", () => {
    const realistic = (database: "pglite" | "postgres", itemsPerSecond: number, pgCpuUsPerItem: number | null) =>
      targetFor(row({ scenario: "POST /api/events ×10, realistic mix", database, svc: load({ itemsPerSecond, pgCpuUsPerItem }) }))?.met;
    expect(realistic("pglite", 12_000, null)).toBe(true);
    expect(realistic("pglite", 11_999, null)).toBe(false);
    expect(realistic("postgres", 20_000, 25)).toBe(true);
    expect(realistic("postgres", 20_000, 25.1)).toBe(false);
    expect(realistic("postgres", 19_999, 10)).toBe(false);
    expect(realistic("postgres", 30_000, null)).toBe(false);
  });

  it("sets no target for other batch sizes or the results page", () => {
    expect(targetFor(row({ scenario: "POST /api/events ×50" }))).toBeNull();
    expect(targetFor(row({ scenario: "GET results page, 1e8 events (1.00× 1e4)" }))).toBeNull();
  });

  it("calls memory flat when the second half grows it by at most 10%", () => {
    const memory = (growth: number) => targetFor(row({ scenario: "memory: 200,000 visitors", memory: { samples: [], growth } }))?.met;
    expect(memory(0.1)).toBe(true);
    expect(memory(0.11)).toBe(false);
  });
});

describe("memoryGrowth", () => {
  it("compares the last sample with the middle one, not the first", () => {
    const samples = [0, 50, 100, 150, 200].map((visitors, i) => ({ visitors, rssMb: [100, 150, 200, 205, 210][i]! }));
    expect(memoryGrowth(samples)).toBeCloseTo(0.05);
  });
});

describe("formatTable", () => {
  it("prints a header, a rule and one line per row, with met or MISSED", () => {
    const lines = formatTable([row({ target: { text: "t", met: true } }), row({ bare: null, ratio: null, target: { text: "t", met: false } })]).split("\n");
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(/^scenario .*\| bare req\/s \| svc req\/s \| svc\/bare/);
    expect(lines[2]).toMatch(/\| +1,500 \| +1,000 \| +0\.667 \|.*\| met$/);
    expect(lines[3]).toMatch(/\| +— \| +1,000 \| +— \|.*\| MISSED$/);
  });
});
