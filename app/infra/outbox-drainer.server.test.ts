import { describe, expect, it } from "vitest";
import { MAX_SEND_ATTEMPTS, outboxDrainer, retryDelayMs, type OutboxStore } from "./outbox-drainer.server";
import type { MailMessage } from "./smtp-sender.server";

function memoryStore(messages: Array<MailMessage & { attempts: number }>) {
  const rows = messages.map((m) => ({ ...m, due: 0, sentAt: null as number | null, errors: [] as string[] }));
  let now = 0;
  const store: OutboxStore = {
    async claim(limit, maxAttempts, holdUntil) {
      const due = rows.filter((r) => r.sentAt === null && r.attempts < maxAttempts && r.due <= now).slice(0, limit);
      for (const r of due) r.due = holdUntil.getTime();
      return due.map(({ id, to, subject, text, attempts }) => ({ id, to, subject, text, attempts }));
    },
    async sent(id, at) {
      const row = rows.find((r) => r.id === id)!;
      row.sentAt = at.getTime();
      row.attempts += 1;
    },
    async failed(id, error, next) {
      const row = rows.find((r) => r.id === id)!;
      row.attempts += 1;
      row.errors.push(error);
      row.due = next.getTime();
    },
  };
  return { store, rows, setNow: (t: number) => void (now = t), now: () => now };
}

const message = (id: string): MailMessage & { attempts: number } => ({ id, to: "owner@example.com", subject: "s", text: "t", attempts: 0 });

describe("outboxDrainer", () => {
  it("sends what is due once, and retries a failure later with a growing delay until it gives up", async () => {
    const memory = memoryStore([message("a"), message("b")]);
    const sent: string[] = [];
    let failB = true;
    const drainer = outboxDrainer({
      store: memory.store,
      sender: { send: async (m) => (m.id === "b" && failB ? Promise.reject(new Error("421 try later")) : void sent.push(m.id)), close: () => {} },
      intervalMs: 60_000,
      log: () => {},
      now: memory.now,
    });
    expect(await drainer.drain()).toBe(1);
    expect(sent).toEqual(["a"]);
    expect(await drainer.drain()).toBe(0); // b waits for its retry
    memory.setNow(retryDelayMs(1));
    failB = false;
    expect(await drainer.drain()).toBe(1);
    expect(sent).toEqual(["a", "b"]);
    expect(memory.rows.map((r) => [r.id, r.attempts, r.errors])).toEqual([
      ["a", 1, []],
      ["b", 2, ["421 try later"]],
    ]);
    await drainer.stop();
  });

  it("stops trying after the last attempt", async () => {
    const memory = memoryStore([{ ...message("x"), attempts: MAX_SEND_ATTEMPTS - 1 }]);
    const drainer = outboxDrainer({
      store: memory.store,
      sender: { send: () => Promise.reject(new Error("550 no such user")), close: () => {} },
      intervalMs: 60_000,
      log: () => {},
      now: memory.now,
    });
    await drainer.drain();
    memory.setNow(Number.MAX_SAFE_INTEGER / 2);
    expect(await drainer.drain()).toBe(0);
    expect(memory.rows[0]!.attempts).toBe(MAX_SEND_ATTEMPTS);
    await drainer.stop();
  });

  it("waits 1, 2, 4 … minutes between attempts, at most 6 hours", () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([60_000, 120_000, 240_000, 480_000]);
    expect(retryDelayMs(20)).toBe(6 * 3_600_000);
  });
});
