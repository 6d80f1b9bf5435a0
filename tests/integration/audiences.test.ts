// Audience rules on the real server: GET /api/patches leaves out every test whose audience the visitor is
// outside of, rule by rule (device from the User-Agent, new or returning, channel, UTM, country from the
// trusted header, the Shopify facts of data-svc-aud), hands the page rules (query, cookie) to the snippet
// in `if`, and the test editor answers bad rules with field errors and stores good ones.
import { describe, expect, it } from "vitest";
import type { PatchesResponse } from "~/wire";
import { readSingleFetch as read } from "../support/admin-route-data";
import { oneDatabase } from "../support/databases";
import { seedShop, seedSite, seedTest } from "../support/seed";
import { useServer } from "../support/server";
import { adminFetch, useShopifyServer } from "../support/shopify";
import { newId } from "../support/snippet-client";

const SITE = "audience-web";
const DESKTOP = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";
const MOBILE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";
const TABLET = "Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";

/** One test per rule (and one with two rules, and one for everyone), by id. */
const AUDIENCES: Record<string, unknown[]> = {
  "aud-everyone": [],
  "aud-mobile": [{ kind: "device", values: ["mobile"] }],
  "aud-tablet": [{ kind: "device", values: ["tablet"] }],
  "aud-new": [{ kind: "visitor", values: ["new"] }],
  "aud-returning": [{ kind: "visitor", values: ["returning"] }],
  "aud-social": [{ kind: "channel", values: ["social"] }],
  "aud-referral": [{ kind: "channel", values: ["referral"] }],
  "aud-newsletter": [{ kind: "utm", name: "source", values: ["newsletter"] }],
  "aud-de": [{ kind: "country", values: ["DE"] }],
  "aud-europe": [{ kind: "market", values: ["europe"] }],
  "aud-german": [{ kind: "language", values: ["de"] }],
  "aud-eur": [{ kind: "currency", values: ["EUR"] }],
  "aud-customer": [{ kind: "customer", values: ["logged-in"] }],
  "aud-guest": [{ kind: "customer", values: ["guest"] }],
  "aud-promo": [{ kind: "query", name: "promo", values: ["summer"] }],
  "aud-vip": [{ kind: "cookie", name: "vip", values: [] }],
  "aud-mobile-newsletter": [{ kind: "device", values: ["mobile"] }, { kind: "utm", name: "source", values: ["newsletter"] }],
  // A rule this version does not know (a newer version's, a hand-edited row): served to no one, never to everyone.
  "aud-unreadable": [{ kind: "weather", values: ["sunny"] }],
};

describe.each(oneDatabase)("audience rules on GET /api/patches (%s)", (kind) => {
  const ctx = useServer(kind, { SVC_DEMO: "1", SVC_COUNTRY_HEADER: "cf-ipcountry" }, {
    seed: async (sql) => {
      await seedShop(sql, { domain: "svc-audience.myshopify.com" });
      await seedSite(sql, { shop: "svc-audience.myshopify.com", id: SITE });
      for (const [id, audience] of Object.entries(AUDIENCES)) {
        await seedTest(sql, { id, site: SITE, status: "running", pages: ["/"], audience, arms: [{}, { patches: [{ op: "text", sel: "h1", value: id }] }] });
      }
    },
  });

  /** The tests served for these landing facts (the query after site, vid, sid) and request headers. */
  async function served(facts: Record<string, string>, headers: Record<string, string> = {}) {
    const query = new URLSearchParams({ site: SITE, vid: newId(), sid: newId(), ...facts });
    const res = await fetch(`${ctx.server.url}/api/patches?${query}`, { headers: { "User-Agent": DESKTOP, ...headers } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as PatchesResponse;
    return { ids: body.tests.map((t) => t.test).sort(), tests: body.tests };
  }
  // What every visitor gets whatever they are: everyone's test, and the page-rule tests (the snippet decides those).
  const always = ["aud-everyone", "aud-promo", "aud-vip"];
  const plus = (...ids: string[]) => [...always, ...ids].sort();

  it("serves a desktop visitor from nowhere known only the tests without a server-decided rule", async () => {
    expect((await served({ nv: "1", ref: "" })).ids).toEqual(plus("aud-new"));
  });

  it("decides the device from the User-Agent: mobile, tablet, desktop", async () => {
    expect((await served({ nv: "1" }, { "User-Agent": MOBILE })).ids).toEqual(plus("aud-new", "aud-mobile"));
    expect((await served({ nv: "1" }, { "User-Agent": TABLET })).ids).toEqual(plus("aud-new", "aud-tablet"));
  });

  it("tells new from returning visitors by the landing flag, and neither without it", async () => {
    expect((await served({ nv: "0" })).ids).toEqual(plus("aud-returning"));
    expect((await served({})).ids).toEqual(plus());
  });

  it("groups the landing's referrer and UTM into channels, the page's own host being a direct visit", async () => {
    expect((await served({ nv: "0", ref: "t.co" })).ids).toEqual(plus("aud-returning", "aud-social"));
    expect((await served({ nv: "0", ref: "blog.example.org" }, { Origin: "https://shop.example" })).ids).toEqual(plus("aud-returning", "aud-referral"));
    expect((await served({ nv: "0", ref: "shop.example" }, { Origin: "https://shop.example" })).ids).toEqual(plus("aud-returning"));
    expect((await served({ nv: "0", utm_source: "facebook", utm_medium: "cpc" })).ids).toEqual(plus("aud-returning", "aud-social"));
  });

  it("reads the landing's utm_source, in any case, and combines rules with AND", async () => {
    // A newsletter link's landing is the email channel: neither social nor referral.
    expect((await served({ nv: "0", utm_source: "Newsletter" })).ids).toEqual(plus("aud-returning", "aud-newsletter"));
    expect((await served({ nv: "0", utm_source: "newsletter" }, { "User-Agent": MOBILE })).ids).toEqual(
      plus("aud-returning", "aud-newsletter", "aud-mobile", "aud-mobile-newsletter"),
    );
  });

  it("reads the country from the trusted header, as consent does", async () => {
    expect((await served({ nv: "0" }, { "cf-ipcountry": "DE" })).ids).toEqual(plus("aud-returning", "aud-de"));
    expect((await served({ nv: "0" }, { "cf-ipcountry": "AT" })).ids).toEqual(plus("aud-returning"));
  });

  it("reads the Shopify market, language, currency and customer the embed prints", async () => {
    expect((await served({ nv: "0", a: "europe|de-DE|EUR|1" })).ids).toEqual(plus("aud-returning", "aud-europe", "aud-german", "aud-eur", "aud-customer"));
    expect((await served({ nv: "0", a: "us|en|USD|0" })).ids).toEqual(plus("aud-returning", "aud-guest"));
    // Malformed parts are unknown, and an unknown customer is neither logged in nor a guest.
    expect((await served({ nv: "0", a: "<b>|x y|dollars|maybe" })).ids).toEqual(plus("aud-returning"));
  });

  it("hands the query and cookie rules to the snippet as page conditions", async () => {
    const { tests } = await served({ nv: "1" });
    expect(tests.find((t) => t.test === "aud-promo")?.if).toEqual([["?promo=summer&", "&promo=summer&"]]);
    expect(tests.find((t) => t.test === "aud-vip")?.if).toEqual([["; vip="]]);
    expect(tests.find((t) => t.test === "aud-everyone")).not.toHaveProperty("if");
  });

  it("serves a test whose stored audience it cannot read to no one", async () => {
    for (const ua of [DESKTOP, MOBILE]) expect((await served({ nv: "0", a: "europe|de|EUR|1" }, { "User-Agent": ua })).ids).not.toContain("aud-unreadable");
  });

  it("never fails on what the snippet sends: odd facts are unknown", async () => {
    const odd: Record<string, string>[] = [{ nv: "x".repeat(3000) }, { ref: "%00" }, { utm_source: "a".repeat(5000) }, { a: "|".repeat(1000) }];
    for (const facts of odd) {
      const res = await fetch(`${ctx.server.url}/api/patches?${new URLSearchParams({ site: SITE, vid: newId(), sid: newId(), ...facts })}`);
      expect(res.status).toBe(200);
    }
  });
});

// The test editor's audience card as the server sees it: the posted definition's rules.
const SHOP = "svc-audience-editor.myshopify.com";
const NEW = "/app/tests/new.data";

function definition(siteId: string, audience: unknown) {
  return {
    siteId,
    name: "Mobile newsletter readers",
    hypothesis: "",
    pages: [{ kind: "exact", value: "/" }],
    trafficPercent: "100",
    minDetectableEffect: "10",
    arms: [
      { name: "Control", weight: "1", change: "none", patches: [], redirectUrl: "", template: "" },
      {
        name: "Short",
        weight: "1",
        change: "patches",
        patches: [{ op: "text", sel: "h1", value: "Hats", name: "", removeAttribute: false, add: "", remove: "", declarations: "" }],
        redirectUrl: "",
        template: "",
      },
    ],
    goals: [{ kind: "purchase", label: "purchase", selector: "", page: { kind: "exact", value: "" }, primary: true }],
    audience,
  };
}

describe.each(oneDatabase)("audience rules in the test editor (%s)", (kind) => {
  const ctx = useShopifyServer(kind);
  const post = (path: string, fields: Record<string, string>) => adminFetch(ctx.server.url, SHOP, path, { method: "POST", body: new URLSearchParams(fields) });

  async function siteId(): Promise<string> {
    const res = await adminFetch(ctx.server.url, SHOP, `/app/tests/new.data?_routes=${encodeURIComponent("routes/app.tests.new")}`);
    expect(res.status).toBe(200);
    const body = (await read(res)) as Record<string, { data?: { sites: Array<{ id: string }> } }>;
    return body["routes/app.tests.new"]!.data!.sites[0]!.id;
  }

  it("answers bad rules with field errors beside each, and writes nothing", async () => {
    const site = await siteId();
    const res = await post(NEW, {
      definition: JSON.stringify(
        definition(site, [
          { kind: "device", name: "", values: "phone" },
          { kind: "utm", name: "term", values: "x" },
          { kind: "cookie", name: "a b", values: "" },
          { kind: "country", name: "", values: "Germany" },
          { kind: "query", name: "", values: "" },
          { kind: "teleport", name: "", values: "" },
          { kind: "channel", name: "", values: "tv" },
        ]),
      ),
    });
    expect(res.status).toBe(400);
    const body = (await read(res)) as { data?: { ok: boolean; errors: Record<string, string> } };
    expect(body.data?.ok).toBe(false);
    expect(body.data?.errors).toEqual({
      "audience.0.values": '"phone" is not one of: mobile, tablet, desktop',
      "audience.1.name": "Choose utm_source, utm_medium or utm_campaign",
      "audience.2.name": "Name the cookie (letters, digits and !#$%&'*+-.^_`|~)",
      "audience.3.values": '"GERMANY" is not: a two-letter country code (US, DE, …)',
      "audience.4.name": "Name the query parameter",
      "audience.5.kind": "Choose what the rule reads",
      "audience.6.values": '"tv" is not one of: direct, organic-search, paid-search, social, email, referral',
    });
    const count = await ctx.sql(async (sql) => (await sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM "Test" WHERE name = 'Mobile newsletter readers'`))[0]!.n);
    expect(count).toBe(0);
  });

  it("stores good rules, gives them back to the form, and serves the started test to its audience only", async () => {
    const site = await siteId();
    const audience = [
      { kind: "device", name: "", values: "mobile" },
      { kind: "utm", name: "source", values: "newsletter" },
    ];
    const created = await post(NEW, { definition: JSON.stringify(definition(site, audience)) });
    const body = (await read(created)) as { data?: { ok: boolean; id: string } };
    expect(body.data?.ok).toBe(true);
    const id = body.data!.id;
    const stored = await ctx.sql(async (sql) => (await sql.query<{ audience: unknown }>(`SELECT audience FROM "Test" WHERE id = $1`, [id]))[0]!.audience);
    expect(stored).toEqual([{ kind: "device", values: ["mobile"] }, { kind: "utm", name: "source", values: ["newsletter"] }]);
    const edit = await adminFetch(ctx.server.url, SHOP, `/app/tests/${id}/edit.data?_routes=${encodeURIComponent("routes/app.tests.$testId_.edit")}`);
    const loaded = (await read(edit)) as Record<string, { data?: { values: { audience: unknown } } }>;
    expect(loaded["routes/app.tests.$testId_.edit"]?.data?.values.audience).toEqual(audience);

    // The tests list says who the test is for, at a glance.
    const list = await (await adminFetch(ctx.server.url, SHOP, "/app")).text();
    // React separates the label and its value with an empty comment.
    expect(list).toMatch(/Audience: (<!-- -->)?On a mobile device \(from the browser(&#x27;|')s User-Agent\); and Landed this session with utm_source = newsletter/);

    expect((await post(`/app/tests/${id}.data`, { intent: "start" })).status).toBe(200);
    const served = async (ua: string, facts: Record<string, string>) => {
      const query = new URLSearchParams({ site, vid: newId(), sid: newId(), ...facts });
      const res = await fetch(`${ctx.server.url}/api/patches?${query}`, { headers: { "User-Agent": ua } });
      return ((await res.json()) as PatchesResponse).tests.some((t) => t.test === id);
    };
    expect(await served(MOBILE, { nv: "1", ref: "", utm_source: "newsletter" })).toBe(true);
    expect(await served(DESKTOP, { nv: "1", ref: "", utm_source: "newsletter" })).toBe(false);
    expect(await served(MOBILE, { nv: "1", ref: "" })).toBe(false);
  });
});
