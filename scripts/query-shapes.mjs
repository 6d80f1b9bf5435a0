// Compares the SQL shapes the test suite sent to each database (app/db/query-shapes.server.ts writes them when
// SVC_QUERY_SHAPES_DIR is set): every shape the embedded database answered must also have been sent to
// PostgreSQL, so running most test files on PGlite alone leaves no query of the app untried on PostgreSQL.
// `node scripts/query-shapes.mjs <folder>` prints the counts and any shape PostgreSQL never saw (exit 1 then).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The shapes in a folder of recordings, by database kind, and for each shape the subfolders (one per test
 * file, tests/support/server.ts) whose processes sent it.
 */
export function readShapes(dir) {
  const shapes = { pglite: new Set(), postgres: new Set(), senders: new Map() };
  const read = (folder, sender) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        read(path.join(folder, entry.name), entry.name);
        continue;
      }
      const kind = entry.name.startsWith("pglite-") ? "pglite" : entry.name.startsWith("postgres-") ? "postgres" : null;
      if (!kind) continue;
      for (const line of readFileSync(path.join(folder, entry.name), "utf8").split("\n")) {
        if (!line.trim()) continue;
        let shape;
        try {
          shape = JSON.parse(line);
        } catch {
          // A process killed mid-write (the durability tests do) leaves a partial last line: not a shape.
          continue;
        }
        shapes[kind].add(shape);
        if (sender) {
          if (!shapes.senders.has(shape)) shapes.senders.set(shape, new Set());
          shapes.senders.get(shape).add(sender);
        }
      }
    }
  };
  read(dir, null);
  return shapes;
}

/** A line for a shape PostgreSQL never saw: the statement, cut short, and the test files that sent it. */
export function untriedLine(shape, senders) {
  const text = shape.length > 240 ? `${shape.slice(0, 240)}…` : shape;
  return `${text}${senders?.size ? `  [${[...senders].sort().join(", ")}]` : ""}`;
}

/**
 * Statements the app sends to the embedded database alone, by design: PGlite has no autovacuum, so the server
 * refreshes the planner's statistics itself (app/services/startup.server.ts, keepStatisticsFresh).
 */
const EMBEDDED_ONLY = [/^ANALYZE\b/, /^SELECT c\.relname AS name FROM pg_class c .*pg_relation_size/];

/** Shapes the embedded database answered and PostgreSQL never saw, but for the embedded database's own upkeep. */
export function untriedOnPostgres({ pglite, postgres }) {
  return [...pglite].filter((shape) => !postgres.has(shape) && !EMBEDDED_ONLY.some((only) => only.test(shape))).sort();
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const dir = process.argv[2];
  if (!dir) {
    console.error("usage: node scripts/query-shapes.mjs <folder>");
    process.exit(2);
  }
  const shapes = readShapes(dir);
  const untried = untriedOnPostgres(shapes);
  console.log(`query shapes: ${shapes.pglite.size} sent to PGlite, ${shapes.postgres.size} to PostgreSQL; ${untried.length} sent to PGlite only`);
  for (const shape of untried) console.log(`  ${untriedLine(shape, shapes.senders.get(shape))}`);
  process.exit(untried.length === 0 ? 0 : 1);
}
