// The migration runner on empty and existing databases (PGlite, and PostgreSQL 15 when configured).
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase } from "~/db/connection.server";
import { loadMigrations, migrate } from "~/db/migrate.server";
import { createTestDatabase, databaseKinds, type TestDatabase } from "../support/databases";
import { SHOPIFY_TEST_ENV, startServer } from "../support/server";

const migrationsDir = path.resolve("prisma/migrations");
const run = promisify(execFile);

describe.each(databaseKinds)("migrations on %s", (kind) => {
  let testDb: TestDatabase | undefined;
  afterEach(async () => {
    await testDb?.drop();
    testDb = undefined;
  });

  it("apply cleanly to an empty database, once", async () => {
    testDb = await createTestDatabase(kind);
    const migrations = await loadMigrations(migrationsDir);
    expect(migrations.length).toBeGreaterThan(0);
    const db = await openDatabase(testDb.config);
    try {
      const first = await migrate(db.sql, migrations);
      expect(first.applied).toEqual(migrations.map((m) => m.name));
      const tables = await db.sql.query<{ table_name: string }>(
        "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'",
      );
      expect(tables.map((t) => t.table_name)).toEqual(
        expect.arrayContaining(["Shop", "Site", "Test", "Arm", "Goal", "Event", "Conversion", "DailyRollup", "Session"]),
      );
      const second = await migrate(db.sql, migrations);
      expect(second).toEqual({ applied: [], alreadyApplied: migrations.length });
      const rows = await db.sql.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM "_prisma_migrations" WHERE finished_at IS NOT NULL',
      );
      expect(rows[0]?.n).toBe(migrations.length);
    } finally {
      await db.close();
    }
  });

  it("refuses an applied migration that was edited afterwards", async () => {
    // Applied already (the test above shows how they apply to an empty one): a copy of a migrated database.
    testDb = await createTestDatabase(kind, { migrated: true });
    const migrations = await loadMigrations(migrationsDir);
    const db = await openDatabase(testDb.config);
    try {
      await migrate(db.sql, migrations);
      const edited = migrations.map((m, i) => (i === 0 ? { ...m, checksum: "0".repeat(64) } : m));
      await expect(migrate(db.sql, edited)).rejects.toThrow(/edited after it was applied/);
    } finally {
      await db.close();
    }
  });

  it("rolls back a failing migration and leaves no record of it", async () => {
    // On a copy of a migrated database, a run of two new migrations: a good one, then a broken one.
    testDb = await createTestDatabase(kind, { migrated: true });
    const migrations = await loadMigrations(migrationsDir);
    const db = await openDatabase(testDb.config);
    try {
      const good = { name: "99999999999998_good", checksum: "g".repeat(64), sql: 'CREATE TABLE "Whole" (id int);' };
      const broken = { name: "99999999999999_broken", checksum: "x".repeat(64), sql: 'CREATE TABLE "Half" (id int); SELECT * FROM "NoSuchTable";' };
      await expect(migrate(db.sql, [...migrations, good, broken])).rejects.toThrow(/99999999999999_broken failed/);
      const table = (name: string) => db.sql.query("SELECT 1 FROM information_schema.tables WHERE table_name = $1", [name]);
      const recorded = (name: string) => db.sql.query(`SELECT 1 FROM "_prisma_migrations" WHERE migration_name = $1`, [name]);
      expect(await table("Half")).toHaveLength(0);
      expect(await recorded(broken.name)).toHaveLength(0);
      // The good migration before it in the same run stays applied and recorded.
      expect(await table("Whole")).toHaveLength(1);
      expect(await recorded(good.name)).toHaveLength(1);
      expect((await migrate(db.sql, [...migrations, good])).applied).toEqual([]);
    } finally {
      await db.close();
    }
  });

  it("re-running start on an existing database applies nothing twice", async () => {
    testDb = await createTestDatabase(kind);
    // A Shopify server, not the demo: the demo's seeding on each start is health-and-demo.test.ts's, and doubled the time here.
    const first = await startServer({ env: { ...testDb.env, ...SHOPIFY_TEST_ENV } });
    await first.stop();
    expect(first.output()).toMatch(/migrations applied now: [1-9]/);
    const second = await startServer({ env: { ...testDb.env, ...SHOPIFY_TEST_ENV } });
    try {
      expect(second.output()).toMatch(/migrations applied now: 0,/);
      const health = await fetch(`${second.url}/healthz`).then((r) => r.json());
      expect(health).toMatchObject({ status: "ok", database: { status: "ok", kind } });
    } finally {
      await second.stop();
    }
  });
});

describe.runIf(databaseKinds.includes("postgres"))("migrations on postgres, concurrently", () => {
  it("two servers migrating one database at once apply each migration once", async () => {
    const testDb = await createTestDatabase("postgres");
    try {
      const migrations = await loadMigrations(migrationsDir);
      const [a, b] = await Promise.all([openDatabase(testDb.config), openDatabase(testDb.config)]);
      try {
        const results = await Promise.all([migrate(a.sql, migrations), migrate(b.sql, migrations)]);
        expect(results.flatMap((r) => r.applied).sort()).toEqual(migrations.map((m) => m.name).sort());
        const rows = await a.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM "_prisma_migrations"');
        expect(rows[0]?.n).toBe(migrations.length);
      } finally {
        await Promise.all([a.close(), b.close()]);
      }
    } finally {
      await testDb.drop();
    }
  });
});

describe("migrations agree with Prisma's own schema engine", () => {
  // One run of the engine (it takes ~15 s on 2 cores) answers both questions: on a copy of prisma/ with one
  // model added, it must notice the drift (exit 1), and the SQL it says a migration would need must be that
  // model's table and nothing else, so the committed migrations produce exactly prisma/schema.prisma; and on a
  // database migrated by our runner, Prisma must see the history as complete.
  it("notices a schema change that has no migration yet, and finds nothing else missing; Prisma sees our history as complete", async () => {
    const migrated = await createTestDatabase("pglite", { migrated: true });
    const tmp = await mkdtemp(path.join(os.tmpdir(), "svc-prisma-drift-"));
    try {
      const dir = migrated.config.dataDir;
      const db = await openDatabase(migrated.config);
      expect((await migrate(db.sql, await loadMigrations(migrationsDir))).applied).toEqual([]);
      await db.close();
      await cp(path.resolve("prisma"), path.join(tmp, "prisma"), { recursive: true });
      const schema = path.join(tmp, "prisma", "schema.prisma");
      await writeFile(schema, (await readFile(schema, "utf8")) + "\nmodel Extra {\n  id Int @id\n}\n");
      const result = await run(
        process.execPath,
        ["--experimental-wasm-modules", "--no-warnings", path.resolve("scripts/db-check.mjs"), dir],
        { cwd: tmp, env: { ...process.env, SVC_PRISMA_DIR: path.join(tmp, "prisma") } },
      ).catch((error: { code: number; stdout: string }) => error);
      expect((result as { code?: number }).code).toBe(1);
      const report = JSON.parse((result as { stdout: string }).stdout) as { schemaMatchesMigrations: boolean; pendingSql?: string; database: unknown };
      expect(report.schemaMatchesMigrations).toBe(false);
      const statements = (report.pendingSql ?? "")
        .split(";")
        .map((statement) => statement.replace(/--[^\n]*/g, "").replace(/\s+/g, " ").trim())
        .filter(Boolean);
      expect(statements).toEqual([expect.stringMatching(/^CREATE TABLE "Extra" \( "id" INTEGER NOT NULL, CONSTRAINT "Extra_pkey" PRIMARY KEY \("id"\) ?\)$/)]);
      expect(report.database).toEqual({ hasMigrationsTable: true, history: null, failedMigrationNames: [], editedMigrationNames: [] });
    } finally {
      await rm(tmp, { recursive: true, force: true });
      await migrated.drop();
    }
  });
});
