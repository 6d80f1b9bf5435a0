// Database transactions for services that must write several tables at once or not at all.
import { connect, prisma } from "~/db.server";
import type { SqlRunner } from "~/db/connection.server";
import type { Prisma } from "~/generated/prisma/client";

export type Tx = Prisma.TransactionClient;

/** Plain parameterised SQL, inside a transaction of either kind: what the set-based writes need. */
export type Sql = Pick<SqlRunner, "query">;

export async function inTransaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
  const db = await prisma();
  return db.$transaction(fn, { timeout: 20_000, maxWait: 10_000 });
}

/** A transaction on the driver itself, without Prisma's interactive-transaction machinery (cheaper per statement). */
export async function inSqlTransaction<T>(fn: (sql: Sql) => Promise<T>): Promise<T> {
  const { database } = await connect();
  return database.sql.transaction(fn);
}

/** The same plain SQL inside a Prisma transaction, for work that mixes both. */
export function sqlOf(tx: Tx): Sql {
  return { query: <Row>(text: string, params: unknown[] = []) => tx.$queryRawUnsafe<Row[]>(text, ...params) };
}

/**
 * SQLSTATE classes that say the statement's data was refused, not that the database failed: 22 (data
 * exception: text it cannot store, such as NUL or half a surrogate pair, a value out of range), 23
 * (integrity constraint: a row whose site was deleted meanwhile) and 54 (program limit: a key too large
 * for its index). Retrying the same data fails the same way; retrying without it succeeds.
 */
const DATA_ERROR_CLASSES = new Set(["22", "23", "54"]);

/** The SQLSTATE of a driver's error (pg, PGlite), or of one Prisma wrapped, if there is one. */
function sqlState(error: unknown, depth = 0): string | null {
  if (typeof error !== "object" || error === null || depth > 4) return null;
  const e = error as { code?: unknown; originalCode?: unknown; meta?: unknown; cause?: unknown };
  for (const code of [e.originalCode, e.code]) if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
  const meta = e.meta as { code?: unknown; driverAdapterError?: unknown } | undefined;
  if (typeof meta?.code === "string" && /^[0-9A-Z]{5}$/.test(meta.code)) return meta.code;
  return sqlState(meta?.driverAdapterError, depth + 1) ?? sqlState(e.cause, depth + 1);
}

/** Whether the database refused a statement for its data (see DATA_ERROR_CLASSES) rather than failing. */
export function isDataError(error: unknown): boolean {
  const state = sqlState(error);
  return state !== null && DATA_ERROR_CLASSES.has(state.slice(0, 2));
}

/** Whether the statement gave up waiting for a lock (lock_timeout: 55P03) or was chosen to end a deadlock (40P01). */
export function isLockGiveUp(error: unknown): boolean {
  const state = sqlState(error);
  return state === "55P03" || state === "40P01";
}
