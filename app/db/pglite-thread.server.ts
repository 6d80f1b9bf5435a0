// The embedded PGlite database run on a worker thread (pglite-worker.mjs), with the part of PGlite's API that
// svc and pglite-prisma-adapter use: query, exec and transaction. PGlite computes in the thread that calls it,
// and a group commit's writes took the event loop for seconds at a time, so that under a flood a new
// connection waited 3-7 s to be read (issue 20); on its own thread it only takes that thread.
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { messages, type QueryOptions, type Results } from "@electric-sql/pglite";

type Parser = (value: string, typeId: number) => unknown;

type Request =
  | { op: "query"; sql: string; params?: unknown[]; options?: { rowMode?: "array" | "object"; rawTypes: number[] }; tx?: number; prepared?: boolean }
  | { op: "exec"; sql: string; tx?: number }
  | { op: "begin"; tx: number; genericPlans?: boolean }
  | { op: "rollback"; tx: number }
  | { op: "end"; tx: number; commit: boolean }
  | { op: "close" };

interface Reply {
  id?: number;
  ready?: true;
  /** With ready: the port the database is served on over PostgreSQL's protocol, when asked (pglite-wire.mjs). */
  wirePort?: number;
  /** With wirePort: the password a client must give, made at random for this start. */
  wirePassword?: string;
  result?: unknown;
  error?: { message: string; databaseError?: boolean; fields: Record<string, string | number> };
}

/** What PGlite's transaction callback receives, as far as svc and the Prisma adapter use it. */
export interface ThreadTransaction {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string): Promise<Results[]>;
  rollback(): Promise<void>;
  readonly closed: boolean;
}

/**
 * The worker's file. Next to this module when it runs from source (tests, tsx); from a bundle in build/, which
 * runs from the project's root as the migrations folder is found, the source folder's copy.
 */
function workerFile(): string {
  const beside = fileURLToPath(new URL("./pglite-worker.mjs", import.meta.url));
  return existsSync(beside) ? beside : path.resolve("app/db/pglite-worker.mjs");
}

export class PGliteThread {
  readonly #worker: Worker;
  readonly #pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  #nextId = 1;
  #nextTx = 1;
  #failure: Error | null = null;
  /** Requests and transactions under way: the worker keeps the process alive only while there are some. */
  #busy = 0;
  /** The loopback port the database is served on over PostgreSQL's protocol, if `open` asked for it. */
  readonly wirePort: number | null;
  /** The password clients of `wirePort` must give (random for each start), or null when not served. */
  readonly wirePassword: string | null;

  private constructor(worker: Worker, wirePort: number | null, wirePassword: string | null) {
    this.#worker = worker;
    this.wirePort = wirePort;
    this.wirePassword = wirePassword;
    worker.on("message", (reply: Reply) => this.#settle(reply));
    worker.on("error", (error) => this.#fail(error));
    worker.on("exit", (code) => this.#fail(new Error(`the PGlite thread exited (code ${code})`)));
    worker.unref();
  }

  /**
   * Starts the thread and opens the database in `dataDir` (a folder, or memory://) on it; with `wirePort`, also
   * serves it to PostgreSQL clients on 127.0.0.1 at that port (0: any free one; see `wirePort`), behind a
   * password made for this start (`wirePassword`).
   */
  static async open(dataDir: string, options: { wirePort?: number } = {}): Promise<PGliteThread> {
    const worker = new Worker(workerFile(), { workerData: { dataDir, wirePort: options.wirePort } });
    const ready = await new Promise<Reply>((resolve, reject) => {
      const onReady = (reply: Reply) => {
        if (!reply.ready) return;
        worker.off("message", onReady);
        worker.off("error", reject);
        resolve(reply);
      };
      worker.on("message", onReady);
      worker.once("error", reject);
    });
    return new PGliteThread(worker, ready.wirePort ?? null, ready.wirePassword ?? null);
  }

  query<T>(sql: string, params?: unknown[], options?: QueryOptions, tx?: number, prepared?: boolean): Promise<Results<T>> {
    const parsers = (options?.parsers ?? {}) as Record<number, Parser>;
    const rawTypes = Object.keys(parsers).map(Number);
    const request: Request = { op: "query", sql, params, options: options && { rowMode: options.rowMode, rawTypes }, tx, prepared };
    return this.#send<Results<T>>(request).then((results) => (rawTypes.length > 0 ? parsed(results, parsers) : results));
  }

  exec(sql: string, tx?: number): Promise<Results[]> {
    return this.#send({ op: "exec", sql, tx }).then(() => []);
  }

  /**
   * Runs fn inside BEGIN/COMMIT on the worker's database, rolling back if it throws, as PGlite's transaction does.
   * `prepared`: its statements are named, parsed and planned once for the database's life, with generic plans, as
   * raw-SQL transactions' are on PostgreSQL (connection.server.ts); Prisma's adapter calls without it.
   */
  async transaction<T>(fn: (tx: ThreadTransaction) => Promise<T>, options: { prepared?: boolean } = {}): Promise<T> {
    // Not awaited: the statements follow at once and wait on the worker until it has begun (or fail with
    // its error), which saves a round trip through this thread's event loop per transaction.
    const id = this.#nextTx++;
    const prepared = options.prepared ?? false;
    this.#send({ op: "begin", tx: id, genericPlans: prepared }).catch(() => {});
    this.#hold(1);
    let closed = false;
    const tx: ThreadTransaction = {
      query: (sql, params, queryOptions) => this.query(sql, params, queryOptions, id, prepared),
      exec: (sql) => this.exec(sql, id),
      rollback: async () => {
        await this.#send({ op: "rollback", tx: id });
        closed = true;
      },
      get closed() {
        return closed;
      },
    };
    try {
      let result: T;
      try {
        // Never synchronously, as PGlite's own never is: the Prisma adapter's callback reads the promise that
        // transaction() returns, which is only assigned once transaction() has returned.
        await Promise.resolve();
        result = await fn(tx);
      } catch (error) {
        await this.#send({ op: "end", tx: id, commit: false }).catch(() => {});
        throw error;
      }
      await this.#send({ op: "end", tx: id, commit: true });
      return result;
    } finally {
      closed = true;
      this.#hold(-1);
    }
  }

  async close(): Promise<void> {
    if (!this.#failure) await this.#send({ op: "close" });
    await this.#worker.terminate();
  }

  #send<T>(request: Request): Promise<T> {
    if (this.#failure) return Promise.reject(this.#failure);
    const id = this.#nextId++;
    this.#hold(1);
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.#worker.postMessage({ id, ...request });
    });
  }

  #settle(reply: Reply): void {
    const waiting = reply.id === undefined ? undefined : this.#pending.get(reply.id);
    if (!waiting || reply.id === undefined) return;
    this.#pending.delete(reply.id);
    this.#hold(-1);
    if (reply.error) waiting.reject(rebuilt(reply.error));
    else waiting.resolve(reply.result);
  }

  #fail(error: Error): void {
    this.#failure ??= error;
    for (const { reject } of this.#pending.values()) reject(this.#failure);
    this.#pending.clear();
  }

  #hold(change: number): void {
    const before = this.#busy;
    this.#busy += change;
    if (before === 0 && this.#busy > 0) this.#worker.ref();
    else if (before > 0 && this.#busy === 0) this.#worker.unref();
  }
}

/** The columns the caller asked to parse itself (see pglite-worker.mjs), parsed with its parsers. */
function parsed<T>(results: Results<T>, parsers: Record<number, Parser>): Results<T> {
  const columns = results.fields.map((field, index) => ({ index, name: field.name, typeId: field.dataTypeID, parse: parsers[field.dataTypeID] }));
  const toParse = columns.filter((column) => column.parse);
  if (toParse.length === 0) return results;
  for (const row of results.rows as Array<Record<string | number, unknown>>) {
    const byIndex = Array.isArray(row);
    for (const { index, name, typeId, parse } of toParse) {
      const key = byIndex ? index : name;
      const value = row[key];
      if (typeof value === "string") row[key] = parse!(value, typeId);
    }
  }
  return results;
}

/** An error as the caller would have had it in this thread: a PGlite DatabaseError keeps its class and fields. */
function rebuilt(error: NonNullable<Reply["error"]>): Error {
  if (!error.databaseError) return new Error(error.message);
  const rebuiltError = new messages.DatabaseError(error.message, Number(error.fields.length ?? 0), "error");
  const { length: _length, name: _name, ...fields } = error.fields;
  return Object.assign(rebuiltError, fields);
}
