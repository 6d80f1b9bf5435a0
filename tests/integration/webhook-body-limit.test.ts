// Issue 20, row 5: unsigned huge bodies to a webhook route were read whole before the HMAC was checked
// (four 200 MB POSTs raised the server's RSS by ~780 MB). Now a declared Content-Length over 1 MiB is
// answered 413 without reading it, and a chunked body is cut at 1 MiB: the server's memory does not grow.
import net from "node:net";
import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { sendWebhook } from "~/demo/shopify-webhook-client.server";
import { WEBHOOK_MAX_BODY_BYTES } from "~/http/node/request-guard";
import { oneDatabase } from "../support/databases";
import { rawRequest } from "../support/raw-http";
import { SHOPIFY_TEST_ENV, useServer } from "../support/server";

const MB = 1024 * 1024;
const SHOP = "svc-test.myshopify.com";

async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1]) / 1024;
}

/**
 * The server's RSS once it has settled: a server just started still grows by tens of MB for a moment (its
 * first passes of background jobs, lazily loaded modules), which is not what these tests measure.
 */
async function settledRssMb(pid: number): Promise<number> {
  let last = await rssMb(pid);
  for (let i = 0; i < 40; i++) {
    await new Promise((r) => setTimeout(r, 250));
    const now = await rssMb(pid);
    if (Math.abs(now - last) < 2) return now;
    last = now;
  }
  return last;
}

/**
 * Streams a chunked POST of up to `maxBytes` (64 KiB chunks, with backpressure) to a webhook route;
 * answers how many bytes were written before the server closed the connection (or all of them).
 */
function streamChunked(baseUrl: string, maxBytes: number): Promise<number> {
  const { port } = new URL(baseUrl);
  const chunk = Buffer.concat([Buffer.from(`10000\r\n`), Buffer.alloc(0x10000, 0x78), Buffer.from("\r\n")]);
  return new Promise((resolve) => {
    const socket = net.connect({ host: "127.0.0.1", port: Number(port) });
    let written = 0;
    let closed = false;
    const timer = setTimeout(() => socket.destroy(), 20_000);
    socket.on("error", () => {});
    socket.on("close", () => {
      closed = true;
      clearTimeout(timer);
      resolve(written);
    });
    socket.on("connect", async () => {
      socket.write(
        "POST /webhooks/orders/paid HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n" +
          "Transfer-Encoding: chunked\r\nX-Shopify-Topic: orders/paid\r\n\r\n",
      );
      while (!closed && written < maxBytes) {
        written += 0x10000;
        if (!socket.write(chunk)) await new Promise((r) => (socket.once("drain", r), socket.once("close", r)));
      }
      if (!closed) socket.end("0\r\n\r\n");
    });
  });
}

describe.each(oneDatabase)("webhook body limit (%s)", (kind) => {
  const ctx = useServer(kind, { ...SHOPIFY_TEST_ENV });

  it("answers 413 to four declared 200 MB bodies at once, without reading them", async () => {
    expect((await fetch(`${ctx.server.url}/healthz`)).status).toBe(200);
    const before = await settledRssMb(ctx.server.pid);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        rawRequest(
          ctx.server.url,
          `POST /webhooks/app/uninstalled HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${200 * MB}\r\n\r\n{"id":`,
        ),
      ),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body).type).toMatch(/\/body-too-large$/);
      expect(answer.closed).toBe(true);
    }
    expect(await rssMb(ctx.server.pid)).toBeLessThan(before + 40);
  });

  it("cuts four chunked bodies off at the limit: the server neither reads on nor grows", async () => {
    // One cut body first, so the route's first load is not counted as growth (on a slow machine it was).
    await streamChunked(ctx.server.url, 2 * MB);
    const before = await settledRssMb(ctx.server.pid);
    const written = await Promise.all(Array.from({ length: 4 }, () => streamChunked(ctx.server.url, 64 * MB)));
    // What the server did not read stays in the sockets' buffers (a few MB at most), never 64 MB.
    for (const bytes of written) expect(bytes).toBeLessThan(16 * MB);
    expect(await rssMb(ctx.server.pid)).toBeLessThan(before + 40);
    expect((await fetch(`${ctx.server.url}/healthz`)).status).toBe(200);
  });

  it("still takes a signed delivery under the limit, and refuses one just over it", async () => {
    const padding = "x".repeat(WEBHOOK_MAX_BODY_BYTES - 200);
    const signed = { shop: SHOP, secret: SHOPIFY_TEST_ENV.SHOPIFY_API_SECRET };
    expect((await sendWebhook(ctx.server.url, "app/uninstalled", { id: 1, padding }, signed)).status).toBe(200);
    const over = await sendWebhook(ctx.server.url, "app/uninstalled", { id: 1, padding: `${padding}${"x".repeat(400)}` }, signed).catch(
      // The server may close while fetch still sends the body: the refusal is the point.
      () => null,
    );
    if (over) expect(over.status).toBe(413);
  });
});
