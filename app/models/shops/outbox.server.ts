// The email outbox: the only code that reads or writes the OutboxEmail table. Rows are written in the
// transaction of what caused them (enqueueEmail with that transaction) and drained by the sender.
import { prisma } from "~/db.server";
import type { Tx } from "~/models/transaction.server";

export interface NewEmail {
  shopId: string;
  kind: string;
  to: string;
  subject: string;
  text: string;
}

export interface ClaimedEmail {
  id: string;
  to: string;
  subject: string;
  text: string;
  attempts: number;
}

export async function enqueueEmail(tx: Tx, email: NewEmail): Promise<void> {
  await tx.outboxEmail.create({ data: email });
}

/**
 * Takes up to `limit` emails due now and not yet sent, holding each until `holdUntil` so no other sender
 * (another instance) takes it meanwhile; a sender that dies leaves them due again then.
 */
export async function claimDueEmails(limit: number, maxAttempts: number, holdUntil: Date): Promise<ClaimedEmail[]> {
  const db = await prisma();
  return db.$queryRaw<ClaimedEmail[]>`
    UPDATE "OutboxEmail" SET "nextAttemptAt" = ${holdUntil}
     WHERE id IN (SELECT id FROM "OutboxEmail"
                   WHERE "sentAt" IS NULL AND attempts < ${maxAttempts} AND "nextAttemptAt" <= now()
                   ORDER BY "nextAttemptAt" LIMIT ${limit} FOR UPDATE SKIP LOCKED)
    RETURNING id, "to", subject, text, attempts`;
}

export async function markEmailSent(id: string, at: Date): Promise<void> {
  const db = await prisma();
  await db.outboxEmail.update({ where: { id }, data: { sentAt: at, attempts: { increment: 1 }, lastError: null } });
}

export async function markEmailFailed(id: string, error: string, nextAttemptAt: Date): Promise<void> {
  const db = await prisma();
  await db.outboxEmail.update({ where: { id }, data: { attempts: { increment: 1 }, lastError: error.slice(0, 500), nextAttemptAt } });
}
