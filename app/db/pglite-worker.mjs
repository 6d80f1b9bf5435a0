// The embedded PGlite database on a thread of its own, answering pglite-thread.server.ts's messages.
// Plain JavaScript so that every way svc runs (built bundles, tsx, Vitest) can start it as it is.
import { parentPort, workerData } from "node:worker_threads";
import { PGlite, messages, parse, protocol } from "@electric-sql/pglite";
import { serveOverWire } from "./pglite-wire.mjs";

/** @typedef {{ rowMode?: "array" | "object", rawTypes?: number[] }} QueryOptions */
/**
 * @typedef {{ id: number, op: "query", sql: string, params?: unknown[], options?: QueryOptions, tx?: number, prepared?: boolean }
 *   | { id: number, op: "exec", sql: string, tx?: number }
 *   | { id: number, op: "begin", tx: number, genericPlans?: boolean }
 *   | { id: number, op: "rollback", tx: number }
 *   | { id: number, op: "end", tx: number, commit: boolean }
 *   | { id: number, op: "close" }} Request
 */

if (!parentPort) throw new Error("pglite-worker.mjs runs as a worker thread");
const port = parentPort;
const db = await PGlite.create(workerData.dataDir);
// SVC_PGLITE_PORT: the same database for PostgreSQL clients on this machine (pglite-wire.mjs).
const wire = workerData.wirePort === undefined ? null : await serveOverWire(db, workerData.wirePort);

/**
 * Open transactions by the caller's id: the PGlite transaction once it has begun, how to end its callback
 * (resolve commits, reject rolls back) and the transaction's own outcome.
 */
const transactions = new Map();

const passThrough = (/** @type {string} */ value) => value;

/**
 * Columns of the types in rawTypes come back as PostgreSQL's text, for the caller to parse on its side:
 * parsers are functions, which cannot cross to this thread.
 * @param {QueryOptions | undefined} options
 */
function queryOptions(options) {
  if (!options) return undefined;
  const parsers = Object.fromEntries((options.rawTypes ?? []).map((oid) => [oid, passThrough]));
  return { rowMode: options.rowMode, parsers };
}

/** @param {number | undefined} tx */
async function target(tx) {
  if (tx === undefined) return db;
  const open = transactions.get(tx);
  if (!open) throw new Error(`transaction ${tx} is no longer open`);
  return open.opened;
}

/** @param {Request} request */
async function answer(request) {
  switch (request.op) {
    case "query": {
      const on = await target(request.tx);
      const { rows, fields, affectedRows } =
        request.prepared && request.tx !== undefined && (prepared.has(request.sql) || prepared.size < PREPARED_MAX)
          ? await queryPrepared(request.sql, request.params ?? [], request.options)
          : await on.query(request.sql, request.params, queryOptions(request.options));
      return { rows, fields, affectedRows };
    }
    case "exec":
      await (await target(request.tx)).exec(request.sql);
      return null;
    case "begin":
      begin(request.tx, request.genericPlans ?? false);
      return null;
    case "rollback":
      await (await target(request.tx)).rollback();
      return null;
    case "end": {
      const open = transactions.get(request.tx);
      if (!open) throw new Error(`transaction ${request.tx} is no longer open`);
      transactions.delete(request.tx);
      if (request.commit) open.finish.resolve();
      else open.finish.reject(new Error("rolled back"));
      await open.done.catch((/** @type {unknown} */ error) => {
        if (request.commit) throw error;
      });
      return null;
    }
    case "close":
      await wire?.close();
      await db.close();
      return null;
  }
}

/** Named statements made so far, by text: their name, parameter types and result columns (null: none). */
const prepared = new Map();
/** As on PostgreSQL (connection.server.ts): the writer's statements and a few others, never an unbounded set. */
const PREPARED_MAX = 1_000;
/**
 * Names are never reused (a statement whose description failed after its parse keeps its name in the session), and
 * apart from those a client of the served port (pglite-wire.mjs, the same session) gives its own, `svc_<n>` from
 * connection.server.ts among them.
 */
let nextName = 0;

/**
 * Sends protocol messages to the database as one buffer, ending with Sync (PGlite reads them in turn, as a server
 * reads a client's pipeline; after an error it skips to the Sync, so the session is ready again either way), and
 * answers the replies, or throws the first error once all are read.
 * @param {Uint8Array[]} parts
 */
function send(...parts) {
  parts.push(SYNC);
  const all = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    all.set(part, offset);
    offset += part.length;
  }
  return db.execProtocolStream(all, { syncToFs: false });
}
const SYNC = protocol.serialize.sync();

/**
 * A statement of an open transaction run as a named statement, parsed and planned once for the database's life.
 * PGlite's query() sends every statement unnamed, in six calls (parse, describe, bind, describe, execute, sync), so
 * the writer's statements were parsed and planned again for every group; on PostgreSQL they are named per
 * connection (docs/performance.md, "PGlite's named statements"). Run in the transaction's exclusive turn, as its
 * own statements are; the caller is inside a transaction, so nothing is synced to disk here.
 * @param {string} sql @param {unknown[]} params @param {QueryOptions | undefined} options
 */
function queryPrepared(sql, params, options) {
  return db.runExclusive(async () => {
    let statement = prepared.get(sql);
    if (!statement) {
      const name = `svc_pglite_${nextName++}`;
      const described = await send(protocol.serialize.parse({ name, text: sql }), protocol.serialize.describe({ type: "S", name }));
      const rowDescription = described.find((message) => message.name === "rowDescription") ?? null;
      statement = { name, types: parse.parseDescribeStatementResults(described), rowDescription };
      prepared.set(sql, statement);
    }
    const { types } = statement;
    const values = params.map((value, index) => {
      if (value === null || value === undefined) return null;
      const serialize = db.serializers[types[index]];
      return serialize ? serialize(value) : String(value);
    });
    const replies = await send(protocol.serialize.bind({ statement: statement.name, values }), protocol.serialize.execute({})).catch((error) => {
      // 26000: the statement is gone (a client of the served port sent DEALLOCATE or DISCARD): parsed again next time.
      if (error?.code === "26000") prepared.delete(sql);
      throw error;
    });
    const withColumns = statement.rowDescription ? [statement.rowDescription, ...replies] : replies;
    return parse.parseResults(withColumns, db.parsers, queryOptions(options))[0];
  });
}

/**
 * Opens a PGlite transaction under the caller's id that stays open until an "end" message names it. Its
 * statements may follow at once, without waiting for an answer (one round trip fewer per transaction):
 * they wait here until it has begun, and fail with BEGIN's error if it could not.
 * @param {number} id @param {boolean} genericPlans
 */
function begin(id, genericPlans) {
  /** @type {{ resolve: () => void, reject: (error: Error) => void }} */
  const finish = { resolve: () => {}, reject: () => {} };
  const ended = new Promise((resolveEnd, rejectEnd) => Object.assign(finish, { resolve: resolveEnd, reject: rejectEnd }));
  /** @type {(tx: import("@electric-sql/pglite").Transaction) => void} */
  let began = () => {};
  const opened = new Promise((resolve) => (began = resolve));
  const done = db.transaction(async (tx) => {
    // As on PostgreSQL (connection.server.ts): the writer's named statements keep one generic plan.
    if (genericPlans) await tx.exec("SET LOCAL plan_cache_mode = force_generic_plan");
    began(tx);
    await ended;
  });
  // If BEGIN fails, `done` rejects before the callback ran: the statements waiting for `opened` get its error.
  const openedOrFailed = Promise.race([opened, done.then(() => new Promise(() => {}))]);
  openedOrFailed.catch(() => {});
  transactions.set(id, { opened: openedOrFailed, finish, done });
}

/** What crosses back of an error: a DatabaseError's fields (code, detail, constraint...) as plain data. */
function describe(/** @type {unknown} */ error) {
  if (!(error instanceof Error)) return { message: String(error), fields: {} };
  /** @type {Record<string, string | number>} */
  const fields = {};
  for (const [key, value] of Object.entries(error)) if (typeof value === "string" || typeof value === "number") fields[key] = value;
  return { message: error.message, databaseError: error instanceof messages.DatabaseError, fields };
}

port.on("message", (/** @type {Request} */ request) => {
  answer(request).then(
    (result) => port.postMessage({ id: request.id, result }),
    (error) => port.postMessage({ id: request.id, error: describe(error) }),
  );
});
port.postMessage({ ready: true, wirePort: wire?.port, wirePassword: wire?.password });
