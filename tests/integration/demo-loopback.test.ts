// Issue 20, row 12 (demo mode only): `npm start` without credentials listened on every interface; the
// loopback-only gate of the demo admin missed X-Client-IP, True-Client-IP, Via and X-Forwarded-Host and
// never checked Host (DNS rebinding); demo pages could be framed. Now the demo listens on 127.0.0.1 unless
// HOST says otherwise, the admin and the webhooks (signed with the well-known demo secret) refuse any
// proxied or rebinding-shaped request with 403 not-local, and every page says frame-ancestors 'none'.
import { createHmac, randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { rawRequest } from "../support/raw-http";
import { useServer } from "../support/server";
import { BROWSER } from "../support/shopify";
import { oneDatabaseKind } from "../support/databases";

const DEMO_SHOP = "svc-demo.myshopify.com";
const DEMO_SECRET = "demo-api-secret";

/** The addresses (hex, as /proc/net/tcp* writes them) listening on `port`: read from the kernel, never by connecting. */
async function listeningAddresses(port: number): Promise<string[]> {
  const found: string[] = [];
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    for (const line of (await readFile(table, "utf8")).split("\n").slice(1)) {
      const [, local, , state] = line.trim().split(/\s+/);
      if (!local || state !== "0A") continue;
      const [address, hexPort] = local.split(":");
      if (parseInt(hexPort ?? "", 16) === port) found.push(address ?? "");
    }
  }
  return found;
}

function webhook(host: string, extra: string): string {
  const body = JSON.stringify({ shop_id: 1, shop_domain: DEMO_SHOP, orders_requested: [], customer: { id: 1 }, data_request: { id: 1 } });
  const hmac = createHmac("sha256", DEMO_SECRET).update(body).digest("base64");
  return (
    `POST /webhooks/customers/data_request HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\n` +
    `X-Shopify-Topic: customers/data_request\r\nX-Shopify-Shop-Domain: ${DEMO_SHOP}\r\nX-Shopify-API-Version: 2026-07\r\n` +
    `X-Shopify-Webhook-Id: ${randomUUID()}\r\nX-Shopify-Triggered-At: ${new Date().toISOString()}\r\nX-Shopify-Hmac-Sha256: ${hmac}\r\n` +
    `${extra}Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`
  );
}

const adminPage = (host: string, extra: string) =>
  `GET /app HTTP/1.1\r\nHost: ${host}\r\nUser-Agent: ${BROWSER["User-Agent"]}\r\n${extra}Connection: close\r\n\r\n`;

const PROXY_HEADERS = [
  "X-Forwarded-For: 203.0.113.7",
  "X-Client-IP: 203.0.113.7",
  "True-Client-IP: 203.0.113.7",
  "Via: 1.1 proxy",
  "X-Forwarded-Host: localhost",
  "X-Forwarded-Proto: https",
  "Forwarded: for=203.0.113.7",
  "X-Real-IP: 203.0.113.7",
  "CF-Connecting-IP: 203.0.113.7",
];

describe("the local demo answers this machine only", () => {
  // HOST unset, as `npm start` runs it.
  const ctx = useServer(oneDatabaseKind, { SVC_DEMO: "1", HOST: undefined });
  const port = () => Number(new URL(ctx.server.url).port);

  it("listens on 127.0.0.1 only", async () => {
    expect(await listeningAddresses(port())).toEqual(["0100007F"]);
  });

  it("serves its admin and takes its webhooks from a direct loopback client", async () => {
    for (const host of [`localhost:${port()}`, `127.0.0.1:${port()}`]) {
      expect((await rawRequest(ctx.server.url, adminPage(host, ""))).status, host).toBe(200);
      expect((await rawRequest(ctx.server.url, webhook(host, ""))).status, host).toBe(200);
    }
  });

  it.each(PROXY_HEADERS)("refuses the admin and the webhooks a request carrying %s", async (header) => {
    const page = await rawRequest(ctx.server.url, adminPage(`localhost:${port()}`, `${header}\r\n`));
    // A document request: Remix renders its error page with the refusal's status.
    expect(page.status).toBe(403);
    expect(page.body).not.toContain("Demo: headline");
    const hook = await rawRequest(ctx.server.url, webhook(`localhost:${port()}`, `${header}\r\n`));
    expect(hook.status).toBe(403);
    expect(JSON.parse(hook.body).type).toMatch(/\/not-local$/);
  });

  it("refuses a request whose Host is not this machine's name (DNS rebinding)", async () => {
    for (const host of [`attacker.example:${port()}`, "attacker.example", `127.0.0.1.nip.io:${port()}`]) {
      expect((await rawRequest(ctx.server.url, adminPage(host, ""))).status, host).toBe(403);
      expect((await rawRequest(ctx.server.url, webhook(host, ""))).status, host).toBe(403);
    }
  });

  it("lets no page frame its pages", async () => {
    for (const path of ["/app", "/demo", "/demo/shopify", "/app/tests/demo-headline"]) {
      const res = await fetch(`${ctx.server.url}${path}`, { headers: BROWSER });
      expect(res.status, path).toBe(200);
      expect(res.headers.get("content-security-policy"), path).toContain("frame-ancestors 'none'");
      expect(res.headers.get("x-frame-options"), path).toBe("DENY");
    }
  });
});
