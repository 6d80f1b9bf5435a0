// The owner's emails: queued in the OutboxEmail table by the use cases (in their own transactions) and
// sent over SMTP by this process's drainer, started at start-up when there is somewhere to send them.
import { outboxDrainer, type OutboxDrainer } from "~/infra/outbox-drainer.server";
import { smtpSender, smtpWhere } from "~/infra/smtp-sender.server";
import { claimDueEmails, markEmailFailed, markEmailSent } from "~/models/shops/outbox.server";

/** How often the outbox is looked at without a kick (another instance queued something, a retry is due). */
export const OUTBOX_INTERVAL_MS = 15_000;

let drainer: OutboxDrainer | undefined;

export function startOutbox(smtpUrl: string, from: string, log: (line: string) => void): void {
  if (drainer) return;
  drainer = outboxDrainer({
    store: { claim: claimDueEmails, sent: markEmailSent, failed: markEmailFailed },
    sender: smtpSender(smtpUrl, from),
    intervalMs: OUTBOX_INTERVAL_MS,
    log,
  });
  log(`mail: owner emails are sent through ${smtpWhere(smtpUrl)} from ${from}`);
  drainer.kick();
}

/** Something was just queued: send it now rather than at the next interval (no-op without a sender). */
export function kickOutbox(): void {
  drainer?.kick();
}

/** Sends what is due now and answers how many were sent (0 without a sender): for a command that exits next. */
export async function drainOutbox(): Promise<number> {
  return (await drainer?.drain()) ?? 0;
}

export async function stopOutbox(): Promise<void> {
  const current = drainer;
  drainer = undefined;
  await current?.stop();
}
