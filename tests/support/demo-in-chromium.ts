// The local demo in a real browser, for the enclosing describe block: a fresh embedded database, the built
// server in demo mode on it, and Chromium; all three closed after the block.
import { afterAll, beforeAll } from "vitest";
import type { Browser } from "playwright-core";
import { launchChromium } from "./browser";
import { createTestDatabase, type TestDatabase } from "./databases";
import { startServer, type RunningServer } from "./server";

export interface DemoInChromium {
  readonly db: TestDatabase;
  readonly server: RunningServer;
  readonly browser: Browser;
}

export function useDemoInChromium(kind: "pglite" | "postgres" = "pglite"): DemoInChromium {
  const state = {} as { db: TestDatabase; server: RunningServer; browser: Browser };
  beforeAll(async () => {
    state.db = await createTestDatabase(kind);
    [state.server, state.browser] = await Promise.all([startServer({ env: { ...state.db.env, SVC_DEMO: "1" } }), launchChromium()]);
  });
  afterAll(async () => {
    await state.browser?.close();
    await state.server?.stop();
    await state.db?.drop();
  });
  return state;
}
