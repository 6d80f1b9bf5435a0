// Prisma's own schema engine (compiled to wasm) run offline against an in-memory PGlite database,
// for the developer commands that need it: writing a new migration and checking for drift.
import { readFile, readdir } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { bindMigrationAwareSqlAdapterFactory } from "@prisma/driver-adapter-utils";

export const root = path.resolve(import.meta.dirname, "..");
// SVC_PRISMA_DIR points the tools at another copy of prisma/ (the tests check a modified schema this way).
const prismaDir = process.env.SVC_PRISMA_DIR ? path.resolve(process.env.SVC_PRISMA_DIR) : path.join(root, "prisma");
export const schemaPath = path.join(prismaDir, "schema.prisma");
export const migrationsDir = path.join(prismaDir, "migrations");

const noFilter = { externalTables: [], externalEnums: [] };

/** The committed migrations in the list shape the engine expects. */
export async function migrationsList() {
  const names = (await readdir(migrationsDir, { withFileTypes: true }))
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
  const lockPath = path.join(migrationsDir, "migration_lock.toml");
  const lock = await readFile(lockPath, "utf8").catch(() => null);
  return {
    baseDir: migrationsDir,
    // Shaped as the Prisma CLI shapes it: names relative to baseDir.
    lockfile: { path: "migration_lock.toml", content: lock },
    shadowDbInitScript: "",
    migrationDirectories: await Promise.all(
      names.map(async (name) => {
        const file = path.join(migrationsDir, name, "migration.sql");
        return {
          path: name,
          migrationFile: { path: "migration.sql", content: { tag: "ok", value: await readFile(file, "utf8") } },
        };
      }),
    ),
  };
}

export async function schemaFiles() {
  return { files: [{ path: schemaPath, content: await readFile(schemaPath, "utf8") }] };
}

/** Starts the wasm engine on a PGlite database (in memory unless a PGlite instance is given). */
export async function openEngine(pglite = new PGlite()) {
  // The wasm module is an ES module importing a .wasm file: node needs --experimental-wasm-modules.
  const { SchemaEngine } = await import("@prisma/schema-engine-wasm");
  const schema = await schemaFiles();
  const factory = bindMigrationAwareSqlAdapterFactory(new PrismaPGlite(pglite));
  const engine = await SchemaEngine.new(
    { datamodels: schema.files.map((f) => [f.path, f.content]) },
    () => {},
    factory,
  );
  return { engine, pglite };
}

/** SQL that brings a database at the committed migrations up to the schema ("" when nothing changed). */
export async function pendingSchemaSql(engine) {
  const result = await engine.diff({
    from: { tag: "migrations", ...(await migrationsList()) },
    to: { tag: "schemaDatamodel", ...(await schemaFiles()) },
    script: true,
    exitCode: true,
    filters: noFilter,
  });
  return result.exitCode === 2 ? (result.stdout ?? "") : "";
}

export { noFilter };
