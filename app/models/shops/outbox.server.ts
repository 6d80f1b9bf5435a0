// The email outbox: the only code that reads or writes the OutboxEmail table. Rows are written in the
// transaction of what caused them (enqueueEmail with that transaction) and drained by the sender.
import { prisma } from "~/db.server";
import type { Tx } from "~/models/transaction.server";

export interface NewEmail {
  shopId: string;
  kind: string;
  /** Null: the shop has no owner's email yet; the email waits, unsent, until one is set. */
  to: string | null;
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
                   WHERE "sentAt" IS NULL AND "to" IS NOT NULL AND attempts < ${maxAttempts} AND "nextAttemptAt" <= now()
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

/**
 * Queues one email per shop for `dedupeKey` (an announcement's), skipping every shop that already has one:
 * answers how many were queued now. A second run with the same key queues nothing.
 */
export async function enqueueOncePerShop(emails: Array<NewEmail & { dedupeKey: string }>): Promise<number> {
  if (emails.length === 0) return 0;
  const db = await prisma();
  const { count } = await db.outboxEmail.createMany({ data: emails, skipDuplicates: true });
  return count;
}

/** The shops' owners (installed shops only), for an announcement. */
export async function listOwners(): Promise<Array<{ shopId: string; domain: string; ownerEmail: string | null }>> {
  const db = await prisma();
  const rows = await db.shop.findMany({ where: { uninstalledAt: null }, select: { id: true, domain: true, ownerEmail: true }, orderBy: { domain: "asc" } });
  return rows.map((r) => ({ shopId: r.id, domain: r.domain, ownerEmail: r.ownerEmail }));
}

/** Which of these shops already have the email keyed `dedupeKey` (queued or sent). */
export async function shopsWithEmail(dedupeKey: string): Promise<Set<string>> {
  const db = await prisma();
  const rows = await db.outboxEmail.findMany({ where: { dedupeKey }, select: { shopId: true } });
  return new Set(rows.map((r) => r.shopId));
}

/** The shop's emails waiting for an owner's address: what they are about, for Settings. */
export async function listUnaddressedEmails(shopDomain: string): Promise<Array<{ kind: string; subject: string; createdAt: Date }>> {
  const db = await prisma();
  return db.outboxEmail.findMany({
    where: { shop: { domain: shopDomain }, to: null, sentAt: null },
    select: { kind: true, subject: true, createdAt: true },
    orderBy: { createdAt: "asc" },
  });
}

/**
 * In the transaction that saves the shop's settings: emails waiting for an address drop the kinds no longer
 * switched on (`dropKinds`), and the rest take the owner's new address; answers how many will now be sent.
 */
export async function addressWaitingEmails(tx: Tx, shopDomain: string, to: string | null, dropKinds: string[]): Promise<number> {
  const waiting = { shop: { domain: shopDomain }, to: null, sentAt: null };
  if (dropKinds.length > 0) await tx.outboxEmail.deleteMany({ where: { ...waiting, kind: { in: dropKinds } } });
  if (!to) return 0;
  const { count } = await tx.outboxEmail.updateMany({ where: waiting, data: { to, nextAttemptAt: new Date() } });
  return count;
}
