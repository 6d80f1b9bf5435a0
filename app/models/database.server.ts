// The database as a whole, for the process's life: open and migrate it, ping it, refresh its statistics, close it.
import { connect, disconnect } from "~/db.server";
import type { MigrateResult } from "~/db/migrate.server";

export interface OpenedDatabase {
  kind: "pglite" | "postgres";
  /** Where it is, without credentials (for the start-up log). */
  location: string;
  /** The embedded database's address for PostgreSQL clients on this machine, when SVC_PGLITE_PORT serves it. */
  wireUrl: string | null;
  migrated: MigrateResult;
}

/** Opens (first call) and migrates the database; later calls share the same handle. */
export async function openDatabase(): Promise<OpenedDatabase> {
  const { database, migrated } = await connect();
  return { kind: database.kind, location: database.location, wireUrl: database.wireUrl, migrated };
}

/** One round trip to the database; throws when it does not answer. */
export async function pingDatabase(): Promise<{ kind: OpenedDatabase["kind"] }> {
  const { database } = await connect();
  await database.sql.query("SELECT 1");
  return { kind: database.kind };
}

/**
 * Whether the server's autovacuum analyses tables as they change (PostgreSQL's default; its statistics counters
 * must be on too). Asked of PostgreSQL only: PGlite answers "on" but runs no autovacuum at all.
 */
export async function autovacuumAnalyzes(): Promise<boolean> {
  const { database } = await connect();
  const [row] = await database.sql.query<{ on: boolean }>(
    `SELECT current_setting('autovacuum') = 'on' AND current_setting('track_counts') = 'on' AS "on"`,
  );
  return row?.on === true;
}

/** Refreshes the planner's statistics (where no autovacuum does: planner-statistics.server.ts). */
export async function analyzeDatabase(): Promise<void> {
  const { database } = await connect();
  await database.sql.exec("ANALYZE");
}

/**
 * Tables that at least doubled (and grew by 8 pages, 64 KiB) since their statistics were taken. The
 * planner estimates a table's rows as its current pages × the rows per page it saw at the last ANALYZE;
 * statistics taken while a table held one row (say the one order of a shop, at start-up) say "one row
 * per page", so once events pour in it takes tens of thousands of rows for a few hundred and turns the
 * group commit's key lookups into sequential scans (event writes fell from ~7,000/s to under 200/s within
 * 30 s of a restart). Rows per page settle as a table grows, so doubling is when it is worth a new look.
 */
const GROWN_TABLES = `
  SELECT c.relname AS name
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
   WHERE n.nspname = current_schema() AND c.relkind = 'r'
     AND pg_relation_size(c.oid) / current_setting('block_size')::int >= 2 * GREATEST(c.relpages, 0) + 8`;

/**
 * What autovacuum's analyze does, where none runs (planner-statistics.server.ts): ANALYZE each table that grew
 * past its statistics (GROWN_TABLES). Answers the tables analysed. A few cheap catalog reads when none did.
 */
export async function analyzeGrownTables(): Promise<string[]> {
  const { database } = await connect();
  const grown = await database.sql.query<{ name: string }>(GROWN_TABLES);
  for (const { name } of grown) await database.sql.exec(`ANALYZE "${name.replace(/"/g, '""')}"`);
  return grown.map((t) => t.name);
}

export const closeDatabase = disconnect;
