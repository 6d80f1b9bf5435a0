// Compares the SQL shapes the test suite sent to each database (app/db/query-shapes.server.ts writes them when
// SVC_QUERY_SHAPES_DIR is set): every shape one database answered must also have been sent to the other, so running
// most test files on one database leaves no query of the app untried on either.
// `node scripts/query-shapes.mjs <folder>` prints the counts and any shape one of them never saw (exit 1 then).
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

/** A line for a shape one database never saw: the statement, cut short, and the test files that sent it. */
export function untriedLine(shape, senders) {
  const text = shape.length > 240 ? `${shape.slice(0, 240)}…` : shape;
  return `${text}${senders?.size ? `  [${[...senders].sort().join(", ")}]` : ""}`;
}

/**
 * Statements the app may send to the embedded database alone, by design: PGlite has no autovacuum, so the server
 * refreshes the planner's statistics itself (app/services/planner-statistics.server.ts), as it does on a PostgreSQL
 * whose autovacuum is off.
 */
const EMBEDDED_ONLY = [/^ANALYZE\b/, /^SELECT c\.relname AS name FROM pg_class c .*pg_relation_size/];

/** Shapes the embedded database answered and PostgreSQL never saw, but for the embedded database's own upkeep. */
export function untriedOnPostgres({ pglite, postgres }) {
  return [...pglite].filter((shape) => !postgres.has(shape) && !EMBEDDED_ONLY.some((only) => only.test(shape))).sort();
}

/**
 * Statements the app sends to PostgreSQL alone, by design: transaction control as text (PGlite's transactions are
 * its thread's own calls, app/db/pglite-thread.server.ts), the event writer's facts read on its own (on PGlite it
 * goes with the events' insert as one statement: factsWithEvents, app/models/events/event-group.server.ts), and
 * whether autovacuum runs (PGlite has none, whatever it answers: planner-statistics.server.ts).
 */
const POSTGRES_ONLY = [/^(BEGIN|COMMIT|ROLLBACK)$/, /^BEGIN; SET LOCAL plan_cache_mode = force_generic_plan$/, /^SELECT current_setting\('autovacuum'\)/, /^SELECT \(SELECT COALESCE\(json_agg\(x\), '\[\]'\) FROM \( SELECT e\."siteId", e\."testId", e\."sessionId" FROM /];

/** Shapes PostgreSQL answered and the embedded database never saw (the files on one database run on PostgreSQL in CI). */
export function untriedOnPglite({ pglite, postgres }) {
  return [...postgres].filter((shape) => !pglite.has(shape) && !POSTGRES_ONLY.some((only) => only.test(shape))).sort();
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const dir = process.argv[2];
  if (!dir) {
    console.error("usage: node scripts/query-shapes.mjs <folder>");
    process.exit(2);
  }
  const shapes = readShapes(dir);
  const untried = untriedOnPostgres(shapes);
  const untriedEmbedded = untriedOnPglite(shapes);
  console.log(`query shapes: ${shapes.pglite.size} sent to PGlite, ${shapes.postgres.size} to PostgreSQL; ${untried.length} sent to PGlite only, ${untriedEmbedded.length} to PostgreSQL only`);
  for (const shape of [...untried, ...untriedEmbedded]) console.log(`  ${untriedLine(shape, shapes.senders.get(shape))}`);
  process.exit(untried.length + untriedEmbedded.length === 0 ? 0 : 1);
}
