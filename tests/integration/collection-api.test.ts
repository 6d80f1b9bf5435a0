// The snippet's endpoints and the server-side conversions endpoint over HTTP against the real server.
import { consentPrompt } from "~/domain/consent/prompt-text";
import { DEMO_API_KEY, DEMO_ARM_IDS, DEMO_SITE_ID, DEMO_TEST_ID } from "~/demo/constants";
import { describe, expect, it } from "vitest";
import pg from "pg";
import type { PatchesResponse } from "~/wire";
import { databaseKinds } from "../support/databases";
import { useServer } from "../support/server";
import { batch, conversion, exposure, getPatches, newId, pageview, postBatch } from "../support/snippet-client";

const SITE = DEMO_SITE_ID;
const TEST = DEMO_TEST_ID;
const ARMS: readonly string[] = DEMO_ARM_IDS;
const DEMO_KEY = DEMO_API_KEY;

async function armOf(url: string, vid: string): Promise<string> {
  const body = (await (await getPatches(url, SITE, vid)).json()) as PatchesResponse;
  const arm = body.tests.find((t) => t.test === TEST)?.arm;
  if (!arm) throw new Error(`visitor ${vid} has no arm: ${JSON.stringify(body)}`);
  return arm;
}

function postConversion(url: string, body: unknown, key: string | null = DEMO_KEY, contentType = "application/json") {
  return fetch(`${url}/api/conversions`, {
    method: "POST",
    headers: { "Content-Type": contentType, ...(key && { Authorization: `Bearer ${key}` }) },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

describe.each(databaseKinds)("collection API on %s", (kind) => {
  const ctx = useServer(kind, { SVC_DEMO: "1", SVC_COUNTRY_HEADER: "cf-ipcountry" });

  describe("GET /snippet.js", () => {
    it("serves the build as JavaScript, compressed, revalidated by ETag", async () => {
      const res = await fetch(`${ctx.server.url}/snippet.js`, { headers: { "Accept-Encoding": "gzip" } });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^text\/javascript/);
      expect(res.headers.get("content-encoding")).toBe("gzip");
      expect(res.headers.get("cache-control")).toMatch(/max-age=300/);
      expect((await res.text()).length).toBeGreaterThan(1000);
      const etag = res.headers.get("etag");
      expect(etag).toBeTruthy();
      const again = await fetch(`${ctx.server.url}/snippet.js`, { headers: { "If-None-Match": etag ?? "" } });
      expect(again.status).toBe(304);
    });
  });

  describe("GET /api/consent", () => {
    it("requires consent in the EEA, UK and Switzerland, not elsewhere, by the trusted country header", async () => {
      for (const [country, required] of [["DE", true], ["GB", true], ["CH", true], ["US", false], ["JP", false]] as const) {
        const res = await fetch(`${ctx.server.url}/api/consent?site=${SITE}`, { headers: { "cf-ipcountry": country } });
        expect(res.status).toBe(200);
        expect(res.headers.get("access-control-allow-origin")).toBe("*");
        expect(res.headers.get("cache-control")).toMatch(/^private/);
        expect(await res.json()).toEqual(required ? { required, prompt: consentPrompt("en") } : { required });
      }
    });

    it("requires consent when the country is unknown (a loopback address has none)", async () => {
      expect(await (await fetch(`${ctx.server.url}/api/consent?site=${SITE}`)).json()).toEqual({ required: true, prompt: consentPrompt("en") });
    });

    it("answers problems for a missing or unknown Site ID", async () => {
      const missing = await fetch(`${ctx.server.url}/api/consent`);
      expect(missing.status).toBe(400);
      expect(missing.headers.get("content-type")).toContain("application/problem+json");
      expect((await missing.json()).type).toMatch(/invalid-site$/);
      expect((await fetch(`${ctx.server.url}/api/consent?site=nosuchsite`)).status).toBe(404);
    });
  });

  describe("the Site ID format", () => {
    // One rule (app/wire/rules/site-id.ts) for every door: "Shop_A" used to pass /api/patches and fail /api/consent.
    it("is refused the same way by every endpoint that takes one", async () => {
      const bad = "Shop_A";
      const answers = [
        await fetch(`${ctx.server.url}/api/consent?site=${bad}`),
        await getPatches(ctx.server.url, bad, newId()),
        await postBatch(ctx.server.url, batch(bad, newId(), newId(), [pageview()])),
        await postBatch(ctx.server.url, { ...batch(bad, newId(), newId(), [pageview()]), shop: "svc-demo.myshopify.com" }, { path: "/api/collect" }),
        await postConversion(ctx.server.url, { site: bad, event_id: "order-bad-site", goal: "purchase" }),
      ];
      for (const res of answers) {
        expect(res.status).toBe(400);
        expect(res.headers.get("content-type")).toContain("application/problem+json");
        expect(JSON.stringify(await res.json())).toMatch(/invalid-site|Site ID/);
      }
    });
  });

  describe("GET /api/patches", () => {
    it("assigns a visitor deterministically, with the arm's patches and a per-visitor cache policy", async () => {
      const vid = newId();
      const res = await getPatches(ctx.server.url, SITE, vid);
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe("no-store");
      const body = (await res.json()) as PatchesResponse;
      expect(body.ttl).toBeGreaterThan(0);
      expect(body.tests).toHaveLength(1);
      const [assignment] = body.tests;
      expect(ARMS).toContain(assignment?.arm);
      expect(assignment?.pages).toEqual(["/demo"]);
      expect(assignment?.when).toBe("#headline");
      if (assignment?.arm === ARMS[1]) expect(assignment?.patches?.[0]).toMatchObject({ op: "text", sel: "#headline" });
      else expect(assignment?.patches).toBeUndefined();
      expect(await armOf(ctx.server.url, vid)).toBe(assignment?.arm);
    });

    it("splits visitors over both arms about evenly", async () => {
      const arms = await Promise.all(Array.from({ length: 40 }, () => armOf(ctx.server.url, newId())));
      const b = arms.filter((a) => a === ARMS[1]).length;
      expect(b).toBeGreaterThan(5);
      expect(b).toBeLessThan(35);
    });

    it("answers an unknown site with no tests, and a malformed query with 400", async () => {
      expect(await (await getPatches(ctx.server.url, "nosuchsite", newId())).json()).toMatchObject({ tests: [] });
      expect((await getPatches(ctx.server.url, SITE, "bad vid!")).status).toBe(400);
    });
  });

  describe("POST /api/events", () => {
    it("accepts a batch once, counts a resend as duplicates, and refuses exposures to arms not assigned", async () => {
      const vid = newId();
      const sid = newId();
      const arm = await armOf(ctx.server.url, vid);
      const wrongArm = ARMS.find((a) => a !== arm) as string;
      const body = batch(SITE, vid, sid, [pageview(), exposure(TEST, arm), exposure(TEST, wrongArm), conversion("signup")]);
      const first = await postBatch(ctx.server.url, body);
      expect(first.status).toBe(200);
      expect(first.headers.get("access-control-allow-origin")).toBe("*");
      expect(await first.json()).toEqual({ accepted: 3, duplicates: 0, rejected: 1 });
      const again = await postBatch(ctx.server.url, body);
      expect(await again.json()).toEqual({ accepted: 0, duplicates: 3, rejected: 1 });
    });

    it("refuses malformed, oversized and unknown-site batches with problem details", async () => {
      const vid = newId();
      const cases: Array<[string | object, number, string]> = [
        ["{not json", 400, "invalid-batch"],
        [{ ...batch(SITE, vid, newId(), [pageview()]), extra: "typed text" }, 400, "invalid-batch"],
        [batch(SITE, vid, newId(), Array.from({ length: 51 }, () => pageview())), 400, "invalid-batch"],
        [batch("nosuchsite", vid, newId(), [pageview()]), 404, "unknown-site"],
        ["x".repeat(70_000), 413, "body-too-large"],
      ];
      for (const [body, status, type] of cases) {
        const res = await postBatch(ctx.server.url, body);
        expect(res.status, type).toBe(status);
        expect(res.headers.get("content-type")).toContain("application/problem+json");
        expect((await res.json()).type).toMatch(new RegExp(`${type}$`));
      }
    });

    it("refuses events from an origin the site does not allow", async () => {
      const res = await postBatch(ctx.server.url, batch(SITE, newId(), newId(), [pageview()]), { origin: "https://evil.example" });
      expect(res.status).toBe(403);
    });

    it("answers a CORS preflight", async () => {
      const res = await fetch(`${ctx.server.url}/api/events`, { method: "OPTIONS" });
      expect(res.status).toBe(204);
      expect(res.headers.get("access-control-allow-methods")).toContain("POST");
    });

    it("throttles one visitor with 429 and Retry-After", async () => {
      const vid = newId();
      const statuses: number[] = [];
      let retryAfter: string | null = null;
      for (let i = 0; i < 70; i++) {
        const res = await getPatches(ctx.server.url, SITE, vid);
        statuses.push(res.status);
        if (res.status === 429) retryAfter = res.headers.get("retry-after");
        await res.arrayBuffer();
      }
      expect(statuses.slice(0, 50).every((s) => s === 200)).toBe(true);
      expect(statuses).toContain(429);
      expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
      // Another visitor of the same site is not affected.
      expect((await getPatches(ctx.server.url, SITE, newId())).status).toBe(200);
    });
  });

  describe("POST /api/conversions", () => {
    it("attributes a conversion to the arm its session was exposed to, and dedupes on event_id", async () => {
      const vid = newId();
      const sid = newId();
      const arm = await armOf(ctx.server.url, vid);
      await postBatch(ctx.server.url, batch(SITE, vid, sid, [exposure(TEST, arm)]));
      const body = { site: SITE, event_id: `order-${newId()}`, goal: "signup", value: 25.5, currency: "USD", session: sid };
      const created = await postConversion(ctx.server.url, body);
      expect(created.status).toBe(201);
      expect(await created.json()).toEqual({ status: "created", event_id: body.event_id, attributed: [{ test: TEST, arm }] });
      const duplicate = await postConversion(ctx.server.url, body);
      expect(duplicate.status).toBe(200);
      expect(await duplicate.json()).toMatchObject({ status: "duplicate", event_id: body.event_id });
    });

    it("counts a conversion without a session, unattributed", async () => {
      const res = await postConversion(ctx.server.url, { site: SITE, event_id: newId(), goal: "signup" });
      expect(res.status).toBe(201);
      expect(await res.json()).toMatchObject({ status: "created", attributed: [] });
    });

    it("refuses missing, wrong and cross-site keys", async () => {
      const body = { site: SITE, event_id: newId(), goal: "signup" };
      const none = await postConversion(ctx.server.url, body, null);
      expect(none.status).toBe(401);
      expect(none.headers.get("www-authenticate")).toMatch(/^Bearer/);
      expect((await postConversion(ctx.server.url, body, "svc_sk_" + "a".repeat(32))).status).toBe(401);
      const crossSite = await postConversion(ctx.server.url, { ...body, site: "another-site" });
      expect(crossSite.status).toBe(403);
      expect((await crossSite.json()).type).toMatch(/key-site-mismatch$/);
    });

    it("validates the body: currency, value, fields, media type", async () => {
      const base = { site: SITE, event_id: newId(), goal: "signup" };
      for (const body of [
        { ...base, value: 10, currency: "usd" },
        { ...base, value: 10, currency: "ZZZ" },
        { ...base, value: "10" },
        { ...base, currency: "USD" },
        { ...base, extra: 1 },
        { site: SITE, goal: "signup" },
        "[1,2",
      ]) {
        const res = await postConversion(ctx.server.url, body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect((await res.json()).type).toMatch(/invalid-conversion$/);
      }
      expect((await postConversion(ctx.server.url, base, DEMO_KEY, "text/plain")).status).toBe(415);
    });
  });

  it.runIf(kind === "postgres")("keeps rollups that match the raw events", async () => {
    const vid = newId();
    const sid = newId();
    const arm = await armOf(ctx.server.url, vid);
    // Made in this order so that both conversions come after the exposure (attribution needs that).
    const events = [exposure(TEST, arm), conversion("purchase", 30), conversion("purchase", 10)];
    await postBatch(ctx.server.url, batch(SITE, vid, sid, events));
    const client = new pg.Client({ connectionString: ctx.db.env.DATABASE_URL });
    await client.connect();
    try {
      const { rows } = await client.query(
        `SELECT goal, sum(conversions)::int AS conversions, sum("convertingVisitors")::int AS converting,
                sum(revenue)::float AS revenue, sum("revenueSquares")::float AS squares
           FROM "DailyRollup" WHERE "testId" = $1 AND "armId" = $2 AND goal = 'purchase' GROUP BY goal`,
        [TEST, arm],
      );
      // Compare with what the raw tables say, computed independently in SQL.
      const raw = await client.query(
        `SELECT count(*)::int AS conversions, count(DISTINCT c."visitorId")::int AS converting, sum(c.value)::float AS revenue
           FROM "Conversion" c JOIN "ConversionAttribution" a USING ("siteId", "eventId")
          WHERE a."testId" = $1 AND a."armId" = $2 AND c.goal = 'purchase'`,
        [TEST, arm],
      );
      const squares = await client.query(
        `SELECT sum(v * v)::float AS squares FROM (
           SELECT sum(c.value) AS v FROM "Conversion" c JOIN "ConversionAttribution" a USING ("siteId", "eventId")
            WHERE a."testId" = $1 AND a."armId" = $2 AND c.goal = 'purchase' GROUP BY c."visitorId") t`,
        [TEST, arm],
      );
      expect(rows[0]).toEqual({ goal: "purchase", ...raw.rows[0], squares: squares.rows[0].squares });
      expect(raw.rows[0].revenue).toBeGreaterThanOrEqual(40);
    } finally {
      await client.end();
    }
  });
});

// Exposure misuse (issue 20, row 1): tests/integration/exposure-misuse.test.ts.
