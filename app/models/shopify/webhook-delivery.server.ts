// Shopify webhook deliveries taken (WebhookDelivery): the only code that reads or writes that table.
import { prisma } from "~/db.server";

export interface DeliveryRow {
  id: string;
  shop: string;
  topic: string;
  digest: string;
}

export type ClaimResult = "claimed" | "processed" | "in-progress";

/**
 * Claims the delivery for this request: "claimed" when it is new (or an earlier claim of it is older than
 * `timeoutMs` and unfinished), "processed" when it, or the same signed body under another id, was
 * handled, "in-progress" while another request holds it.
 */
export async function claimDelivery(row: DeliveryRow, now: Date, timeoutMs: number): Promise<ClaimResult> {
  const db = await prisma();
  const sameBody = await db.webhookDelivery.findFirst({
    where: { digest: row.digest, id: { not: row.id }, processedAt: { not: null } },
    select: { id: true },
  });
  if (sameBody) return "processed";
  const { count } = await db.webhookDelivery.createMany({ data: [{ ...row, receivedAt: now }], skipDuplicates: true });
  if (count === 1) return "claimed";
  const taken = await db.webhookDelivery.updateMany({
    where: { id: row.id, processedAt: null, receivedAt: { lt: new Date(now.getTime() - timeoutMs) } },
    data: { receivedAt: now },
  });
  if (taken.count === 1) return "claimed";
  const held = await db.webhookDelivery.findUnique({ where: { id: row.id }, select: { processedAt: true } });
  return held?.processedAt ? "processed" : "in-progress";
}

/** Marks the claimed delivery handled, so its redeliveries are ignored. */
export async function markDeliveryProcessed(id: string, now: Date): Promise<void> {
  const db = await prisma();
  await db.webhookDelivery.updateMany({ where: { id }, data: { processedAt: now } });
}

/** Drops an unfinished claim (its handling failed), so Shopify's retry of it is handled. */
export async function releaseDelivery(id: string): Promise<void> {
  const db = await prisma();
  await db.webhookDelivery.deleteMany({ where: { id, processedAt: null } });
}

/** Deletes deliveries of `topics` received before `before`; answers how many. */
export async function deleteDeliveriesBefore(before: Date, topics: string[]): Promise<number> {
  const db = await prisma();
  const { count } = await db.webhookDelivery.deleteMany({ where: { receivedAt: { lt: before }, topic: { in: topics } } });
  return count;
}
