// Records the distinct shapes of the SQL statements this process sends, when SVC_QUERY_SHAPES_DIR names a folder:
// the test suite runs most files on the embedded database alone and checks that PostgreSQL saw every shape
// the embedded one did (scripts/query-shapes.mjs), so both databases still answer every query the app sends.
import { appendFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import { readQueryShapesDir } from "~/env.server";

/**
 * A statement's shape: the same for any parameter values, any length of a parameter list and any number of
 * rows in a VALUES list, so that a batch of 3 and a batch of 30 count as one query.
 */
export function queryShape(sql: string): string {
  return sql
    .replace(/\s+/g, " ")
    .trim()
    .replace(/\$\d+/g, "?")
    .replace(/\?(?:\s*,\s*\?)+/g, "?…")
    .replace(/\((?:[^()']|\(\?…?\))*\)(?:\s*,\s*\((?:[^()']|\(\?…?\))*\))+/g, (rows) => `${rows.slice(0, rows.indexOf(")") + 1)}…`)
    .replace(/\b\d+\b/g, "N");
}

export interface QueryShapeRecorder {
  record(sql: string): void;
}

/** A recorder for one database of this process, or null when SVC_QUERY_SHAPES_DIR is not set (always, outside tests). */
export function queryShapeRecorder(kind: "pglite" | "postgres", dir = readQueryShapesDir()): QueryShapeRecorder | null {
  if (!dir) return null;
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${kind}-${process.pid}-${Math.random().toString(36).slice(2, 8)}.sql.txt`);
  const seen = new Set<string>();
  return {
    record(sql) {
      const shape = queryShape(sql);
      if (seen.has(shape)) return;
      seen.add(shape);
      // Synchronous and once a shape: a process killed at any moment (durability tests) keeps what it sent.
      appendFileSync(file, `${JSON.stringify(shape)}\n`);
    },
  };
}
