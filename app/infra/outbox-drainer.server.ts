// The outbox's drainer: takes due messages from a store (the OutboxEmail table, given by the caller),
// hands each to the sender, and records the result; failures come back later with a growing delay.
// Runs every intervalMs and whenever kicked (a notice was just queued). Several instances may drain one
// database: the store's claim holds what it hands out.
import type { MailMessage, MailSender } from "./smtp-sender.server";

export interface OutboxStore {
  /** Up to `limit` messages due now, each held until `holdUntil` from other drainers. */
  claim(limit: number, maxAttempts: number, holdUntil: Date): Promise<Array<MailMessage & { attempts: number }>>;
  sent(id: string, at: Date): Promise<void>;
  failed(id: string, error: string, nextAttemptAt: Date): Promise<void>;
}

/** A message is tried at most this many times (over about a day, with the delays below). */
export const MAX_SEND_ATTEMPTS = 10;
/** How long a claimed message is held from other drainers while this one sends it. */
export const SEND_HOLD_MS = 2 * 60_000;
const BATCH = 20;

/** After the n-th failed attempt (1-based): 1 min, 2, 4, … at most 6 h. */
export function retryDelayMs(failedAttempts: number): number {
  return Math.min(60_000 * 2 ** Math.max(0, failedAttempts - 1), 6 * 60 * 60_000);
}

export interface OutboxDrainer {
  kick(): void;
  /** Drains what is due now; answers how many were sent. */
  drain(): Promise<number>;
  stop(): Promise<void>;
}

export function outboxDrainer(options: {
  store: OutboxStore;
  sender: MailSender;
  intervalMs: number;
  log: (line: string) => void;
  now?: () => number;
}): OutboxDrainer {
  const { store, sender, log } = options;
  const now = options.now ?? Date.now;
  let running: Promise<number> | null = null;
  let again = false;
  let stopped = false;

  async function drainOnce(): Promise<number> {
    let sent = 0;
    for (;;) {
      const due = await store.claim(BATCH, MAX_SEND_ATTEMPTS, new Date(now() + SEND_HOLD_MS));
      for (const message of due) {
        try {
          await sender.send(message);
          await store.sent(message.id, new Date(now()));
          sent += 1;
        } catch (error) {
          const text = error instanceof Error ? error.message : String(error);
          const attempt = message.attempts + 1;
          await store.failed(message.id, text, new Date(now() + retryDelayMs(attempt)));
          log(`mail: sending ${message.id} failed (attempt ${attempt} of ${MAX_SEND_ATTEMPTS}): ${text}`);
        }
      }
      if (due.length < BATCH || stopped) return sent;
    }
  }

  function drain(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let total = 0;
      do {
        again = false;
        total += await drainOnce();
      } while (again && !stopped);
      return total;
    })()
      .catch((error: unknown) => {
        log(`mail: the outbox could not be read: ${error instanceof Error ? error.message : String(error)}`);
        return 0;
      })
      .finally(() => (running = null));
    return running;
  }

  const timer = setInterval(() => void drain(), options.intervalMs);
  timer.unref();
  return {
    kick: () => void drain(),
    drain,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
      sender.close();
    },
  };
}
