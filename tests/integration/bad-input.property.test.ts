// Random and adversarial input on every endpoint: never a 5xx, and data already accepted stays intact.
import { DEMO_API_KEY, DEMO_SITE_ID } from "~/demo/constants";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { useServer } from "../support/server";
import { batch, conversion, getPatches, newId, pageview, postBatch } from "../support/snippet-client";
import { oneDatabaseKind } from "../support/databases";

const SITE = DEMO_SITE_ID;
const DEMO_KEY = DEMO_API_KEY;
const RUNS = Number(process.env.FUZZ_RUNS ?? 60);

// Values built to hit parsers' edges: wrong types, huge and deep values, lookalike fields.
const nasty = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }),
  fc.string({ maxLength: 300 }),
  fc.constantFrom("", "null", "[]", "{}", '{"__proto__":{"x":1}}', "\u0000", "💥".repeat(100), "1e309", "-0", "NaN"),
  fc.record({
    v: fc.oneof(fc.constant(1), fc.jsonValue()),
    site: fc.oneof(fc.constant(SITE), fc.string()),
    vid: fc.oneof(fc.constant("abc"), fc.string()),
    sid: fc.oneof(fc.constant("abc"), fc.string()),
    sent: fc.oneof(fc.double(), fc.integer()),
    events: fc.array(
      fc.record({
        type: fc.constantFrom("pageview", "click", "exposure", "conversion", "keystroke"),
        id: fc.string(),
        ts: fc.oneof(fc.double(), fc.integer()),
        path: fc.string(),
        goal: fc.string(),
        value: fc.oneof(fc.double(), fc.string()),
        test: fc.string(),
        arm: fc.string(),
        msToApply: fc.oneof(fc.integer(), fc.double()),
        msHidden: fc.oneof(fc.integer(), fc.double()),
        el: fc.jsonValue(),
      }, { requiredKeys: [] }),
      { maxLength: 60 },
    ),
  }, { requiredKeys: [] }),
  fc.record({
    site: fc.oneof(fc.constant(SITE), fc.string()),
    event_id: fc.oneof(fc.string(), fc.integer()),
    goal: fc.oneof(fc.string(), fc.constant("signup")),
    value: fc.oneof(fc.double(), fc.string(), fc.constant(null)),
    currency: fc.oneof(fc.constantFrom("USD", "usd", "XXX", ""), fc.string()),
    session: fc.oneof(fc.string(), fc.constant(null)),
  }, { requiredKeys: [] }),
);
const text = nasty.map((v) => (typeof v === "string" ? v : JSON.stringify(v)));
const headerValue = fc.string({ maxLength: 100 }).map((s) => s.replace(/[^\x20-\x7e]/g, ""));

describe("bad input never breaks the server", () => {
  const ctx = useServer(oneDatabaseKind, { SVC_DEMO: "1" });
  const accepted = { body: batch(SITE, newId(), newId(), []), conversionId: `kept-${newId()}` };

  beforeAll(async () => {
    accepted.body = batch(SITE, newId(), newId(), [pageview(), conversion("signup", 5)]);
    expect(await (await postBatch(ctx.server.url, accepted.body)).json()).toMatchObject({ accepted: 2 });
    const res = await fetch(`${ctx.server.url}/api/conversions`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${DEMO_KEY}` },
      body: JSON.stringify({ site: SITE, event_id: accepted.conversionId, goal: "signup", value: 1, currency: "USD" }),
    });
    expect(res.status).toBe(201);
  });

  it("POST /api/events and /api/collect", async () => {
    await fc.assert(
      fc.asyncProperty(text, fc.constantFrom("/api/events", "/api/collect"), headerValue, async (body, path, origin) => {
        const res = await postBatch(ctx.server.url, body, { path, ...(origin && { origin }) });
        await res.arrayBuffer();
        expect(res.status).toBeLessThan(500);
      }),
      { numRuns: RUNS },
    );
  });

  it("POST /api/conversions", async () => {
    await fc.assert(
      fc.asyncProperty(
        text,
        fc.oneof(fc.constant(`Bearer ${DEMO_KEY}`), headerValue, headerValue.map((h) => `Bearer ${h}`)),
        fc.constantFrom("application/json", "text/plain", "application/json; charset=utf-8", ""),
        async (body, authorization, contentType) => {
          const res = await fetch(`${ctx.server.url}/api/conversions`, {
            method: "POST",
            headers: { Authorization: authorization, ...(contentType && { "Content-Type": contentType }) },
            body,
          });
          await res.arrayBuffer();
          expect(res.status).toBeLessThan(500);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it("GET /api/patches and /api/consent with any query string", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(fc.constantFrom("site", "vid", "sid", "url", "x"), fc.oneof(fc.string(), fc.constant(SITE)), { maxKeys: 5 }),
        fc.constantFrom("/api/patches", "/api/consent"),
        async (query, path) => {
          const res = await fetch(`${ctx.server.url}${path}?${new URLSearchParams(query)}`);
          await res.arrayBuffer();
          expect(res.status).toBeLessThan(500);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it("other methods on every endpoint", async () => {
    for (const path of ["/api/events", "/api/collect", "/api/conversions", "/api/patches", "/api/consent", "/healthz", "/snippet.js"]) {
      for (const method of ["PUT", "DELETE", "PATCH"]) {
        const res = await fetch(`${ctx.server.url}${path}`, { method, body: "x" });
        await res.arrayBuffer();
        expect(res.status, `${method} ${path}`).toBeLessThan(500);
      }
    }
  });

  it("still has what it accepted before, and still answers", async () => {
    expect(await (await postBatch(ctx.server.url, accepted.body)).json()).toEqual({ accepted: 0, duplicates: 2, rejected: 0 });
    const res = await fetch(`${ctx.server.url}/api/conversions`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${DEMO_KEY}` },
      body: JSON.stringify({ site: SITE, event_id: accepted.conversionId, goal: "signup", value: 1, currency: "USD" }),
    });
    expect(await res.json()).toMatchObject({ status: "duplicate" });
    expect((await getPatches(ctx.server.url, SITE, newId())).status).toBe(200);
    expect(await (await fetch(`${ctx.server.url}/healthz`)).json()).toMatchObject({ status: "ok" });
  });
});
