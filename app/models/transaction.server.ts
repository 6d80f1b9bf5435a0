// Database transactions for services that must write several tables at once or not at all.
import { prisma } from "~/db.server";
import type { Prisma } from "~/generated/prisma/client";

export type Tx = Prisma.TransactionClient;

export async function inTransaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
  const db = await prisma();
  return db.$transaction(fn, { timeout: 20_000, maxWait: 10_000 });
}
