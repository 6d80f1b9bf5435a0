// The local demo in a real browser, for the enclosing describe block: a fresh database, the built server in
// demo mode on it, and Chromium; all three closed after the block. Every browser test starts here.
import { afterAll, beforeAll } from "vitest";
import type { Browser } from "playwright-core";
import type { SqlRunner } from "~/db/connection.server";
import { launchChromium } from "./browser";
import { createTestDatabase, seedDatabase, type TestDatabase } from "./databases";
import { startServer, type RunningServer } from "./server";

export interface DemoInChromium {
  readonly db: TestDatabase;
  /** The running server; a test may stop it (to read an embedded database), and it stays stopped. */
  readonly server: RunningServer;
  readonly browser: Browser;
}

export interface DemoInChromiumOptions {
  /** More environment for the server, e.g. SVC_PREVIEW_SECRET. */
  env?: Record<string, string | undefined>;
  /**
   * Rows to add to the demo's: `seed` runs on a database that holds the demo's rows (tests/support/seed.ts), then
   * the server starts for the tests.
   */
  seed?: (sql: SqlRunner) => Promise<void>;
}

export function useDemoInChromium(kind: "pglite" | "postgres" = "pglite", options: DemoInChromiumOptions = {}): DemoInChromium {
  const state = {} as { db: TestDatabase; server: RunningServer; browser: Browser };
  beforeAll(async () => {
    // The database holds the demo's rows already (databases.ts): the test's own go beside them before the start.
    state.db = await createTestDatabase(kind, { migrated: true, demo: true });
    const serve = async () => {
      if (options.seed) await seedDatabase(state.db, options.seed);
      return startServer({ env: { ...state.db.env, SVC_DEMO: "1", ...options.env } });
    };
    [state.server, state.browser] = await Promise.all([serve(), launchChromium()]);
  });
  afterAll(async () => {
    await state.browser?.close();
    await state.server?.stop();
    await state.db?.drop();
  });
  return state;
}
