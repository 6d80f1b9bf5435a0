import { createServer, request, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendJson, sendProblem } from "./node-response";

let answer: (req: IncomingMessage, res: ServerResponse) => void = () => {};
const server = createServer((req, res) => answer(req, res));
let base = "";

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function get(method: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: IncomingMessage["headers"]; body: Buffer }>((resolve, reject) => {
    const req = request(base, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}

const large = { tests: Array.from({ length: 40 }, (_, i) => ({ test: `test-${i}`, text: "A new headline for the summer" })) };

describe("sendJson", () => {
  it("gzips a large answer when the client takes gzip, and says it varies", async () => {
    answer = (req, res) => sendJson(req, res, 201, large, { "Cache-Control": "no-store" });
    const zipped = await get("GET", { "Accept-Encoding": "gzip, br" });
    expect(zipped.status).toBe(201);
    expect(zipped.headers["content-encoding"]).toBe("gzip");
    expect(zipped.headers.vary).toBe("Accept-Encoding");
    expect(JSON.parse(gunzipSync(zipped.body).toString())).toEqual(large);
    const plain = await get("GET");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toBe("Accept-Encoding");
    expect(JSON.parse(plain.body.toString())).toEqual(large);
  });

  it("sends a small answer as it is, with its length, and no body for HEAD", async () => {
    answer = (req, res) => sendJson(req, res, 200, { ttl: 300, tests: [] }, { "Cache-Control": "no-store" });
    const small = await get("GET", { "Accept-Encoding": "gzip" });
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(small.headers["content-type"]).toBe("application/json");
    expect(small.body.toString()).toBe('{"ttl":300,"tests":[]}');
    const head = await get("HEAD");
    expect(head.headers["content-length"]).toBe(String(small.body.length));
    expect(head.body.length).toBe(0);
  });
});

describe("sendProblem", () => {
  it("answers the problem document with Retry-After, its own headers and the door's", async () => {
    answer = (req, res) =>
      sendProblem(req, res, { status: 429, type: "rate-limited", title: "Slow down", retryAfterSeconds: 2, headers: { "X-Extra": "1" } }, {
        "Access-Control-Allow-Origin": "*",
      });
    const res = await get("GET");
    expect(res.status).toBe(429);
    expect(res.headers["content-type"]).toBe("application/problem+json");
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.headers["retry-after"]).toBe("2");
    expect(res.headers["x-extra"]).toBe("1");
    expect(res.headers["access-control-allow-origin"]).toBe("*");
    expect(JSON.parse(res.body.toString())).toEqual({ type: "https://svc.dev/problems/rate-limited", title: "Slow down", status: 429 });
  });
});
