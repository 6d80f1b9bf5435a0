// npm run db:check [PGLITE_DIR]: asks Prisma's own schema engine (offline, wasm) whether
// prisma/schema.prisma matches the committed migrations, and, given an embedded database folder,
// whether that database's migration history is complete by Prisma's rules. Exits 1 on any mismatch.
import { PGlite } from "@electric-sql/pglite";
import { migrationsList, noFilter, openEngine, pendingSchemaSql } from "./schema-engine.mjs";

const dataDir = process.argv[2];
const { engine, pglite } = await openEngine(dataDir ? new PGlite(dataDir) : undefined);
try {
  const pending = await pendingSchemaSql(engine);
  const report = { schemaMatchesMigrations: pending.trim() === "" };
  // What a migration would have to hold: the first thing to read when they disagree.
  if (!report.schemaMatchesMigrations) report.pendingSql = pending;
  if (dataDir) {
    const diagnosis = await engine.diagnoseMigrationHistory({
      migrationsList: await migrationsList(),
      optInToShadowDatabase: false,
      filters: noFilter,
    });
    report.database = {
      hasMigrationsTable: diagnosis.hasMigrationsTable,
      history: diagnosis.history,
      failedMigrationNames: diagnosis.failedMigrationNames,
      editedMigrationNames: diagnosis.editedMigrationNames,
    };
  }
  console.log(JSON.stringify(report));
  const ok =
    report.schemaMatchesMigrations &&
    (!report.database ||
      (report.database.history === null &&
        report.database.failedMigrationNames.length === 0 &&
        report.database.editedMigrationNames.length === 0));
  if (!ok && process.stdout.isTTY) console.error("mismatch: see docs/database.md");
  process.exitCode = ok ? 0 : 1;
} finally {
  engine.free();
  await pglite.close();
}
