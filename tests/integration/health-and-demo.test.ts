// The start-up surface of a fresh install: health, the demo storefront, the snippet file, and `npm start`.
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { embeddedOnly } from "../support/databases";
import { startServer, useServer, type RunningServer } from "../support/server";

describe.each(embeddedOnly)("a demo server on %s", (kind) => {
  const ctx = useServer(kind, { SVC_DEMO: "1" });

  it("reports a reachable database on /healthz", async () => {
    const res = await fetch(`${ctx.server.url}/healthz`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(await res.json()).toMatchObject({ status: "ok", database: { status: "ok", kind }, redis: { status: "off" } });
  });

  it("serves a demo storefront page carrying the snippet tag in its head", async () => {
    const res = await fetch(`${ctx.server.url}/demo`);
    expect(res.status).toBe(200);
    const html = await res.text();
    const head = html.slice(0, html.indexOf("</head>"));
    expect(head).toMatch(/<script src="http:\/\/127\.0\.0\.1:\d+\/snippet\.js" async data-svc-site="demo"><\/script>/);
  });

  it("serves the demo Shopify storefront: Shopify's globals first, then the app embed's tag, and a cart cookie", async () => {
    const res = await fetch(`${ctx.server.url}/demo/shopify`);
    expect(res.status).toBe(200);
    expect(res.headers.get("set-cookie")).toMatch(/^cart=[0-9a-f]{32}; Path=\/; SameSite=Lax/);
    const html = await res.text();
    const head = html.slice(0, html.indexOf("</head>"));
    const tag = head.search(/<script src="http:\/\/127\.0\.0\.1:\d+\/snippet\.js\?for=shopify&amp;v=[\w-]{12}" async data-svc-site="demo-shopify" data-svc-shop="svc-demo\.myshopify\.com" data-svc-template="product" data-svc-aud="us%7Cen%7CUSD%7C0"><\/script>/);
    expect(tag).toBeGreaterThan(0);
    expect(head.indexOf("window.Shopify = {")).toBeGreaterThan(0);
    expect(head.indexOf("window.Shopify = {")).toBeLessThan(tag);
    expect(html).toContain('<h1 id="product-title">Stoneware mug</h1>');
  });

  it("answers bad cart requests with 4xx problems", async () => {
    const post = (path: string, body: string) => fetch(`${ctx.server.url}${path}`, { method: "POST", body });
    for (const [path, body, status] of [
      ["/cart/add.js", "not json", 400],
      ["/cart/add.js", '{"items":[{"id":1}]}', 422],
      ["/cart/add.js", '{"items":[{"id":"x","quantity":-1}]}', 400],
      ["/cart/update.js", '{"attributes":"x"}', 400],
      ["/cart/update.js", "[]", 400],
    ] as const) {
      const res = await post(path, body);
      expect({ path, body, status: res.status }).toEqual({ path, body, status });
      expect(res.headers.get("content-type")).toContain("application/problem+json");
    }
    expect((await fetch(`${ctx.server.url}/cart.js`, { method: "DELETE" })).status).toBe(405);
  });
});

describe("when the database cannot be reached", () => {
  it("refuses to start, saying why", async () => {
    await expect(
      startServer({ env: { DATABASE_URL: "postgres://nobody@127.0.0.1:1/none", SVC_DEMO: "1" }, timeoutMs: 30_000 }),
    ).rejects.toThrow(/start-up failed/);
  });
});

describe("npm start", () => {
  let dataDir: string;
  let server: RunningServer;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), "svc-start-"));
    server = await startServer({ args: ["scripts/start.mjs"], env: { SVC_DATA_DIR: dataDir }, timeoutMs: 300_000 });
  });
  afterAll(async () => {
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("runs the local demo on the embedded database when no Shopify credentials are set", async () => {
    expect(server.output()).toMatch(/DEMO MODE/);
    expect(server.output()).toContain(`pglite:${dataDir}`);
    expect(await fetch(`${server.url}/healthz`).then((r) => r.json())).toMatchObject({ database: { kind: "pglite" } });
    expect((await fetch(`${server.url}/app`)).status).toBe(200);
    expect((await fetch(`${server.url}/demo`)).status).toBe(200);
  });
});
