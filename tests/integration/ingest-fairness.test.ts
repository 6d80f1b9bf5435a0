// Issue 20, rows 4 and 9. One site flooding /api/events within its own limits (a rotating vid, and here a
// rotating client address too, as a botnet would) made another site's small batches time out after 30 s:
// the writer's queue was one FIFO without a bound. Now batches wait in one lane per site, groups take the
// lanes in turn, and past the queue's bound a batch is answered 503 with Retry-After at once. Rotating vid
// from one address no longer lifts the limit (per-address buckets, in process and in Redis), and unknown
// Site IDs neither cost unbounded lookups nor push known sites out of the site cache.
import http from "node:http";
import { describe, expect, it } from "vitest";
import type { SqlRunner } from "~/db/connection.server";
import { databaseKinds } from "../support/databases";
import { testRedisUrl, uniqueRedisPrefix } from "../support/redis";
import { SHOPIFY_TEST_ENV, useServer } from "../support/server";
import { batch, newId, pageview, postBatch } from "../support/snippet-client";
import { seedShop, seedSite } from "../support/seed";

const FLOODED = "site-flooder";
const QUIET = "site-quiet";
const LIMITED = "site-limited";

async function seedSites(sql: SqlRunner): Promise<void> {
  await seedShop(sql, { id: "fair-shop", domain: "fair-shop.myshopify.com", name: "Fair", currency: "USD" });
  for (const [id, publicId, name] of [["s-flooder", FLOODED, "Flooder"], ["s-quiet", QUIET, "Quiet"], ["s-limited", LIMITED, "Limited"]] as const) {
    await seedSite(sql, { id, publicId, shop: "fair-shop.myshopify.com", name, currency: "USD" });
  }
}

/** A POST on its own socket pool (many at once, as a flood opens them), answering status and Retry-After. */
function post(url: string, path: string, body: string, headers: Record<string, string>, agent: http.Agent): Promise<{ status: number; retryAfter: string | null }> {
  return new Promise((resolve) => {
    const req = http.request(`${url}${path}`, { method: "POST", agent, headers: { "Content-Type": "text/plain", ...headers } }, (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode ?? 0, retryAfter: (res.headers["retry-after"] as string | undefined) ?? null }));
    });
    req.on("error", () => resolve({ status: 0, retryAfter: null }));
    req.setTimeout(30_000, () => req.destroy());
    req.end(body);
  });
}

const fullBatch = (site: string) => JSON.stringify(batch(site, newId(), newId(), Array.from({ length: 50 }, (_, i) => pageview(`/p${i}`))));
const randomAddress = () => `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;

describe.each(databaseKinds)("fair, bounded writing on %s", (kind) => {
  // Behind a (stand-in) proxy, so that the flood can come from many addresses and stay within every limit.
  const ctx = useServer(kind, { ...SHOPIFY_TEST_ENV, SVC_TRUST_PROXY: "1" }, { seed: seedSites });

  it("answers another site's small batches 2xx within 2 s while one site floods within its limits", async () => {
    // The quiet site is live: it sent before the flood began, on a connection it keeps (how fast a server
    // under a flood reads a new connection is the HTTP server's concern, not the writer's).
    const quietAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const quietBatch = () => JSON.stringify(batch(QUIET, newId(), newId(), [pageview("/"), pageview("/cart")]));
    expect((await post(ctx.server.url, "/api/events", quietBatch(), {}, quietAgent)).status).toBe(200);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 400 });
    const flood: Array<{ status: number; retryAfter: string | null }> = [];
    let flooding = true;
    // 250 requests in flight at all times, each a full batch of 50 events from a new visitor and address:
    // several times what the writer can store, so its queue would grow without end.
    const workers = Array.from({ length: 250 }, async () => {
      while (flooding) flood.push(await post(ctx.server.url, "/api/events", fullBatch(FLOODED), { "X-Forwarded-For": randomAddress() }, agent));
    });
    try {
      await new Promise((r) => setTimeout(r, 1500));
      // 15 batches over ~2 s of flood: each flood second costs both cores, and the bound is per batch.
      const quiet: Array<{ status: number; ms: number }> = [];
      for (let i = 0; i < 15; i++) {
        const started = performance.now();
        const { status } = await post(ctx.server.url, "/api/events", quietBatch(), {}, quietAgent);
        quiet.push({ status, ms: Math.round(performance.now() - started) });
        await new Promise((r) => setTimeout(r, 100));
      }
      quietAgent.destroy();
      console.info(`quiet site: ${quiet.map((q) => `${q.status}/${q.ms}ms`).join(" ")}; flood so far: ${flood.length} answers`);
      expect(quiet.filter((q) => q.status !== 200)).toEqual([]);
      expect(quiet.filter((q) => q.ms > 2000)).toEqual([]);
    } finally {
      flooding = false;
      await Promise.all(workers);
      agent.destroy();
    }
    // The flood was served too, and whatever was refused was refused at once, with Retry-After.
    expect(flood.filter((f) => f.status === 200).length).toBeGreaterThan(0);
    for (const refused of flood.filter((f) => f.status === 503)) expect(refused.retryAfter).toBe("1");
    expect(flood.filter((f) => f.status !== 200 && f.status !== 503 && f.status !== 429)).toEqual([]);
  });

  it("holds the limit per client address: rotating vid from one address is refused past 600 batches", async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 20 });
    const address = randomAddress();
    const answers: number[] = [];
    const next = { i: 0 };
    await Promise.all(
      Array.from({ length: 20 }, async () => {
        while (next.i++ < 800) {
          const body = JSON.stringify(batch(LIMITED, newId(), newId(), [pageview()]));
          answers.push((await post(ctx.server.url, "/api/events", body, { "X-Forwarded-For": address }, agent)).status);
        }
      }),
    );
    agent.destroy();
    // 600 of burst and 30 a second of refill while they were sent: the rest refused, never stored.
    expect(answers.filter((s) => s === 429).length).toBeGreaterThan(30);
    expect(answers.filter((s) => s === 200).length).toBeLessThan(800);
    // Another address is not held back by it.
    const other = await postBatch(ctx.server.url, batch(LIMITED, newId(), newId(), [pageview()]));
    expect(other.status).toBe(200);
  });

  it("limits lookups of unknown Site IDs per address, and they never push known sites out of the cache", async () => {
    const address = randomAddress();
    const unknownIds = Array.from({ length: 60 }, () => `nosuch-${newId().toLowerCase().replace(/[^a-z0-9]/g, "x")}`);
    const statuses = [];
    for (const id of unknownIds) {
      const res = await fetch(`${ctx.server.url}/api/consent?site=${id}`, { headers: { "X-Forwarded-For": address } });
      statuses.push(res.status);
    }
    // Answered as unknown all along (whether looked up or past the budget), and a known site still is served.
    expect(new Set(statuses)).toEqual(new Set([404]));
    const known = await postBatch(ctx.server.url, batch(QUIET, newId(), newId(), [pageview()]));
    expect(known.status).toBe(200);
    const output = ctx.server.output();
    expect(output).not.toMatch(/\[svc\] (request|write) failed/);
  });
});

describe.skipIf(!testRedisUrl)("the per-address limit shared through Redis", () => {
  const ctx = useServer("pglite", { ...SHOPIFY_TEST_ENV, SVC_TRUST_PROXY: "1", REDIS_URL: testRedisUrl ?? "", SVC_REDIS_PREFIX: uniqueRedisPrefix() }, { seed: seedSites });

  it("refuses rotating vid from one address past its burst", async () => {
    const answers: number[] = [];
    for (let start = 0; start < 1000; start += 50) {
      const round = await Promise.all(
        Array.from({ length: 50 }, () => postBatch(ctx.server.url, JSON.stringify(batch(LIMITED, newId(), newId(), [pageview()]))).then((r) => r.status)),
      );
      answers.push(...round);
    }
    expect(answers.filter((s) => s === 429).length).toBeGreaterThan(0);
  });
});
