// Issue 20, row 9 (first half): slow headers and slow bodies held sockets for Node's 300 s default. Now the
// headers must arrive within SVC_HEADERS_TIMEOUT_MS and the whole request within that plus
// SVC_BODY_TIMEOUT_MS, else a 408 problem and the connection closed, on the raw hot paths as on Remix's
// routes; and no more than SVC_MAX_CONNECTIONS are open at once. Short deadlines here (1 s each).
import net from "node:net";
import { describe, expect, it } from "vitest";
import { embeddedOnly } from "../support/databases";
import { rawRequest } from "../support/raw-http";
import { SHOPIFY_TEST_ENV, useServer } from "../support/server";

const DEADLINE_MS = 1000;
// Node checks deadlines every 250 ms here (a quarter of the headers deadline).
const SLACK_MS = 1000;

/** Writes one byte every 100 ms: slow, never idle, so only a deadline ends it. */
const trickle = (socket: net.Socket) => {
  const timer = setInterval(() => (socket.writable ? socket.write("x") : clearInterval(timer)), 100);
  socket.once("close", () => clearInterval(timer));
};

describe.each(embeddedOnly)("HTTP deadlines and connection cap (%s)", (kind) => {
  const ctx = useServer(kind, {
    ...SHOPIFY_TEST_ENV,
    SVC_HEADERS_TIMEOUT_MS: String(DEADLINE_MS),
    SVC_BODY_TIMEOUT_MS: String(DEADLINE_MS),
    SVC_MAX_CONNECTIONS: "20",
  });

  it("closes a connection whose headers trickle in, with a 408 problem", async () => {
    const res = await rawRequest(ctx.server.url, "GET /api/patches?site=demo HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ", { afterConnect: trickle, timeoutMs: 10_000 });
    expect(res.closed).toBe(true);
    expect(res.closedAfterMs).toBeGreaterThanOrEqual(DEADLINE_MS - 50);
    expect(res.closedAfterMs).toBeLessThan(DEADLINE_MS + SLACK_MS);
    expect(res.status).toBe(408);
    expect(JSON.parse(res.body).type).toMatch(/\/request-timeout$/);
  });

  it("closes a connection that sends nothing at all", async () => {
    const res = await rawRequest(ctx.server.url, "", { timeoutMs: 10_000 });
    expect(res.closed).toBe(true);
    expect(res.closedAfterMs).toBeLessThan(2 * DEADLINE_MS + SLACK_MS);
  });

  it.each([
    ["/api/events", "the raw hot path"],
    ["/api/conversions", "the raw hot path (server-side conversions)"],
    ["/webhooks/orders/paid", "a Remix route"],
  ])("closes a connection whose body to %s (%s) trickles in", async (path) => {
    const head = `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 8000\r\n\r\n{"v":1`;
    const res = await rawRequest(ctx.server.url, head, { afterConnect: trickle, timeoutMs: 10_000 });
    expect(res.closed).toBe(true);
    // Headers and body deadlines together: the whole request within 2 s.
    expect(res.closedAfterMs).toBeLessThan(2 * DEADLINE_MS + SLACK_MS);
    expect(res.status).toBe(408);
  });

  it("closes connections past the cap at once, and serves again once they are gone", async () => {
    const { port } = new URL(ctx.server.url);
    const open = async () => {
      const socket = net.connect({ host: "127.0.0.1", port: Number(port) });
      socket.on("error", () => {});
      await new Promise((resolve) => socket.once("connect", resolve));
      return socket;
    };
    const held = await Promise.all(Array.from({ length: 20 }, open));
    try {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const extra = await rawRequest(ctx.server.url, "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", { timeoutMs: 3000 });
      expect(extra.closed).toBe(true);
      expect(extra.status).toBeNull();
      expect(extra.closedAfterMs).toBeLessThan(500);
    } finally {
      for (const socket of held) socket.destroy();
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await fetch(`${ctx.server.url}/healthz`)).status).toBe(200);
  });
});
