// The database as a whole, for the process's life: open and migrate it, ping it, refresh its statistics, close it.
import { connect, disconnect } from "~/db.server";
import type { MigrateResult } from "~/db/migrate.server";

export interface OpenedDatabase {
  kind: "pglite" | "postgres";
  /** Where it is, without credentials (for the start-up log). */
  location: string;
  migrated: MigrateResult;
}

/** Opens (first call) and migrates the database; later calls share the same handle. */
export async function openDatabase(): Promise<OpenedDatabase> {
  const { database, migrated } = await connect();
  return { kind: database.kind, location: database.location, migrated };
}

/** One round trip to the database; throws when it does not answer. */
export async function pingDatabase(): Promise<{ kind: OpenedDatabase["kind"] }> {
  const { database } = await connect();
  await database.sql.query("SELECT 1");
  return { kind: database.kind };
}

/** Refreshes the planner's statistics (PGlite has no autovacuum to do it). */
export async function analyzeDatabase(): Promise<void> {
  const { database } = await connect();
  await database.sql.exec("ANALYZE");
}

export const closeDatabase = disconnect;
