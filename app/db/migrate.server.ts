// Applies the committed prisma/migrations in order, as `prisma migrate deploy` does, recording each
// in Prisma's own `_prisma_migrations` table, so the stock Prisma CLI agrees with what ran.
import { createHash, randomUUID } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { SqlRunner } from "./connection.server";

export interface Migration {
  name: string;
  sql: string;
  checksum: string;
}

export interface MigrateResult {
  applied: string[];
  alreadyApplied: number;
}

// The key Prisma's own schema engine locks on, so our runner and `prisma migrate deploy` never overlap.
const PRISMA_ADVISORY_LOCK = 72707369;

const CREATE_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum" VARCHAR(64) NOT NULL,
  "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL,
  "logs" TEXT,
  "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;

export async function loadMigrations(dir: string): Promise<Migration[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const names = entries.filter((e) => e.isDirectory()).map((e) => e.name).sort();
  return Promise.all(
    names.map(async (name) => {
      const sql = await readFile(path.join(dir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    }),
  );
}

interface AppliedRow {
  migration_name: string;
  checksum: string;
}

/**
 * Applies every migration not yet recorded as finished. Each runs in its own transaction under
 * Prisma's advisory lock, so concurrent starts apply it once, and a failure leaves no trace but the error.
 */
export async function migrate(sql: SqlRunner, migrations: Migration[]): Promise<MigrateResult> {
  // Under the lock: two servers starting at once would otherwise race to create the table.
  await sql.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock($1)", [PRISMA_ADVISORY_LOCK]);
    await tx.exec(CREATE_TABLE);
  });
  const applied: string[] = [];
  let alreadyApplied = 0;
  for (const migration of migrations) {
    const done = await sql.transaction(async (tx) => {
      await tx.query("SELECT pg_advisory_xact_lock($1)", [PRISMA_ADVISORY_LOCK]);
      const rows = await tx.query<AppliedRow>(
        `SELECT migration_name, checksum FROM "_prisma_migrations"
          WHERE migration_name = $1 AND finished_at IS NOT NULL AND rolled_back_at IS NULL`,
        [migration.name],
      );
      const previous = rows[0];
      if (previous) {
        if (previous.checksum !== migration.checksum) {
          throw new Error(
            `migration ${migration.name} was edited after it was applied (checksum differs); ` +
              "add a new migration instead of changing an applied one",
          );
        }
        return false;
      }
      try {
        await tx.exec(migration.sql);
      } catch (error) {
        throw new Error(`migration ${migration.name} failed and was rolled back: ${(error as Error).message}`);
      }
      await tx.query(
        `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, finished_at, applied_steps_count)
         VALUES ($1, $2, $3, now(), now(), 1)`,
        [randomUUID(), migration.checksum, migration.name],
      );
      return true;
    });
    if (done) applied.push(migration.name);
    else alreadyApplied += 1;
  }
  return { applied, alreadyApplied };
}
