import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { queryShape, queryShapeRecorder } from "./query-shapes.server";

describe("queryShape", () => {
  it("is the same for any parameter values and list lengths", () => {
    expect(queryShape('SELECT * FROM "Test" WHERE "id" IN ($1,$2,$3) LIMIT $4')).toBe(queryShape('SELECT * FROM "Test" WHERE "id" IN ($1) LIMIT $2'.replace("($1)", "($1, $2)")));
    expect(queryShape("SELECT 1 FROM t WHERE a = $1\n   AND b = $2")).toBe("SELECT N FROM t WHERE a = ? AND b = ?");
  });

  it("folds the rows of a VALUES list into one", () => {
    const three = queryShape("INSERT INTO t (a, b) VALUES ($1, $2), ($3, $4), ($5, $6)");
    const one = queryShape("INSERT INTO t (a, b) VALUES ($1, $2)");
    expect(three).toBe("INSERT INTO t (a, b) VALUES (?…)…");
    expect(one).toBe("INSERT INTO t (a, b) VALUES (?…)");
    expect(queryShape("INSERT INTO t (a, b) VALUES ($1, $2), ($3, $4)")).toBe(three);
  });

  it("tells different statements apart", () => {
    expect(queryShape('SELECT "a" FROM t WHERE x = $1')).not.toBe(queryShape('SELECT "b" FROM t WHERE x = $1'));
    expect(queryShape("SELECT count(a), sum(b) FROM t")).toBe("SELECT count(a), sum(b) FROM t");
  });
});

describe("queryShapeRecorder", () => {
  it("records nothing without a folder", () => {
    expect(queryShapeRecorder("pglite", "")).toBeNull();
  });

  it("writes each shape once, as a JSON line", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "svc-shapes-test-"));
    try {
      const recorder = queryShapeRecorder("postgres", dir);
      recorder?.record("SELECT $1");
      recorder?.record("SELECT  $2");
      recorder?.record("SELECT a FROM t");
      const [file] = readdirSync(dir);
      expect(file).toMatch(/^postgres-\d+-/);
      expect(readFileSync(path.join(dir, file!), "utf8").trim().split("\n").map((l) => JSON.parse(l))).toEqual(["SELECT ?", "SELECT a FROM t"]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
