// Throwaway databases for tests: a fresh PGlite folder always, and a fresh PostgreSQL database on the
// server named by TEST_DATABASE_URL when it is set (CI sets it), dropped afterwards.
import { execFile } from "node:child_process";
import { readdirSync } from "node:fs";
import { mkdtemp, readFile, rename, rm, stat } from "node:fs/promises";
import { createHash, randomBytes } from "node:crypto";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { SqlRunner } from "~/db/connection.server";
import type { Migration } from "~/db/migrate.server";

export interface TestDatabase {
  kind: "pglite" | "postgres";
  /** Environment that points the app at this database. */
  env: Record<string, string>;
  /** The same as openDatabase() takes. */
  config: { databaseUrl: string | null; dataDir: string };
  drop(): Promise<void>;
}

/**
 * For files where the database is the subject (the data path, migrations, durability, the rollups, orders): the
 * embedded database, and PostgreSQL too when TEST_DATABASE_URL is set (CI sets it).
 */
export const databaseKinds: Array<"pglite" | "postgres"> = process.env.TEST_DATABASE_URL
  ? ["pglite", "postgres"]
  : ["pglite"];

/**
 * For files where it is not (admin forms, the editor, HTTP edge cases, webhook signatures): one database,
 * PostgreSQL when TEST_DATABASE_URL is set, else the embedded one. On PostgreSQL a test server starts on a template's
 * copy without opening PGlite in its process (~0.95 CPU-s a start and stop against ~1.75) and its queries run natively
 * (`fuzz`: 9 CPU-s of its processes against 16; docs/testing.md, "What each file costs"). Every statement is still
 * tried on both: `npm test` records each process's SQL shapes and fails when one database never saw a shape the other
 * answered (scripts/query-shapes.mjs); the files above send the data path's to both.
 */
export const oneDatabaseKind: "pglite" | "postgres" = process.env.TEST_DATABASE_URL ? "postgres" : "pglite";
export const oneDatabase: Array<"pglite" | "postgres"> = [oneDatabaseKind];

/**
 * For files about the embedded database's own path (the demo as `npm start` runs it, the port it serves PGlite on)
 * or bound to real time in the serial and waiting lanes, whose bounds were set on it: the embedded database alone.
 */
export const embeddedOnly: Array<"pglite"> = ["pglite"];

/**
 * A fresh database: empty, or with `migrated`, a copy of one already holding every committed migration (for tests
 * of what runs on the schema rather than of the migrations themselves, which need it empty): a PGlite folder, or a
 * PostgreSQL database made from a template. With `demo`, the copy also holds what a demo server seeds at its first
 * start today (`demoPgliteFolder`, `demoPostgresTemplate`).
 */
export async function createTestDatabase(kind: "pglite" | "postgres", options: { migrated?: boolean; demo?: boolean } = {}): Promise<TestDatabase> {
  if (kind === "pglite") {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "svc-pglite-"));
    // Migrating an empty PGlite folder takes about 4.3 s on a 2-core machine, paid by nearly every test file;
    // copying a folder migrated once (with coreutils' cp: copyFolder) takes about 0.13 CPU-s.
    if (options.demo) await copyFolder(await demoPgliteFolder(), dataDir);
    else if (options.migrated) await copyFolder(await migratedPgliteFolder(), dataDir);
    return {
      kind,
      env: { SVC_DATA_DIR: dataDir },
      config: { databaseUrl: null, dataDir },
      drop: () => rm(dataDir, { recursive: true, force: true }),
    };
  }
  const template = options.demo ? await demoPostgresTemplate() : options.migrated ? await migratedPostgresTemplate() : null;
  return createPostgresDatabase(template);
}

/** The PostgreSQL server the tests make their databases on (TEST_DATABASE_URL). */
function postgresServer(): string {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error("TEST_DATABASE_URL is not set");
  return serverUrl;
}

async function onServer<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: postgresServer() });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** A new database on the test server: empty, or a copy of `template` (CREATE DATABASE … TEMPLATE). */
async function createPostgresDatabase(template: string | null, name = `svc_test_${randomBytes(6).toString("hex")}`): Promise<TestDatabase> {
  await onServer((client) => client.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ""}`));
  const url = new URL(postgresServer());
  url.pathname = `/${name}`;
  return {
    kind: "postgres",
    env: { DATABASE_URL: url.href },
    config: { databaseUrl: url.href, dataDir: "" },
    drop: () => onServer(async (client) => void (await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`))),
  };
}

/**
 * A template database on the test server, made once under `name` by `fill` and never connected to again (PostgreSQL
 * copies a template only while no one is connected to it). Filled under a name of its own and renamed into place,
 * so a concurrent run never copies half of one; the loser of a race drops its copy.
 */
async function postgresTemplate(name: string, fill: (staging: TestDatabase) => Promise<void>, from: string | null): Promise<string> {
  const exists = () => onServer(async (client) => (await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name])).rowCount === 1);
  if (await exists()) return name;
  const staging = await createPostgresDatabase(from, `svc_staging_${randomBytes(6).toString("hex")}`);
  try {
    await fill(staging);
    await onServer((client) => client.query(`ALTER DATABASE ${new URL(staging.config.databaseUrl!).pathname.slice(1)} RENAME TO ${name}`));
  } catch (error) {
    await staging.drop();
    if (!(await exists())) throw error;
  }
  return name;
}

let migratedTemplate: Promise<string> | undefined;

/**
 * A PostgreSQL database holding every committed migration, for the servers and the in-process app to start on: a
 * copy costs the server ~10 ms, migrating an empty one ~0.3 s and the server's start. Named by the migrations' key.
 */
function migratedPostgresTemplate(): Promise<string> {
  migratedTemplate ??= (async () => {
    const { migrations, key } = await committedMigrations();
    const { migrate } = await import("~/db/migrate.server");
    return postgresTemplate(`svc_template_${key}`, (db) => withDatabase(db, async (sql) => void (await migrate(sql, migrations))), null);
  })();
  return migratedTemplate;
}

let demoTemplate: Promise<string> | undefined;

/**
 * The PostgreSQL twin of `demoPgliteFolder`: a migrated database on which a demo server has started once today,
 * so a demo test server finds the demo's rows (18,787 segment rows among them) already written.
 */
function demoPostgresTemplate(): Promise<string> {
  demoTemplate ??= (async () => {
    const { key } = await committedMigrations();
    const name = `svc_template_demo_${key}_${buildKey()}_${new Date().toISOString().slice(0, 10).replace(/-/g, "")}`;
    return postgresTemplate(name, async (db) => {
      const { startServer } = await import("./server");
      await (await startServer({ env: { ...db.env, SVC_DEMO: "1" } })).stop();
    }, await migratedPostgresTemplate());
  })();
  return demoTemplate;
}

/**
 * Copies a PGlite folder's contents (~1,100 files) into an existing folder with coreutils' `cp`: Node's `fs.cp`
 * stats, copies and chmods each file from JavaScript, ~0.56 CPU-s a copy against ~0.13, and the tests make a
 * copy for nearly every server they start.
 */
function copyFolder(from: string, to: string): Promise<void> {
  return new Promise((resolve, reject) =>
    execFile("cp", ["-R", `${from}/.`, to], (error, _stdout, stderr) => (error ? reject(new Error(`cp ${from}: ${stderr || error.message}`)) : resolve())),
  );
}

const MIGRATIONS = path.resolve(import.meta.dirname, "../../prisma/migrations");
/** The server build's modules, named by their content's hash: a changed demo seed makes a new demo folder. */
const BUILD_ASSETS = path.resolve(import.meta.dirname, "../../build/server/assets");

/** The committed migrations, and a name that changes with them, their runner and the PGlite version. */
let migrationSet: Promise<{ migrations: Migration[]; key: string }> | undefined;

function committedMigrations(): Promise<{ migrations: Migration[]; key: string }> {
  migrationSet ??= (async () => {
    const { loadMigrations } = await import("~/db/migrate.server");
    const migrations = await loadMigrations(MIGRATIONS);
    const pglite = JSON.parse(await readFile(path.resolve(import.meta.dirname, "../../node_modules/@electric-sql/pglite/package.json"), "utf8")) as { version: string };
    const runner = await readFile(path.resolve(import.meta.dirname, "../../app/db/migrate.server.ts"), "utf8");
    const key = createHash("sha256")
      .update(`${pglite.version}\n${runner}\n`)
      .update(migrations.map((m) => `${m.name} ${m.checksum}`).join("\n"))
      .digest("hex")
      .slice(0, 16);
    return { migrations, key };
  })();
  return migrationSet;
}

let migratedFolder: Promise<string> | undefined;

/**
 * A PGlite folder holding every committed migration, made once and kept in the temporary directory under
 * the migrations' key, so a changed migration, runner or PGlite is never served from an old copy. Made
 * beside it and renamed into place: a concurrent run never copies half of one.
 */
function migratedPgliteFolder(): Promise<string> {
  migratedFolder ??= (async () => {
    const { migrations, key } = await committedMigrations();
    const folder = path.join(os.tmpdir(), `svc-pglite-migrated-${key}`);
    if (await stat(folder).then(() => true, () => false)) return folder;
    const staging = await mkdtemp(path.join(os.tmpdir(), "svc-pglite-migrating-"));
    try {
      const { migrate } = await import("~/db/migrate.server");
      await withDatabase({ kind: "pglite", env: {}, config: { databaseUrl: null, dataDir: staging }, drop: async () => {} }, (sql) => migrate(sql, migrations));
      // Another run may have put its copy in place meanwhile: theirs is as good, and ours is dropped below.
      await rename(staging, folder).catch(() => undefined);
    } finally {
      await rm(staging, { recursive: true, force: true });
    }
    return folder;
  })();
  return migratedFolder;
}

/** A name for the server build's modules: a changed demo seed makes a new demo folder and template. */
function buildKey(): string {
  return createHash("sha256").update(readdirSync(BUILD_ASSETS).sort().join("\n")).digest("hex").slice(0, 12);
}

let demoFolder: Promise<string> | undefined;

/**
 * A migrated PGlite folder on which a demo server has started once today and stopped: its demo rows (the results
 * examples' 18,787 segment rows among them) are what every demo start finds already written, so a demo test
 * server starts at ~1.9 CPU-s instead of ~2.7, and a file that seeds rows of its own starts one server, not two.
 * Kept in the temporary directory under the migrations' key, the build's and the (UTC) day the examples are
 * dated by; a server started on a copy still runs the whole demo seeding, which writes only what differs.
 */
function demoPgliteFolder(): Promise<string> {
  demoFolder ??= (async () => {
    const { key } = await committedMigrations();
    const day = new Date().toISOString().slice(0, 10);
    const folder = path.join(os.tmpdir(), `svc-pglite-demo-${key}-${buildKey()}-${day}`);
    if (await stat(folder).then(() => true, () => false)) return folder;
    const staging = await mkdtemp(path.join(os.tmpdir(), "svc-pglite-seeding-"));
    try {
      await copyFolder(await migratedPgliteFolder(), staging);
      const { startServer } = await import("./server");
      await (await startServer({ env: { SVC_DATA_DIR: staging, SVC_DEMO: "1" } })).stop();
      await rename(staging, folder).catch(() => undefined);
    } finally {
      await rm(staging, { recursive: true, force: true });
    }
    return folder;
  })();
  return demoFolder;
}

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
