import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readShapes, untriedLine, untriedOnPglite, untriedOnPostgres } from "./query-shapes.mjs";
import { mergeReports, slowestFiles } from "./test-report.mjs";

describe("slowestFiles", () => {
  it("lists the slowest files of a vitest JSON report first, with their seconds", () => {
    const results = [
      { name: "/r/a.test.ts", startTime: 1000, endTime: 3500 },
      { name: "/r/b.test.ts", startTime: 1000, endTime: 9000 },
      { name: "/r/c.test.ts", startTime: 1000, endTime: 1100 },
    ];
    expect(slowestFiles(results, 2, "/r")).toEqual([
      { file: "b.test.ts", seconds: 8 },
      { file: "a.test.ts", seconds: 2.5 },
    ]);
  });
});

describe("mergeReports", () => {
  const lane = (passed: number, failed: number, files: string[], startTime: number) => ({
    success: failed === 0,
    startTime,
    numTotalTests: passed + failed,
    numPassedTests: passed,
    numFailedTests: failed,
    numPendingTests: 1,
    numTodoTests: 0,
    testResults: files.map((name) => ({ name, startTime, endTime: startTime + 10 })),
  });

  it("sums the lanes' counts, keeps every file and the earliest start", () => {
    const merged = mergeReports([lane(10, 0, ["/r/a", "/r/b"], 500), lane(4, 0, ["/r/c"], 200)]);
    expect(merged).toMatchObject({ success: true, startTime: 200, numTotalTests: 14, numPassedTests: 14, numFailedTests: 0, numPendingTests: 2 });
    expect(merged.testResults.map((r) => r.name)).toEqual(["/r/a", "/r/b", "/r/c"]);
  });

  it("fails when one lane failed or wrote no report", () => {
    expect(mergeReports([lane(10, 0, [], 1), lane(3, 1, [], 1)])).toMatchObject({ success: false, numFailedTests: 1 });
    expect(mergeReports([lane(10, 0, [], 1), null])).toMatchObject({ success: false, numPassedTests: 10 });
    expect(mergeReports([]).success).toBe(false);
  });
});

describe("query shapes", () => {
  it("names the shapes one database answered that the other never saw, across processes, ignoring a torn last line", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "svc-shapes-read-"));
    try {
      writeFileSync(path.join(dir, "pglite-1-a.sql.txt"), '"SELECT ?"\n"SELECT b"\n"UPDATE c"\n');
      writeFileSync(path.join(dir, "pglite-2-b.sql.txt"), '"DELETE d"\n"ANALYZE \\"Event\\""\n"INSERT IN');
      writeFileSync(path.join(dir, "postgres-3-c.sql.txt"), '"SELECT ?"\n"UPDATE c"\n"SELECT e"\n"BEGIN"\n"COMMIT"\n');
      const shapes = readShapes(dir);
      // ANALYZE is the embedded database's own upkeep (no autovacuum): PostgreSQL is not sent it, by design.
      expect(shapes.pglite.size).toBe(5);
      expect(untriedOnPostgres(shapes)).toEqual(["DELETE d", "SELECT b"]);
      // The other way: a shape only PostgreSQL answered (a file run on one database) is named too, but transaction
      // control as text, which PGlite's transactions never send.
      expect(untriedOnPglite(shapes)).toEqual(["SELECT e"]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("traces each shape to the test files whose servers sent it", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "svc-shapes-read-"));
    try {
      mkdirSync(path.join(dir, "tests__a.test.ts"));
      mkdirSync(path.join(dir, "tests__b.test.ts"));
      writeFileSync(path.join(dir, "tests__a.test.ts", "pglite-1-a.sql.txt"), '"SELECT b"\n');
      writeFileSync(path.join(dir, "tests__b.test.ts", "pglite-2-b.sql.txt"), '"SELECT b"\n"SELECT c"\n');
      writeFileSync(path.join(dir, "tests__b.test.ts", "postgres-3-c.sql.txt"), '"SELECT c"\n');
      const shapes = readShapes(dir);
      expect(untriedOnPostgres(shapes)).toEqual(["SELECT b"]);
      expect(untriedLine("SELECT b", shapes.senders.get("SELECT b"))).toBe("SELECT b  [tests__a.test.ts, tests__b.test.ts]");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
