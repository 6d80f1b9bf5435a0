// The snippet's endpoints served on raw Node before Remix: encodings of /snippet.js, HEAD, streamed
// bodies over the limit, and a service that throws answering a problem document, never a crash.
import { randomBytes } from "node:crypto";
import { request } from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { newSiteApiKey } from "~/domain/sites/site-api-key";
import { databaseKinds } from "../support/databases";
import { useServer } from "../support/server";
import { newId } from "../support/snippet-client";

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A request with node:http, so the bytes arrive as sent (fetch would decode them). */
function raw(url: string, options: { method?: string; headers?: Record<string, string>; chunks?: Buffer[] } = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: options.method ?? "GET", headers: options.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("error", reject);
    for (const chunk of options.chunks ?? []) req.write(chunk);
    req.end();
  });
}

describe.each(databaseKinds)("hot paths (%s)", (kind) => {
  const ctx = useServer(kind, { SVC_DEMO: "1" });

  it("serves /snippet.js as brotli, gzip or plain bytes by Accept-Encoding, the same script and ETag each way", async () => {
    const plain = await raw(`${ctx.server.url}/snippet.js`);
    const br = await raw(`${ctx.server.url}/snippet.js`, { headers: { "Accept-Encoding": "gzip, deflate, br" } });
    const gz = await raw(`${ctx.server.url}/snippet.js`, { headers: { "Accept-Encoding": "gzip" } });
    const deflateOnly = await raw(`${ctx.server.url}/snippet.js`, { headers: { "Accept-Encoding": "deflate" } });

    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(br.headers["content-encoding"]).toBe("br");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(deflateOnly.headers["content-encoding"]).toBeUndefined();
    for (const answer of [plain, br, gz, deflateOnly]) {
      expect(answer.status).toBe(200);
      expect(answer.headers.vary).toBe("Accept-Encoding");
      expect(answer.headers.etag).toBe(plain.headers.etag);
      expect(answer.headers["access-control-allow-origin"]).toBe("*");
      expect(Number(answer.headers["content-length"])).toBe(answer.body.length);
    }
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    expect(gunzipSync(gz.body).equals(plain.body)).toBe(true);
    expect(br.body.length).toBeLessThan(gz.body.length);
    expect(gz.body.length).toBeLessThan(plain.body.length / 2);

    const notModified = await raw(`${ctx.server.url}/snippet.js`, { headers: { "If-None-Match": String(plain.headers.etag) } });
    expect(notModified.status).toBe(304);
    expect(notModified.body.length).toBe(0);
  });

  it("serves the app embed's build at /snippet.js?for=shopify, kept a year when v names the current one", async () => {
    const tag = await raw(`${ctx.server.url}/snippet.js`);
    const embed = await raw(`${ctx.server.url}/snippet.js?for=shopify`);
    expect(embed.status).toBe(200);
    expect(embed.body.equals(tag.body)).toBe(false);
    expect(embed.body.toString()).toContain("data-svc-plan");
    expect(tag.body.toString()).not.toContain("data-svc-plan");
    expect(embed.headers["cache-control"]).toBe("public, max-age=300, stale-while-revalidate=60");
    expect(embed.headers.etag).not.toBe(tag.headers.etag);
    // The version is the start of the body's SHA-256 (as the ETag is): the URL the metafield gives the embed.
    const version = String(embed.headers.etag).slice(1, 13);
    const named = await raw(`${ctx.server.url}/snippet.js?for=shopify&v=${version}`);
    expect(named.body.equals(embed.body)).toBe(true);
    expect(named.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    // A stale or foreign version still gets the current build, with the short lifetime; so does the tag's build.
    for (const url of [`/snippet.js?for=shopify&v=0123456789ab`, `/snippet.js?v=${version}`, `/snippet.js?for=other`]) {
      const answer = await raw(`${ctx.server.url}${url}`);
      expect(answer.status, url).toBe(200);
      expect(answer.headers["cache-control"], url).toBe("public, max-age=300, stale-while-revalidate=60");
    }
    expect((await raw(`${ctx.server.url}/snippet.js?for=other`)).body.equals(tag.body)).toBe(true);
  });

  it("serves the price bundle at /snippet.js?for=shopify-price, kept a year when v names the current one", async () => {
    const embed = await raw(`${ctx.server.url}/snippet.js?for=shopify`);
    const price = await raw(`${ctx.server.url}/snippet.js?for=shopify-price`);
    expect(price.status).toBe(200);
    expect(price.body.toString()).toContain("data-svc-prices");
    expect(price.body.toString()).not.toContain("data-svc-plan");
    expect(price.body.length).toBeLessThan(embed.body.length / 4);
    expect(price.headers["cache-control"]).toBe("public, max-age=300, stale-while-revalidate=60");
    const named = await raw(`${ctx.server.url}/snippet.js?for=shopify-price&v=${String(price.headers.etag).slice(1, 13)}`);
    expect(named.body.equals(price.body)).toBe(true);
    expect(named.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("answers HEAD as GET without a body", async () => {
    const head = await raw(`${ctx.server.url}/snippet.js`, { method: "HEAD", headers: { "Accept-Encoding": "br" } });
    expect(head.status).toBe(200);
    expect(head.headers["content-encoding"]).toBe("br");
    expect(Number(head.headers["content-length"])).toBeGreaterThan(1000);
    expect(head.body.length).toBe(0);

    const path = `/api/patches?site=demo&vid=${newId()}&sid=${newId()}&url=${encodeURIComponent("http://shop.test/demo")}`;
    const get = await raw(ctx.server.url + path);
    const patchesHead = await raw(ctx.server.url + path, { method: "HEAD" });
    expect(patchesHead.status).toBe(200);
    expect(patchesHead.headers["access-control-allow-origin"]).toBe("*");
    expect(patchesHead.headers["cache-control"]).toBe("no-store");
    expect(patchesHead.headers["content-length"]).toBe(get.headers["content-length"]);
    expect(patchesHead.body.length).toBe(0);
  });

  it("serves a request in absolute form (as a proxy may send it) and with a trailing slash", async () => {
    const { hostname, port } = new URL(ctx.server.url);
    const absolute = await new Promise<number>((resolve, reject) => {
      const req = request({ hostname, port, path: `http://shop.test/api/patches?site=demo&vid=${newId()}&sid=${newId()}&url=x` }, (res) => {
        res.resume();
        resolve(res.headers["access-control-allow-origin"] === "*" ? (res.statusCode ?? 0) : -1);
      });
      req.on("error", reject);
      req.end();
    });
    expect(absolute).toBe(200);
    const slash = await raw(`${ctx.server.url}/api/patches/?site=demo&vid=${newId()}&sid=${newId()}&url=x`);
    expect(slash.status).toBe(200);
    expect(slash.headers["access-control-allow-origin"]).toBe("*");
  });

  it("sends small JSON answers uncompressed even when gzip is accepted", async () => {
    const path = `/api/patches?site=demo&vid=${newId()}&sid=${newId()}&url=x`;
    const answer = await raw(ctx.server.url + path, { headers: { "Accept-Encoding": "gzip, br" } });
    expect(answer.status).toBe(200);
    expect(answer.headers["content-encoding"]).toBeUndefined();
    expect(JSON.parse(answer.body.toString()).tests).toHaveLength(1);
  });

  it("refuses a chunked body over the limit (no Content-Length to go by) with 413, and keeps serving", async () => {
    const chunks = Array.from({ length: 10 }, () => Buffer.alloc(8 * 1024, "x"));
    const answer = await raw(`${ctx.server.url}/api/events`, { method: "POST", headers: { "Content-Type": "text/plain" }, chunks });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body.toString())).toMatchObject({ type: "https://svc.dev/problems/body-too-large" });
    expect(answer.headers["access-control-allow-origin"]).toBe("*");
    const conversion = await raw(`${ctx.server.url}/api/conversions`, { method: "POST", headers: { "Content-Type": "application/json" }, chunks });
    expect(conversion.status).toBe(413);
    expect(conversion.headers["access-control-allow-origin"]).toBeUndefined();
    expect((await raw(`${ctx.server.url}/snippet.js`)).status).toBe(200);
  });

  it.runIf(kind === "postgres")("answers a problem document when a service throws (database gone), and stays up", async () => {
    await ctx.db.drop();
    // An unknown site is looked up in the database: that read throws now.
    const consent = await raw(`${ctx.server.url}/api/consent?site=${newId().toLowerCase().replace(/[^a-z0-9]/g, "a")}`);
    expect(consent.status).toBe(500);
    expect(consent.headers["content-type"]).toBe("application/problem+json");
    expect(consent.headers["access-control-allow-origin"]).toBe("*");
    const problem = JSON.parse(consent.body.toString());
    expect(problem).toEqual({ type: "https://svc.dev/problems/internal", title: "Internal error", status: 500 });

    // A write: 503, retry later.
    const conversion = await raw(`${ctx.server.url}/api/conversions`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${newSiteApiKey(randomBytes).key}` },
      chunks: [Buffer.from("{}")],
    });
    expect(conversion.status).toBe(503);
    expect(conversion.headers["retry-after"]).toBe("5");
    expect(JSON.parse(conversion.body.toString()).type).toBe("https://svc.dev/problems/temporarily-unavailable");
    expect(conversion.body.toString()).not.toMatch(/at .*\.js/);

    // Still the same process, still answering from memory.
    const patches = await raw(`${ctx.server.url}/api/patches?site=demo&vid=${newId()}&sid=${newId()}&url=x`);
    expect(patches.status).toBe(200);
  });
});
