// Requests shaped as the snippet sends them, for tests of the collection endpoints.
import { randomBytes, randomUUID } from "node:crypto";
import http from "node:http";
import type { EventBatch, SvcEvent } from "~/wire";

export const newId = () => randomBytes(9).toString("base64url");

export function batch(site: string, vid: string, sid: string, events: SvcEvent[]): EventBatch {
  return { v: 1, site, vid, sid, sent: Date.now(), events };
}

export const pageview = (path = "/demo"): SvcEvent => ({ type: "pageview", id: newId(), ts: Date.now(), path });
export const exposure = (test: string, arm: string): SvcEvent => ({
  type: "exposure", id: newId(), ts: Date.now(), path: "/demo", test, arm, msToApply: 42, msHidden: 7,
});
export const conversion = (goal: string, value?: number): SvcEvent => ({
  type: "conversion", id: newId(), ts: Date.now(), path: "/demo", goal, ...(value !== undefined && { value }),
});

export async function postBatch(baseUrl: string, body: unknown, init: { path?: string; origin?: string } = {}) {
  return fetch(`${baseUrl}${init.path ?? "/api/events"}`, {
    method: "POST",
    headers: { "Content-Type": "text/plain;charset=UTF-8", ...(init.origin && { Origin: init.origin }) },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

export async function getPatches(baseUrl: string, site: string, vid: string, sid = newId()) {
  const url = `${baseUrl}/api/patches?site=${site}&vid=${vid}&sid=${sid}&url=${encodeURIComponent("http://shop.test/demo")}`;
  return fetch(url);
}

export const uuid = randomUUID;

/**
 * POST a batch over node:http from a chosen loopback address (`from`, e.g. 127.0.3.1: any 127/8 address
 * is this machine), so a test can be many clients on many networks; `origin` as a browser page would send it.
 */
export function postBatchFrom(
  baseUrl: string,
  body: unknown,
  init: { from?: string; origin?: string; path?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; json: () => unknown }> {
  const url = new URL(init.path ?? "/api/events", baseUrl);
  const text = typeof body === "string" ? body : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: "POST",
        localAddress: init.from,
        agent: false,
        headers: {
          "Content-Type": "text/plain;charset=UTF-8", "Content-Length": Buffer.byteLength(text), ...(init.origin && { Origin: init.origin }), ...init.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          const answer = Buffer.concat(chunks).toString("utf8");
          resolve({ status: res.statusCode ?? 0, json: () => JSON.parse(answer) });
        });
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(text);
  });
}

/** GET /api/patches over node:http from a chosen loopback address (`from`), as a shopper on that network. */
export function getPatchesFrom(baseUrl: string, site: string, from: string, vid = newId()): Promise<{ ttl: number; tests: unknown[] }> {
  const url = new URL(`/api/patches?site=${site}&vid=${vid}&sid=${newId()}&url=${encodeURIComponent("http://shop.test/demo")}`, baseUrl);
  return new Promise((resolve, reject) => {
    const req = http.get(url, { localAddress: from, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        try {
          resolve(JSON.parse(Buffer.concat(chunks).toString("utf8")) as { ttl: number; tests: unknown[] });
        } catch (error) {
          reject(error);
        }
      });
      res.on("error", reject);
    });
    req.on("error", reject);
  });
}
