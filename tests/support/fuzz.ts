// A seeded, bounded fuzzer of every public route, over real HTTP on loopback: random and hostile requests
// (and raw malformed HTTP on a bare socket), answered or not, counted by route and status.
import { createHmac, randomUUID } from "node:crypto";
import net from "node:net";

export interface FuzzTarget {
  baseUrl: string;
  /** A site the server serves, and its shop (webhooks for it only touch orders). */
  siteId: string;
  shop: string;
  /** The app's secret: a share of webhooks is signed with it, so the route's own checks run. */
  secret: string;
  /** A valid site API key for /api/conversions. */
  apiKey: string;
  /** A running test and one of its arms, so some exposures name real ones. */
  testId: string;
  armId: string;
  /** A Shopify storefront site of `shop`: clean purchases sent to it meet the browser doors' refusal. */
  shopifySiteId?: string;
}

export interface FuzzOptions {
  seed: number;
  requests: number;
  concurrency?: number;
}

export interface RouteCount {
  requests: number;
  /** Responses by status class ("2xx", "4xx", "5xx", "none": the connection closed without one). */
  classes: Record<string, number>;
}

export interface FuzzReport {
  seed: number;
  requests: number;
  seconds: number;
  byRoute: Record<string, RouteCount>;
  /** Problem documents answered, by their `type` (the refusals reached, not only their status class). */
  problemTypes: Record<string, number>;
  /** Every answer ≥ 500 (and what was sent), the first 20. */
  serverErrors: Array<{ route: string; status: number; sent: string }>;
  serverErrorCount: number;
}

/** mulberry32: small, fast, and the same sequence for the same seed on every machine. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)] as T;
  return { next, int, pick, chance: (p: number) => next() < p };
}
type Rng = ReturnType<typeof prng>;

// Strings built to hit parsers' edges.
const NASTY = [
  "", " ", "null", "[]", "{}", "\u0000", "a\u0000b", "\ud800", "x\udfffy", "💥".repeat(200), "%ZZ", "%00", "%ED%A0%80",
  "../../etc/passwd", "<script>alert(1)</script>", "javascript:alert(1)", "=1+2", "x;=1+2;y", "'\";--", "1e309", "-0", "NaN",
  "__proto__", "constructor", "a".repeat(5000), "é".repeat(3000), "\r\nX-Injected: 1", "*", "html", "body > *",
];

function nastyString(r: Rng): string {
  if (r.chance(0.5)) return r.pick(NASTY);
  const length = r.pick([1, 8, 64, 300, 2000]);
  let s = "";
  for (let i = 0; i < length; i++) s += String.fromCharCode(r.chance(0.9) ? 32 + r.int(95) : r.int(0x10000));
  return s;
}

function nastyValue(r: Rng, depth = 0): unknown {
  switch (r.int(depth > 2 ? 5 : 7)) {
    case 0: return nastyString(r);
    case 1: return r.pick([0, -1, 1.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 2 ** 31]);
    case 2: return r.pick([true, false, null]);
    case 3: return r.int(1_000_000_000);
    case 4: return r.pick(["USD", "usd", "XXX", "", "EUR"]);
    case 5: return Array.from({ length: r.int(6) }, () => nastyValue(r, depth + 1));
    default: return Object.fromEntries(Array.from({ length: r.int(6) }, () => [nastyString(r).slice(0, 20), nastyValue(r, depth + 1)]));
  }
}

/** encodeURIComponent, which throws on a lone surrogate: those go as the replacement character (raw %ED%A0%80 is in NASTY). */
const enc = (value: unknown): string =>
  encodeURIComponent(String(value).replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, "\ufffd"));

/** A valid value most of the time, so that requests reach the code behind the first check. */
const mostly = <T>(r: Rng, valid: T): unknown => (r.chance(0.7) ? valid : nastyValue(r));

function event(r: Rng, t: FuzzTarget): Record<string, unknown> {
  const type = r.pick(["pageview", "click", "exposure", "conversion", "submit", "checkout", "keystroke"]);
  const base: Record<string, unknown> = { type, id: mostly(r, randomUUID()), ts: mostly(r, Date.now() - r.int(86_400_000)), path: mostly(r, "/demo") };
  if (type === "exposure") Object.assign(base, { test: mostly(r, t.testId), arm: mostly(r, r.chance(0.5) ? t.armId : nastyString(r)), msToApply: mostly(r, 5), msHidden: mostly(r, 3) });
  if (type === "conversion") Object.assign(base, { goal: mostly(r, r.chance(0.3) ? nastyString(r) : "signup"), value: mostly(r, 12.5), currency: mostly(r, "USD") });
  if (type === "click") Object.assign(base, { el: mostly(r, { tag: "a", id: "buy", text: nastyString(r), href: mostly(r, "https://x.test/") }) });
  if (type === "checkout") Object.assign(base, { order: mostly(r, String(r.int(1e9))), checkout: mostly(r, randomUUID()) });
  if (r.chance(0.1)) base[nastyString(r).slice(0, 10)] = nastyValue(r);
  return base;
}

/**
 * A well-formed batch a stranger would send to count money: purchases with any value on the Shopify site
 * (refused: its purchases are signed orders), or on the web site beside exposures to the real test.
 */
function forgedMoneyBatch(r: Rng, t: FuzzTarget): string {
  const shopify = t.shopifySiteId !== undefined && r.chance(0.5);
  const at = { id: randomUUID(), ts: Date.now(), path: "/demo" };
  const events = [
    { ...at, type: "conversion", goal: r.pick(["purchase", "purchase", "signup"]), value: r.pick([1, 1_000, 1e12]) },
    ...(r.chance(0.5) ? [{ ...at, id: randomUUID(), type: "exposure", test: t.testId, arm: t.armId, msToApply: 5, msHidden: r.pick([0, 600_000]) }] : []),
  ];
  const site = shopify ? t.shopifySiteId : t.siteId;
  return JSON.stringify({ v: 1, site, vid: randomUUID(), sid: randomUUID(), sent: Date.now(), events, ...(shopify && { shop: t.shop }) });
}

function batchBody(r: Rng, t: FuzzTarget): string {
  if (r.chance(0.15)) return forgedMoneyBatch(r, t);
  if (r.chance(0.1)) return nastyString(r);
  if (r.chance(0.05)) return JSON.stringify(nastyValue(r));
  const events = Array.from({ length: r.pick([0, 1, 3, 10, 50, 51, 200]) }, () => event(r, t));
  const body = { v: mostly(r, 1), site: mostly(r, t.siteId), vid: mostly(r, randomUUID()), sid: mostly(r, randomUUID()), sent: mostly(r, Date.now()), events, ...(r.chance(0.2) && { shop: mostly(r, t.shop) }) };
  return JSON.stringify(body);
}

const WEBHOOK_TOPICS = ["orders/paid", "orders/cancelled", "refunds/create", "app/uninstalled", "app/scopes_update", "customers/data_request", "customers/redact", "shop/redact"];
/** Topics that must never be signed for the target's own shop: they would end what the fuzz is probing. */
const ENDING_TOPICS = new Set(["app/uninstalled", "shop/redact", "customers/redact"]);

interface Sent {
  route: string;
  request?: { path: string; init: RequestInit };
  raw?: string;
}

function request(r: Rng, t: FuzzTarget): Sent {
  const q = (pairs: Record<string, unknown>) =>
    Object.entries(pairs)
      .filter(() => r.chance(0.85))
      .map(([k, v]) => `${k}=${r.chance(0.2) ? String(v) : enc(v)}`)
      .join("&");
  const method = (normal: string) => (r.chance(0.08) ? r.pick(["GET", "POST", "PUT", "DELETE", "OPTIONS", "HEAD", "PATCH"]) : normal);
  const contentType = () => r.pick(["application/json", "text/plain;charset=UTF-8", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "", nastyString(r).replace(/[^\x20-\x7e]/g, "")]);
  const headers = (extra: Record<string, string> = {}) => {
    const h: Record<string, string> = { ...extra };
    if (r.chance(0.5)) h["Content-Type"] = contentType();
    if (r.chance(0.2)) h.Origin = r.pick(["https://evil.test", "null", "http://127.0.0.1", nastyString(r).replace(/[^\x20-\x7e]/g, "")]);
    if (r.chance(0.1)) h["X-Forwarded-For"] = r.pick(["1.2.3.4", "::1, 10.0.0.1", nastyString(r).replace(/[^\x20-\x7e]/g, "")]);
    if (r.chance(0.1)) h["Accept-Encoding"] = r.pick(["br", "gzip;q=0", "*", "identity;q=0, *;q=0"]);
    return h;
  };
  const kind = r.int(14);
  switch (kind) {
    case 0:
      return { route: "GET /api/patches", request: { path: `/api/patches?${q({ site: mostly(r, t.siteId), vid: mostly(r, randomUUID()), sid: mostly(r, randomUUID()), url: mostly(r, "http://shop.test/demo"), preview: nastyString(r) })}`, init: { method: method("GET"), headers: headers() } } };
    case 1:
      return { route: "GET /api/consent", request: { path: `/api/consent?${q({ site: mostly(r, t.siteId), lang: mostly(r, "de") })}`, init: { method: method("GET"), headers: headers() } } };
    case 2:
      return { route: "GET /snippet.js", request: { path: r.chance(0.8) ? "/snippet.js" : `/snippet.js?${q({ v: nastyString(r) })}`, init: { method: method("GET"), headers: headers() } } };
    case 3:
    case 4: {
      const path = r.chance(0.7) ? "/api/events" : "/api/collect";
      return { route: `POST ${path}`, request: { path, init: { method: method("POST"), headers: headers(), body: batchBody(r, t) } } };
    }
    case 5: {
      const body = r.chance(0.8) ? JSON.stringify({ site: mostly(r, t.siteId), event_id: mostly(r, randomUUID()), goal: mostly(r, "signup"), value: mostly(r, 10), currency: mostly(r, "USD"), session: mostly(r, null) }) : nastyString(r);
      const auth = r.chance(0.7) ? `Bearer ${t.apiKey}` : r.pick(["", "Bearer", `Bearer ${nastyString(r).replace(/[^\x20-\x7e]/g, "")}`, "Basic x"]);
      return { route: "POST /api/conversions", request: { path: "/api/conversions", init: { method: method("POST"), headers: { ...headers({ "Content-Type": "application/json" }), Authorization: auth }, body } } };
    }
    case 6: {
      const topic = r.pick(WEBHOOK_TOPICS);
      const ownShop = r.chance(0.5) && !ENDING_TOPICS.has(topic);
      const shop = ownShop ? t.shop : r.pick([`fuzz-${r.int(1000)}.myshopify.com`, "not a shop", "", "x.myshopify.com.evil.test", nastyString(r).replace(/[^\x20-\x7e]/g, "")]);
      const payload = r.chance(0.3) ? { id: mostly(r, r.int(1e9)), total_price: mostly(r, "20.00"), currency: mostly(r, "USD"), note_attributes: mostly(r, [{ name: "_svc_sid", value: randomUUID() }]), order_id: mostly(r, r.int(1e9)) } : nastyValue(r);
      const body = r.chance(0.05) ? nastyString(r) : JSON.stringify(payload);
      const signed = r.chance(0.7);
      const h: Record<string, string> = {
        "Content-Type": "application/json",
        "X-Shopify-Topic": topic,
        "X-Shopify-Shop-Domain": shop,
        "X-Shopify-Hmac-Sha256": signed ? createHmac("sha256", t.secret).update(body).digest("base64") : nastyString(r).replace(/[^\x20-\x7e]/g, ""),
        "X-Shopify-Webhook-Id": r.chance(0.8) ? randomUUID() : nastyString(r).replace(/[^\x20-\x7e]/g, ""),
        "X-Shopify-Triggered-At": r.chance(0.8) ? new Date(Date.now() - r.int(600_000)).toISOString() : r.pick(["2001-01-01T00:00:00Z", "yesterday", ""]),
        "X-Shopify-API-Version": "2026-07",
      };
      if (r.chance(0.1)) delete h[r.pick(Object.keys(h))];
      return { route: `POST /webhooks/${topic}`, request: { path: `/webhooks/${topic}`, init: { method: method("POST"), headers: h, body } } };
    }
    case 7: {
      const id = r.pick([t.testId, "%ZZ", "%E0%A4%A", nastyString(r).slice(0, 40), "..%2F..%2F", "x".repeat(3000)]);
      const encoded = r.chance(0.5) ? enc(id) : id.replace(/[\s#?]/g, "");
      const path = r.pick([`/app/tests/${encoded}`, `/app/tests/${encoded}/edit`, `/app/tests/${encoded}/preview`, `/app/tests/${encoded}/export.csv`, `/app/sites/${encoded}`, `/app/tests/${encoded}/editor`, `/app/tests/${encoded}/check`]);
      const post = r.chance(0.4);
      const body = post ? (r.chance(0.5) ? new URLSearchParams({ intent: r.pick(["start", "pause", "resume", "complete", "archive", "save", nastyString(r)]), definition: JSON.stringify(nastyValue(r)) }).toString() : nastyString(r)) : undefined;
      return { route: post ? "POST /app/tests|sites/:id" : "GET /app/tests|sites/:id", request: { path, init: { method: post ? "POST" : method("GET"), headers: headers({ "Content-Type": "application/x-www-form-urlencoded" }), body } } };
    }
    case 8: {
      const path = r.pick(["/app", "/app/tests/new", "/app/sites", "/app/sites/new", "/app/settings", "/app?filter=%ZZ", `/app?${q({ status: nastyString(r) })}`]);
      const post = r.chance(0.5) && path !== "/app";
      const body = post ? new URLSearchParams(Object.fromEntries(Array.from({ length: r.int(6) }, () => [r.pick(["definition", "name", "domain", "origins", "email", "retentionDays", "intent", "consentCountries", nastyString(r).slice(0, 10)]), r.chance(0.5) ? JSON.stringify(nastyValue(r)) : nastyString(r)]))).toString() : undefined;
      return { route: `${post ? "POST" : "GET"} /app/*`, request: { path, init: { method: post ? "POST" : "GET", headers: headers({ "Content-Type": "application/x-www-form-urlencoded" }), body } } };
    }
    case 9: {
      const token = r.pick(["", nastyString(r), "a.b.c", "x".repeat(4000)]);
      const which = r.int(4);
      if (which === 3) return { route: "POST /api/editor/check", request: { path: `/api/editor/check?token=${enc(token)}`, init: { method: method("POST"), headers: headers({ "Content-Type": "application/json" }), body: JSON.stringify(nastyValue(r)) } } };
      if (which === 0) return { route: "GET /editor.js", request: { path: `/editor.js?token=${enc(token)}`, init: { method: method("GET"), headers: headers() } } };
      if (which === 1) return { route: "GET /api/editor/session", request: { path: `/api/editor/session?token=${enc(token)}`, init: { method: method("GET"), headers: headers() } } };
      return { route: "PUT /api/editor/patches", request: { path: `/api/editor/patches?token=${enc(token)}`, init: { method: method("PUT"), headers: headers({ "Content-Type": "application/json" }), body: JSON.stringify(nastyValue(r)) } } };
    }
    case 10: {
      const path = r.pick(["/healthz", "/", "/auth/login", `/auth/${enc(nastyString(r).slice(0, 30))}`, "/%ZZ", "/demo", "/demo/shopify", "/cart.js", "/cart/add.js", "/demo/shopify/checkout", `/${nastyString(r).replace(/[\s#?%]/g, "").slice(0, 200)}`, "/api/patches/", "/API/PATCHES", "//api/events"]);
      const m = r.pick(["GET", "GET", "POST", "HEAD", "OPTIONS", "DELETE"]);
      return { route: "misc", request: { path, init: { method: m, headers: headers(), body: m === "GET" || m === "HEAD" ? undefined : nastyString(r) } } };
    }
    case 11: {
      const pathname = r.pick(["/demo", "/", "/demo/", "", "demo", "/%ZZ", "/a?b#c", `/${"x".repeat(r.pick([1023, 1024, 5000]))}`, nastyString(r)]);
      return { route: "GET /api/hide.css", request: { path: `/api/hide.css?${q({ site: mostly(r, t.siteId), p: mostly(r, pathname) })}`, init: { method: method("GET"), headers: headers() } } };
    }
    default:
      return { route: "raw HTTP", raw: rawRequest(r) };
  }
}

/** Bytes no HTTP client library would send. */
function rawRequest(r: Rng): string {
  const path = r.pick(["/api/patches?site=demo", "/app/tests/%ZZ", "/healthz", "/webhooks/orders/paid", "/api/events", "*", "http://evil.test/app", "/\u0000"]);
  switch (r.int(9)) {
    case 0: return `GET ${path} HTTP/1.1\r\nHost: bad host\r\n\r\n`;
    case 1: return `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nHost: evil.test\r\n\r\n`;
    case 2: return `${r.pick(["G ET", "BREW", "GET\u0000", "get"])} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`;
    case 3: return `GET ${path} HTTP/9.9\r\nHost: 127.0.0.1\r\n\r\n`;
    case 4: return `POST /api/events HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 10\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n`;
    case 5: return `POST /api/events HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: -5\r\n\r\n`;
    case 6: return `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`;
    case 7: return `GET ${path} HTTP/1.1\nHost: 127.0.0.1\n\n`;
    default: return `${nastyString(r)}\r\n\r\n`;
  }
}

async function sendRaw(baseUrl: string, bytes: string): Promise<number | null> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname);
    let got = "";
    const done = (status: number | null) => {
      socket.destroy();
      resolve(status);
    };
    socket.setTimeout(5_000, () => done(null));
    socket.on("error", () => done(got ? statusOf(got) : null));
    socket.on("data", (chunk) => {
      got += chunk.toString("latin1");
      if (got.includes("\r\n")) done(statusOf(got));
    });
    socket.on("end", () => done(statusOf(got)));
    socket.write(bytes, "utf8");
  });
}

const statusOf = (head: string): number | null => {
  const match = /^HTTP\/1\.[01] (\d{3})/.exec(head);
  return match ? Number(match[1]) : null;
};

async function send(t: FuzzTarget, sent: Sent): Promise<{ status: number | null; problem?: string }> {
  if (sent.raw !== undefined) return { status: await sendRaw(t.baseUrl, sent.raw) };
  const { path, init } = sent.request!;
  try {
    const res = await fetch(`${t.baseUrl}${path}`, { ...init, redirect: "manual", signal: AbortSignal.timeout(15_000) });
    const body = await res.text().catch(() => "");
    if (!(res.headers.get("content-type") ?? "").includes("problem+json")) return { status: res.status };
    const type = (() => {
      try {
        return (JSON.parse(body) as { type?: unknown }).type;
      } catch {
        return undefined;
      }
    })();
    return { status: res.status, problem: typeof type === "string" ? type : "(unreadable)" };
  } catch {
    // The client library refused what it was asked to send, or the connection ended without an answer.
    return { status: null };
  }
}

export async function fuzz(target: FuzzTarget, options: FuzzOptions): Promise<FuzzReport> {
  const r = prng(options.seed);
  const report: FuzzReport = { seed: options.seed, requests: 0, seconds: 0, byRoute: {}, problemTypes: {}, serverErrors: [], serverErrorCount: 0 };
  const started = performance.now();
  // Requests are drawn up front from the one sequence, so a seed names the same requests whatever the timing.
  const plan = Array.from({ length: options.requests }, () => request(r, target));
  let next = 0;
  const worker = async () => {
    while (next < plan.length) {
      const sent = plan[next++]!;
      const { status, problem } = await send(target, sent);
      if (problem !== undefined) report.problemTypes[problem] = (report.problemTypes[problem] ?? 0) + 1;
      const route = (report.byRoute[sent.route] ??= { requests: 0, classes: {} });
      route.requests++;
      report.requests++;
      const cls = status === null ? "none" : `${Math.floor(status / 100)}xx`;
      route.classes[cls] = (route.classes[cls] ?? 0) + 1;
      if (status !== null && status >= 500) {
        report.serverErrorCount++;
        if (report.serverErrors.length < 20) {
          const { init, path } = sent.request ?? { init: {}, path: "" };
          const type = (init.headers as Record<string, string> | undefined)?.["Content-Type"];
          const what = sent.raw ?? `${init.method} ${path}${type === undefined ? "" : ` [${type}]`} ${String(init.body ?? "").slice(0, 300)}`;
          report.serverErrors.push({ route: sent.route, status, sent: what.slice(0, 500) });
        }
      }
    }
  };
  await Promise.all(Array.from({ length: options.concurrency ?? 8 }, worker));
  report.seconds = (performance.now() - started) / 1000;
  return report;
}

/** The report as a table for a terminal or docs/security.md. */
export function fuzzTable(report: FuzzReport): string {
  const classes = ["2xx", "3xx", "4xx", "5xx", "none"];
  const lines = [`| route | requests | ${classes.join(" | ")} |`, `| --- | ---: | ${classes.map(() => "---:").join(" | ")} |`];
  for (const [route, count] of Object.entries(report.byRoute).sort()) {
    lines.push(`| ${route} | ${count.requests} | ${classes.map((c) => count.classes[c] ?? 0).join(" | ")} |`);
  }
  const types = Object.entries(report.problemTypes).sort(([a], [b]) => (a < b ? -1 : 1));
  lines.push(`\nproblem types: ${types.map(([type, n]) => `${type} ${n}`).join(", ")}`);
  lines.push(`\n${report.requests} requests in ${report.seconds.toFixed(1)} s (seed ${report.seed}); answers ≥ 500: ${report.serverErrorCount}`);
  return lines.join("\n");
}
