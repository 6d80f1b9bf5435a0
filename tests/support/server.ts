// Starts the real built server (build/server.js) as a child process on a free loopback port.
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, expect } from "vitest";
import type { SqlRunner } from "~/db/connection.server";
import { createTestDatabase, seedDatabase, type TestDatabase } from "./databases";
import { TEST_NODE_FLAGS } from "./node-flags";

export interface RunningServer {
  url: string;
  /**
   * Where the server serves its embedded database to PostgreSQL clients, when started with SVC_PGLITE_PORT
   * (PGlite admits one process per folder: this is how a test reaches it while the server runs).
   */
  pgliteUrl: string | null;
  /** The server process's id (to read its memory in /proc). */
  pid: number;
  /** Everything the server printed so far. */
  output(): string;
  stop(): Promise<void>;
  /** SIGKILL: the process dies at once, with no chance to finish requests or flush anything. */
  kill(): Promise<void>;
}

const root = path.resolve(import.meta.dirname, "../..");

export interface ServerOptions {
  env?: Record<string, string | undefined>;
  /** The command to run instead of the built server, e.g. ["scripts/start.mjs"]. */
  args?: string[];
  timeoutMs?: number;
}

/** Environment for a non-demo server with made-up Shopify credentials (Shopify itself is never called). */
export const SHOPIFY_TEST_ENV = {
  SHOPIFY_API_KEY: "test-api-key",
  SHOPIFY_API_SECRET: "test-api-secret",
  SHOPIFY_APP_URL: "https://svc.test",
  // Nothing listens there: an Admin API call fails at once instead of reaching Shopify. Tests that need
  // the Admin API point this at the stand-in (tests/support/shopify.ts).
  SHOPIFY_ADMIN_API_ORIGIN: "http://127.0.0.1:9",
  SVC_DEMO: undefined,
};

/**
 * Where this server records the shapes of its SQL during a full `npm test` with PostgreSQL: a folder per test
 * file, so that a shape PostgreSQL never saw is traced to the files that send it (scripts/query-shapes.mjs).
 */
export function queryShapesEnv(): { SVC_QUERY_SHAPES_DIR?: string } {
  const dir = process.env.SVC_TEST_QUERY_SHAPES_DIR;
  if (!dir) return {};
  const file = expect.getState().testPath ?? "unknown";
  return { SVC_QUERY_SHAPES_DIR: path.join(dir, path.relative(root, file).replace(/[/\\]/g, "__")) };
}

export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const env: Record<string, string | undefined> = {
    ...process.env,
    ...queryShapesEnv(),
    NODE_ENV: "production",
    PORT: "0",
    HOST: "127.0.0.1",
    DATABASE_URL: undefined,
    SVC_DEMO: undefined,
    SHOPIFY_API_KEY: undefined,
    SHOPIFY_API_SECRET: undefined,
    ...options.env,
  };
  for (const key of Object.keys(env)) if (env[key] === undefined) delete env[key];
  const child = spawn(process.execPath, [...TEST_NODE_FLAGS, ...(options.args ?? ["build/server.js"])], {
    cwd: root,
    env: env as NodeJS.ProcessEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server did not start in time:\n${output}`)),
      options.timeoutMs ?? 60_000,
    );
    const check = () => {
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1].replace("localhost", "127.0.0.1"));
      }
    };
    child.stdout?.on("data", check);
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before listening:\n${output}`));
    });
  });
  const pgliteUrl = /served to PostgreSQL clients on this machine at (postgres:\/\/\S+)/.exec(output)?.[1] ?? null;
  return { url, pgliteUrl, pid: child.pid ?? 0, output: () => output, stop: () => stopChild(child), kill: () => killChild(child) };
}

/** A running server's embedded database, reached through the port it serves it on (SVC_PGLITE_PORT). */
export function servedPglite(db: TestDatabase, server: RunningServer): TestDatabase {
  if (!server.pgliteUrl) throw new Error("the server does not serve its PGlite database: start it with SVC_PGLITE_PORT");
  return { ...db, config: { databaseUrl: server.pgliteUrl, dataDir: "" } };
}

function stopChild(child: ChildProcess): Promise<void> {
  // Stopped already (a test may stop a server that its fixture stops again after).
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill("SIGTERM");
  });
}

function killChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGKILL");
  });
}

export interface ServerFixture {
  readonly server: RunningServer;
  readonly db: TestDatabase;
}

/**
 * A fresh database and a server on it for the enclosing describe block, stopped and dropped after it.
 * `seed` runs on the migrated database before the server starts.
 */
export function useServer(
  kind: "pglite" | "postgres",
  env: Record<string, string | undefined> = {},
  options: { seed?: (sql: SqlRunner) => Promise<void> } = {},
): ServerFixture {
  const fixture = {} as { server: RunningServer; db: TestDatabase };
  beforeAll(async () => {
    // A demo server without rows of the test's own starts on a folder that holds the demo's already (databases.ts).
    fixture.db = await createTestDatabase(kind, { migrated: true, demo: env.SVC_DEMO === "1" && !options.seed });
    if (options.seed) await seedDatabase(fixture.db, options.seed);
    fixture.server = await startServer({ env: { ...fixture.db.env, ...env } });
  });
  afterAll(async () => {
    await fixture.server?.stop();
    await fixture.db?.drop();
  });
  return fixture;
}
