// Batches events and sends them on size, on a timer and when the page is hidden; no retry loops.
import { MAX_BATCH_EVENTS } from "../../app/wire/limits";
import type { EventBatch, SvcEvent } from "../../app/wire/events";
import { guard, noop } from "./guard";
import { FLUSH_AT_EVENTS, FLUSH_DELAY_MS } from "./timing";

export type BatchHeader = Omit<EventBatch, "events" | "sent">;

export interface Transport {
  push(event: SvcEvent): void;
  /** Sends everything queued; `leaving` prefers sendBeacon, which survives the page going away. */
  flush(leaving?: boolean): void;
  /** Drops the queue and sends nothing more. */
  stop(): void;
}

/**
 * The body is a JSON string, so both sendBeacon and fetch send it as text/plain: a CORS simple
 * request with no preflight. A batch answered 429 or 4xx is dropped; after a network error or a
 * 5xx its events go back in the queue once, and are dropped if that second send fails too.
 */
export function createTransport(url: string, header: () => BatchHeader): Transport {
  const queue: SvcEvent[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const retried = new WeakSet<SvcEvent>();

  const requeue = (events: SvcEvent[]) => {
    for (const e of events) {
      if (retried.has(e)) continue;
      retried.add(e);
      push(e);
    }
  };

  const send = (events: SvcEvent[], leaving: boolean) => {
    const body = JSON.stringify({ ...header(), sent: Date.now(), events } satisfies EventBatch);
    if (leaving && navigator.sendBeacon?.(url, body)) return;
    fetch(url, { method: "POST", body, keepalive: true, credentials: "omit" })
      .then((r) => {
        if (r.status >= 500) requeue(events);
      }, () => requeue(events))
      .catch(noop);
  };

  const flush = (leaving = false) => {
    clearTimeout(timer);
    timer = undefined;
    while (queue.length && !stopped) {
      try {
        send(queue.splice(0, MAX_BATCH_EVENTS), leaving);
      } catch {
        // A send that cannot even start is dropped with its batch.
      }
    }
  };

  const push = (event: SvcEvent) => {
    if (stopped) return;
    queue.push(event);
    if (queue.length >= FLUSH_AT_EVENTS) flush();
    else timer ??= setTimeout(guard(flush), FLUSH_DELAY_MS);
  };

  const leave = guard(() => flush(true));
  addEventListener("pagehide", leave);
  document.addEventListener("visibilitychange", guard(() => document.visibilityState === "hidden" && leave()));

  return {
    push,
    flush,
    // Stopped, push and flush do nothing: the queue is never sent, and a pending timer's flush is a no-op.
    stop: () => {
      stopped = true;
    },
  };
}
