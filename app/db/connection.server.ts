// Opens the app's database: embedded PGlite in a local folder, or any PostgreSQL by URL.
import { mkdir } from "node:fs/promises";
import type { PGlite } from "@electric-sql/pglite";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import type { SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import { PGliteThread, type ThreadTransaction } from "~/db/pglite-thread.server";
import { queryShapeRecorder } from "~/db/query-shapes.server";

/** Plain SQL access for the migration runner and the health check (Prisma is for everything else). */
export interface SqlRunner {
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<Row[]>;
  /** Runs a multi-statement script. */
  exec(script: string): Promise<void>;
  /** Runs fn on one connection inside BEGIN/COMMIT, rolling back if it throws. */
  transaction<T>(fn: (tx: SqlRunner) => Promise<T>): Promise<T>;
}

export interface Database {
  kind: "pglite" | "postgres";
  /** Where it is, without credentials, for logs. */
  location: string;
  /** The embedded database's address for PostgreSQL clients on this machine, password included, when served (pglitePort). */
  wireUrl: string | null;
  sql: SqlRunner;
  adapter: SqlMigrationAwareDriverAdapterFactory;
  close(): Promise<void>;
}

export interface DatabaseConfig {
  databaseUrl: string | null;
  dataDir: string;
  /** Also serve the embedded database over PostgreSQL's protocol on this loopback port (0: any free one). */
  pglitePort?: number | null;
  /**
   * Told every statement this process sends, with its parameters, before it is sent: for tests that check what
   * a path sends (tests/integration/ingest-layout.test.ts); never set by the app.
   */
  onStatement?: StatementListener;
  /**
   * Name the statements of raw-SQL transactions (both databases) and Prisma's (PostgreSQL), so that each is parsed and
   * planned once per connection (DatabaseEnv.preparedStatements). Default: true.
   */
  preparedStatements?: boolean;
}

export type StatementListener = (sql: string, params: readonly unknown[] | undefined) => void;

/** The query-shape recorder and the config's listener as one listener, or null when neither is on. */
function statementListener(kind: Database["kind"], config: DatabaseConfig): StatementListener | null {
  const shapes = queryShapeRecorder(kind);
  const listener = config.onStatement;
  if (!shapes) return listener ?? null;
  return listener ? (sql, params) => (shapes.record(sql), listener(sql, params)) : (sql) => shapes.record(sql);
}

export async function openDatabase(config: DatabaseConfig): Promise<Database> {
  return config.databaseUrl
    ? openPostgres(config.databaseUrl, statementListener("postgres", config), config.preparedStatements ?? true)
    : openPglite(config.dataDir, config.pglitePort ?? null, statementListener("pglite", config), config.preparedStatements ?? true);
}

async function openPglite(dataDir: string, wirePort: number | null, listen: StatementListener | null, preparedStatements: boolean): Promise<Database> {
  const inMemory = dataDir.startsWith("memory://");
  if (!inMemory) await mkdir(dataDir, { recursive: true });
  const db = await PGliteThread.open(dataDir, wirePort === null ? {} : { wirePort });
  if (listen) {
    // Every statement, Prisma's included, passes through these two (a transaction's too: they call them).
    const { query, exec } = db;
    db.query = (sql, params, ...rest) => (listen(sql, params), query.call(db, sql, params, ...rest)) as never;
    db.exec = (sql, ...rest) => (listen(sql, undefined), exec.call(db, sql, ...rest));
  }
  const runner = (q: Pick<ThreadTransaction, "query" | "exec">): SqlRunner => ({
    async query<Row>(sql: string, params?: unknown[]) {
      return (await q.query<Row>(sql, params)).rows;
    },
    async exec(script: string) {
      await q.exec(script);
    },
    transaction: (fn) => db.transaction((tx) => fn(runner(tx)), { prepared: preparedStatements }),
  });
  return {
    kind: "pglite",
    location: inMemory ? dataDir : `pglite:${dataDir}`,
    // Any user and database name are the one PGlite session; "postgres" is what psql and pg default to. The
    // password (hex digits: nothing to escape) is this start's, required by pglite-wire.mjs.
    wireUrl: db.wirePort === null ? null : `postgres://postgres:${db.wirePassword}@127.0.0.1:${db.wirePort}/postgres`,
    sql: runner(db),
    // The adapter calls only query (with rowMode and parsers), exec and transaction (whose tx has query, exec
    // and rollback), which PGliteThread answers as PGlite does.
    adapter: new PrismaPGlite(db as unknown as PGlite),
    close: () => db.close(),
  };
}

/**
 * Leads a statement whose best plan depends on its values: it is never named, so PostgreSQL plans it for the values in
 * hand at every call instead of caching a generic plan. A test's rows run from a handful to millions; a generic plan
 * made for the average test read a big one's recent exposures by the key and sorted them all (docs/database.md,
 * "Plans for the values in hand").
 */
export const PLANNED_PER_CALL = "/* planned per call */";

/** Each statement text's name, the same on every connection of the process; at most 1,000 (the writer's and Prisma's). */
const statementNames = new Map<string, string>();

/** A statement's name, the same on every connection, or "" (unnamed): PLANNED_PER_CALL, or once 1,000 texts have been named. */
export function statementName(text: string): string {
  if (text.startsWith(PLANNED_PER_CALL)) return "";
  let name = statementNames.get(text);
  if (!name) {
    if (statementNames.size >= 1_000) return "";
    name = `svc_${statementNames.size}`;
    statementNames.set(text, name);
  }
  return name;
}

/** A raw-SQL transaction's statement, named so that each connection parses and plans it once. */
function prepared(text: string, values: unknown[] | undefined): pg.QueryConfig {
  const name = statementName(text);
  return name ? { name, text, values } : { text, values };
}

async function openPostgres(url: string, listen: StatementListener | null, preparedStatements: boolean): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10, ...(listen ? { Client: listeningClient(listen) } : {}) });
  // An idle client that errors (server restart) must not crash the process; the pool replaces it.
  pool.on("error", () => {});
  const sql: SqlRunner = {
    async query<Row>(text: string, params?: unknown[]) {
      return (await pool.query(text, params)).rows as Row[];
    },
    async exec(script: string) {
      await pool.query(script);
    },
    async transaction(fn) {
      const client = await pool.connect();
      const tx: SqlRunner = {
        query: async <Row>(text: string, params?: unknown[]) =>
          (await client.query(preparedStatements ? prepared(text, params) : { text, values: params })).rows as Row[],
        exec: async (script: string) => void (await client.query(script)),
        transaction: (inner) => inner(tx),
      };
      try {
        // Generic plans for the named statements, planned once: what the writer reads is LATERAL, one index probe per
        // key whatever the values (event-group.server.ts), so a plan for the values in hand buys nothing; measured
        // on the bench's realistic mix, planning was a fifth of PostgreSQL's CPU per event (docs/performance.md).
        await client.query(preparedStatements ? "BEGIN; SET LOCAL plan_cache_mode = force_generic_plan" : "BEGIN");
        const result = await fn(tx);
        await client.query("COMMIT");
        return result;
      } catch (error) {
        await client.query("ROLLBACK").catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
  };
  const parsed = new URL(url);
  return {
    kind: "postgres",
    location: `postgres://${parsed.host}${parsed.pathname}`,
    wireUrl: null,
    sql,
    // Prisma's statements named too: each connection parses them once. Parsing was a third of PostgreSQL's time on
    // a results page (docs/performance.md, "The results page (2026-12-07)"). pg leaves "" unnamed.
    adapter: new PrismaPg(pool, preparedStatements ? { statementNameGenerator: (query) => statementName(query.sql) } : undefined),
    close: () => pool.end(),
  };
}

/** A pg client class that tells `listen` each statement before sending it (Prisma's adapter and ours share the pool). */
function listeningClient(listen: StatementListener): typeof pg.Client {
  return class ListeningClient extends pg.Client {
    // pg's query() takes a text or a config object with `text` and `values`, then values or a callback, in several overloads.
    override query(...args: unknown[]): never {
      const [first, second] = args;
      const config = typeof first === "string" ? null : (first as { text?: unknown; values?: unknown } | null);
      const text = config ? config.text : first;
      const values = config?.values ?? second;
      if (typeof text === "string") listen(text, Array.isArray(values) ? values : undefined);
      return (super.query as (...a: unknown[]) => never)(...args);
    }
  };
}
