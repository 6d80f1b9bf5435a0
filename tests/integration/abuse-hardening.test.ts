// Issue 33, rows 7, 11 and 13: what an outsider could do with the embedded database's port, a replayed
// webhook, a check token and an editor's style sheet, each tried over real HTTP (or the real wire port)
// against the built server.
import net from "node:net";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { IDLE_IN_TURN_MS } from "~/db/pglite-wire.mjs";
import { createTestDatabase } from "../support/databases";
import { startServer, useServer } from "../support/server";

/** /healthz's time to answer, in ms, and its status. */
async function health(baseUrl: string): Promise<{ ms: number; status: number }> {
  const started = performance.now();
  const res = await fetch(`${baseUrl}/healthz`);
  await res.text();
  return { ms: performance.now() - started, status: res.status };
}

describe("row 7: SVC_PGLITE_PORT", () => {
  it("refuses to start in production unless SVC_PGLITE_PORT_IN_PRODUCTION=1 allows it", async () => {
    const db = await createTestDatabase("pglite", { migrated: true });
    try {
      await expect(startServer({ env: { ...db.env, SVC_DEMO: "1", SVC_PGLITE_PORT: "0" }, timeoutMs: 30_000 })).rejects.toThrow(
        /server exited with 1 before listening:[\s\S]*SVC_PGLITE_PORT would serve the whole database .*SVC_PGLITE_PORT_IN_PRODUCTION=1/,
      );
    } finally {
      await db.drop();
    }
  }, 60_000);

  describe("when allowed", () => {
    const ctx = useServer("pglite", { SVC_DEMO: "1", SVC_PGLITE_PORT: "0", SVC_PGLITE_PORT_IN_PRODUCTION: "1" });
    const wire = () => new URL(ctx.server.pgliteUrl!);

    it("prints a password that is required", async () => {
      expect(wire().password).toMatch(/^[0-9a-f]{32}$/);
      const guess = new pg.Client({ host: "127.0.0.1", port: Number(wire().port), user: "postgres", password: "postgres", database: "postgres" });
      guess.on("error", () => {});
      await expect(guess.connect()).rejects.toMatchObject({ code: "28P01" });
      const right = new pg.Client({ connectionString: ctx.server.pgliteUrl! });
      await right.connect();
      expect((await right.query(`SELECT count(*)::int AS n FROM "Shop"`)).rows[0].n).toBeGreaterThan(0);
      await right.end();
    });

    it("cuts off a 60 MB upload before start-up, and /healthz stays quick", async () => {
      const socket = net.connect({ host: "127.0.0.1", port: Number(wire().port) });
      socket.on("error", () => {});
      await new Promise((resolve) => socket.once("connect", resolve));
      const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
      const chunk = Buffer.alloc(1024 * 1024, 0x61);
      chunk.writeInt32BE(60 * 1024 * 1024, 0);
      let sent = 0;
      const writing = (async () => {
        while (!socket.destroyed && sent < 60 * 1024 * 1024) {
          const more = socket.write(chunk);
          sent += chunk.length;
          chunk.fill(0x61, 0, 8);
          if (!more) await Promise.race([new Promise((resolve) => socket.once("drain", resolve)), closed]);
        }
      })();
      const during = await health(ctx.server.url);
      await closed;
      await writing;
      expect(sent).toBeLessThan(60 * 1024 * 1024);
      expect(during.status).toBe(200);
      expect(during.ms).toBeLessThan(1_000);
    }, 30_000);

    it(`rolls back and disconnects a client idle in a transaction after ${IDLE_IN_TURN_MS} ms: /healthz waits no longer`, async () => {
      const client = new pg.Client({ connectionString: ctx.server.pgliteUrl! });
      const gone = new Promise<Error>((resolve) => client.on("error", resolve));
      await client.connect();
      await client.query("BEGIN");
      await client.query(`UPDATE "Shop" SET "uninstalledAt" = now()`);
      const held = await health(ctx.server.url);
      expect(held.status).toBe(200);
      expect(held.ms).toBeLessThan(IDLE_IN_TURN_MS + 2_000);
      expect((await gone).message).toMatch(/without sending a statement/);
      const check = new pg.Client({ connectionString: ctx.server.pgliteUrl! });
      await check.connect();
      expect((await check.query(`SELECT count(*)::int AS n FROM "Shop" WHERE "uninstalledAt" IS NOT NULL`)).rows[0].n).toBe(0);
      await check.end();
    }, 30_000);
  });
});
