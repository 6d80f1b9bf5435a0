// Throwaway databases for tests: a fresh PGlite folder always, and a fresh PostgreSQL database on the
// server named by TEST_DATABASE_URL when it is set (CI sets it), dropped afterwards.
import { mkdtemp, rm } from "node:fs/promises";
import { randomBytes } from "node:crypto";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { SqlRunner } from "~/db/connection.server";

export interface TestDatabase {
  kind: "pglite" | "postgres";
  /** Environment that points the app at this database. */
  env: Record<string, string>;
  /** The same as openDatabase() takes. */
  config: { databaseUrl: string | null; dataDir: string };
  drop(): Promise<void>;
}

export const databaseKinds: Array<"pglite" | "postgres"> = process.env.TEST_DATABASE_URL
  ? ["pglite", "postgres"]
  : ["pglite"];

export async function createTestDatabase(kind: "pglite" | "postgres"): Promise<TestDatabase> {
  if (kind === "pglite") {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "svc-pglite-"));
    return {
      kind,
      env: { SVC_DATA_DIR: dataDir },
      config: { databaseUrl: null, dataDir },
      drop: () => rm(dataDir, { recursive: true, force: true }),
    };
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error("TEST_DATABASE_URL is not set");
  const name = `svc_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    kind,
    env: { DATABASE_URL: url.href },
    config: { databaseUrl: url.href, dataDir: "" },
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

const MIGRATIONS = path.resolve(import.meta.dirname, "../../prisma/migrations");

/**
 * Migrates a test database and runs `seed` on it, then closes it: for rows that must exist before a
 * server starts on it (an embedded PGlite folder admits one process at a time).
 */
export async function seedDatabase(db: TestDatabase, seed: (sql: SqlRunner) => Promise<void>): Promise<void> {
  const { loadMigrations, migrate } = await import("~/db/migrate.server");
  await withDatabase(db, async (sql) => {
    await migrate(sql, await loadMigrations(MIGRATIONS));
    await seed(sql);
  });
}

/**
 * Opens a test database, runs `fn` on it and closes it. PGlite admits one process per folder: there, only
 * while no server runs on it; PostgreSQL, any time.
 */
export async function withDatabase<T>(db: TestDatabase, fn: (sql: SqlRunner) => Promise<T>): Promise<T> {
  // Loaded here, not at the top: most tests never open the database themselves, and need not load its drivers.
  const { openDatabase } = await import("~/db/connection.server");
  const database = await openDatabase(db.config);
  try {
    return await fn(database.sql);
  } finally {
    await database.close();
  }
}
