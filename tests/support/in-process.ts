// The app's services in the test's own process, on a fresh real database: for tests that drive what the server
// runs on a timer (the schedule pass) at moments they choose, through the same functions, instead of starting a
// server and sleeping until its timer fires. What only a real server shows (HTTP, its timers really firing)
// stays in the files that start one.
import { afterAll, beforeAll } from "vitest";
import type { SqlRunner, StatementListener } from "~/db/connection.server";
import { createTestDatabase, type TestDatabase } from "./databases";
import { queryShapesEnv, SHOPIFY_TEST_ENV } from "./server";

export interface InProcessApp {
  /** The app's own database handle: seed and read through it (PGlite admits one handle per folder). */
  readonly sql: SqlRunner;
  readonly db: TestDatabase;
}

/**
 * A fresh migrated database that the app's code in this process uses (its `connect()`), for the enclosing
 * describe block; closed and dropped after it. The app's configuration is the server tests' (made-up Shopify
 * credentials, no Admin API reachable); the database handle is put where `app/db.server.ts` keeps its one
 * handle per process, because its configuration is read once per test file while a file may run on two kinds.
 * `onStatement` hears every statement the app sends (the seeding through `sql` included), with its parameters.
 */
export function useAppInProcess(kind: "pglite" | "postgres", options: { onStatement?: StatementListener } = {}): InProcessApp {
  const state = {} as { db: TestDatabase; sql: SqlRunner };
  const saved = new Map<string, string | undefined>();
  beforeAll(async () => {
    for (const [name, value] of Object.entries(SHOPIFY_TEST_ENV)) {
      saved.set(name, process.env[name]);
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    state.db = await createTestDatabase(kind, { migrated: true });
    const [{ openDatabase }, { loadMigrations, migrate }, { PrismaClient }] = await Promise.all([
      import("~/db/connection.server"),
      import("~/db/migrate.server"),
      import("~/generated/prisma/client"),
    ]);
    // The app's statements in this process count for the query-shape check as a server's do (not the seeding).
    const shapes = queryShapesEnv().SVC_QUERY_SHAPES_DIR;
    if (shapes) process.env.SVC_QUERY_SHAPES_DIR = shapes;
    const database = await openDatabase({ ...state.db.config, onStatement: options.onStatement });
    delete process.env.SVC_QUERY_SHAPES_DIR;
    const migrated = await migrate(database.sql, await loadMigrations("prisma/migrations"));
    const prisma = new PrismaClient({ adapter: database.adapter });
    (globalThis as { __svcDb?: Promise<unknown> }).__svcDb = Promise.resolve({ database, prisma, migrated });
    state.sql = database.sql;
  });
  afterAll(async () => {
    const { disconnect } = await import("~/db.server");
    await disconnect();
    await state.db?.drop();
    for (const [name, value] of saved) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });
  return {
    get sql() {
      return state.sql;
    },
    get db() {
      return state.db;
    },
  };
}
