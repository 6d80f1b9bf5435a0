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
