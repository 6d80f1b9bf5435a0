// Browser-test harness for the snippet: a site server with fixture pages, an svc origin relaying the real
// app's /snippet.js,
// Debian's Chromium, and page.route fixtures for /api/* shaped by the app/wire types.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { readFile, stat, readdir } from "node:fs/promises";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser, BrowserContext, ConsoleMessage, Page, Route } from "playwright-core";
import type { ConsentResponse } from "../../../app/wire/consent";
import { HIDE_ATTRIBUTE, hideCss } from "../../../app/wire/hide";
import type { EventBatch } from "../../../app/wire/events";
import type { PatchesResponse } from "../../../app/wire/patches";
import { buildSnippet, SNIPPET_OUT } from "../../../snippet/build.mjs";
import { launchChromium } from "../../support/browser";
import { createTestDatabase } from "../../support/databases";
import { startServer } from "../../support/server";

/**
 * Where the snippet and its API live. Unset: the harness's own svc server (API answered by the
 * fixtures below). To test against the real app later, set SVC_BASE_URL (e.g. http://127.0.0.1:3000);
 * the fixtures still intercept /api/* unless a test passes `api: "live"`.
 */
const SVC_BASE_URL = process.env.SVC_BASE_URL;

const ROOT = resolve(fileURLToPath(import.meta.url), "../../../..");
const PAGES = join(ROOT, "tests/browser/snippet/pages");
/** Site ID prefix; every test page gets its own Site ID, so requests can be told apart. */
export const SITE_ID = "site-test";
export const SHOP = "demo-shop.myshopify.com";

/** A fault injected on one /api/* endpoint. "delay" answers normally, after `ms`. */
export type Fault = { fault: "abort" } | { fault: "delay"; ms: number } | { fault: "status"; status: number } | { fault: "garbage" };

export interface ApiFixture {
  consent?: ConsentResponse | Fault;
  patches?: PatchesResponse | Fault;
  /** Answer to POST /api/events and /api/collect; 204 when unset. */
  events?: Fault;
}

export interface Captured {
  method: string;
  url: string;
  body: string | null;
  headers: Record<string, string>;
  at: number;
}

export interface TestPage {
  /** This page's Site ID (unique per TestPage). */
  site: string;
  page: Page;
  context: BrowserContext;
  /**
   * Every request the page made (any origin), with its body; plus the /api/* requests that reached
   * the harness's svc server unrouted (Chromium sends a beacon of an unloading document past
   * page.route, straight to the server).
   */
  readonly requests: Captured[];
  /** Requests to /api/* only. */
  api(path?: string): Captured[];
  /** Event batches received on /api/events and /api/collect, parsed. */
  batches(): EventBatch[];
  /** Console messages and uncaught page errors. */
  console: ConsoleMessage[];
  errors: Error[];
  /** Replaces the /api fixture for the following requests. */
  setApi(api: ApiFixture): void;
  /** URL of a fixture page on the site origin, with the snippet tag built from `tag`. */
  url(page: string, tag?: TagOptions, query?: string): string;
}

export interface TagOptions {
  /** Extra attributes on the tag, e.g. { "data-svc-consent": "granted" }. */
  attrs?: Record<string, string>;
  /** How many snippet tags to print (0 = svc not installed, 2 = duplicate tag). */
  count?: number;
  /** Delay in ms before the server sends the part of the page after <!--flush-->. */
  slowBody?: number;
  /** Omit data-svc-site. */
  noSite?: boolean;
  /**
   * Selectors hidden from the first byte by a `<style data-svc-hide>` before the tag, as the Shopify
   * app embed or the inline head helper prints it (app/wire/hide.ts).
   */
  hide?: string[];
}

export interface NewPageOptions {
  api?: ApiFixture | "live";
  /** Scripts run before any page script (Playwright init scripts), e.g. a GPC or Shopify stub. */
  init?: string[];
  /** Reuse a context (repeat views share storage); a fresh one otherwise. */
  context?: BrowserContext;
}

export interface Harness {
  siteOrigin: string;
  svcBase: string;
  browser: Browser;
  newPage(options?: NewPageOptions): Promise<TestPage>;
  close(): Promise<void>;
}

async function newestMtime(dir: string): Promise<number> {
  let newest = 0;
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? await newestMtime(p) : (await stat(p)).mtimeMs);
  }
  return newest;
}

/** Builds snippet/dist/snippet.js when it is missing or older than its sources. */
export async function ensureSnippetBuilt(): Promise<void> {
  const built = await stat(SNIPPET_OUT).then((s) => s.mtimeMs, () => 0);
  const sources = Math.max(
    await newestMtime(join(ROOT, "snippet/src")),
    await newestMtime(join(ROOT, "app/wire")),
    (await stat(join(ROOT, "snippet/build.mjs"))).mtimeMs,
  );
  if (built < sources) await buildSnippet({ quiet: true });
}

function listen(server: Server): Promise<string> {
  return new Promise((ok) => server.listen(0, "127.0.0.1", () => {
    const address = server.address();
    ok(`http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`);
  }));
}

const escapeAttr = (v: string) => v.replace(/&/g, "&amp;").replace(/"/g, "&quot;");

function renderTag(svcBase: string, query: URLSearchParams): string {
  const count = Number(query.get("svc_tags") ?? "1");
  const attrs: string[] = [];
  if (query.get("svc_nosite") !== "1") attrs.push(`data-svc-site="${escapeAttr(query.get("svc_site") ?? SITE_ID)}"`);
  for (const [k, v] of query) if (k.startsWith("data-svc-")) attrs.push(`${k}="${escapeAttr(v)}"`);
  const tag = `<script src="${svcBase}/snippet.js" async ${attrs.join(" ")}></script>`;
  const hide = query.get("svc_hide");
  const style = hide ? `<style ${HIDE_ATTRIBUTE}>${hideCss(JSON.parse(hide) as string[])}</style>\n` : "";
  return style + Array.from({ length: count }, () => tag).join("\n");
}

/** The site: fixture pages (with the tag filled in), and a stand-in for Shopify's /cart/update.js. */
function siteServer(svcBase: () => string): Server {
  return createServer((req: IncomingMessage, res: ServerResponse) => {
    void (async () => {
      const url = new URL(req.url ?? "/", "http://site");
      if (url.pathname === "/cart/update.js") {
        req.resume();
        res.writeHead(200, { "content-type": "application/json" });
        res.end('{"attributes":{}}');
        return;
      }
      const name = url.pathname.replace(/^\/pages\//, "");
      if (!url.pathname.startsWith("/pages/") || !/^[\w-]+\.html$/.test(name)) {
        res.writeHead(404).end();
        return;
      }
      const html = (await readFile(join(PAGES, name), "utf8").catch(() => "")).replace(
        "<!--svc-->",
        renderTag(svcBase(), url.searchParams),
      );
      if (!html) {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
      const slow = Number(url.searchParams.get("svc_slow") ?? "0");
      const [head, rest] = html.split("<!--flush-->");
      res.write(head);
      if (rest !== undefined && slow > 0) await new Promise((r) => setTimeout(r, slow));
      res.end(rest ?? "");
    })().catch(() => res.destroy());
  });
}

/**
 * The svc origin the pages load from: /snippet.js is the real app's, relayed byte for byte with its
 * headers; /api/* that escapes page.route (beacons sent while a page unloads) is logged and answered 204.
 */
function svcServer(base: () => string, log: Captured[], appUrl: string): Server {
  return createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? "/", "http://svc");
      if (url.pathname === "/snippet.js") {
        const upstream = await fetch(`${appUrl}/snippet.js`);
        const relayed = ["content-type", "etag", "x-content-type-options", "access-control-allow-origin"];
        const headers = Object.fromEntries(relayed.flatMap((h) => (upstream.headers.get(h) ? [[h, upstream.headers.get(h) as string]] : [])));
        // Tests reload pages many times; the app's max-age would hide a rebuilt snippet between runs.
        res.writeHead(upstream.status, { ...headers, "cache-control": "no-store" });
        res.end(Buffer.from(await upstream.arrayBuffer()));
        return;
      }
      let body = "";
      for await (const chunk of req) body += chunk;
      if (url.pathname.startsWith("/api/")) {
        const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
        log.push({ method: req.method ?? "", url: base() + (req.url ?? ""), body: body || null, headers, at: Date.now() });
      }
      res.writeHead(url.pathname.startsWith("/api/") ? 204 : 404, { "access-control-allow-origin": "*" }).end();
    })().catch(() => res.destroy());
  });
}

/** The Site ID a captured /api/* request carries (query for GET, batch body for POST). */
function siteOf(r: Captured): string | undefined {
  const fromQuery = new URL(r.url).searchParams.get("site");
  if (fromQuery) return fromQuery;
  try {
    return (JSON.parse(r.body ?? "") as { site?: string }).site;
  } catch {
    return undefined;
  }
}

const CORS = { "access-control-allow-origin": "*" };

async function answer(route: Route, reply: unknown, fallbackStatus = 200): Promise<void> {
  const fault = reply as Partial<{ fault: string; ms: number; status: number }> | undefined;
  switch (fault?.fault) {
    case "abort":
      return route.abort("failed");
    case "delay":
      await new Promise((r) => setTimeout(r, fault.ms));
      return route.fulfill({ status: 200, headers: CORS, contentType: "application/json", body: '{"required":false,"ttl":60,"tests":[]}' }).catch(() => {});
    case "status":
      return route.fulfill({ status: fault.status ?? 500, headers: CORS, body: "error" });
    case "garbage":
      return route.fulfill({ status: 200, headers: CORS, contentType: "application/json", body: '{"tests": [{"test": 1}], <html>' });
  }
  if (reply === undefined) return route.fulfill({ status: fallbackStatus, headers: CORS });
  return route.fulfill({ status: 200, headers: CORS, contentType: "application/json", body: JSON.stringify(reply) });
}

export async function startHarness(): Promise<Harness> {
  await ensureSnippetBuilt();
  // The real app serves the snippet (it reads snippet/dist, which ensureSnippetBuilt keeps current).
  const appDb = await createTestDatabase("pglite", { migrated: true });
  const app = await startServer({ env: { ...appDb.env, SVC_DEMO: "1" } });
  const serverLog: Captured[] = [];
  let svcBase = SVC_BASE_URL ?? "";
  const svc = SVC_BASE_URL ? undefined : svcServer(() => svcBase, serverLog, app.url);
  if (svc) svcBase = await listen(svc);
  let pages = 0;
  const site = siteServer(() => svcBase);
  const siteOrigin = await listen(site);
  const browser = await launchChromium();

  const newPage = async (options: NewPageOptions = {}): Promise<TestPage> => {
    const context = options.context ?? (await browser.newContext());
    for (const script of options.init ?? []) await context.addInitScript(script);
    const page = await context.newPage();
    const site = `${SITE_ID}-${++pages}`;
    const seen: Captured[] = [];
    const requests = () =>
      [...seen, ...serverLog.filter((r) => siteOf(r) === site)].sort((a, b) => a.at - b.at);
    const consoleMessages: ConsoleMessage[] = [];
    const errors: Error[] = [];
    page.on("request", (r) =>
      seen.push({ method: r.method(), url: r.url(), body: r.postData(), headers: r.headers(), at: Date.now() }),
    );
    page.on("console", (m) => consoleMessages.push(m));
    page.on("pageerror", (e) => errors.push(e));

    let api: ApiFixture = options.api === "live" ? {} : (options.api ?? {});
    if (options.api !== "live") {
      await page.route(`${svcBase}/api/**`, async (route) => {
        const path = new URL(route.request().url()).pathname;
        if (path === "/api/consent") return answer(route, api.consent ?? { required: false });
        if (path === "/api/patches") return answer(route, api.patches ?? { ttl: 300, tests: [] });
        return answer(route, api.events, 204);
      });
    }

    const apiRequests = (path?: string) =>
      requests().filter((r) => r.url.startsWith(`${svcBase}/api/`) && (!path || new URL(r.url).pathname === path));
    return {
      site,
      page,
      context,
      get requests() {
        return requests();
      },
      console: consoleMessages,
      errors,
      api: apiRequests,
      batches: () =>
        requests()
          .filter((r) => /\/api\/(events|collect)$/.test(new URL(r.url).pathname) && r.body)
          .map((r) => JSON.parse(r.body!) as EventBatch),
      setApi: (next) => {
        api = next;
      },
      url: (name, tag = {}, query = "") => {
        const q = new URLSearchParams(query);
        q.set("svc_site", site);
        if (tag.count !== undefined) q.set("svc_tags", String(tag.count));
        if (tag.slowBody) q.set("svc_slow", String(tag.slowBody));
        if (tag.noSite) q.set("svc_nosite", "1");
        if (tag.hide) q.set("svc_hide", JSON.stringify(tag.hide));
        for (const [k, v] of Object.entries(tag.attrs ?? {})) q.set(k, v);
        const s = q.toString();
        return `${siteOrigin}/pages/${name}${s ? `?${s}` : ""}`;
      },
    };
  };

  return {
    siteOrigin,
    svcBase,
    browser,
    newPage,
    close: async () => {
      await browser.close();
      await Promise.all([site, svc].map((s) => s && new Promise((r) => s.close(r))));
      await app.stop();
      await appDb.drop();
    },
  };
}

/**
 * Console lines written by page scripts (or reporting their errors). Excluded: Chromium's own
 * network log of failed requests ("Failed to load resource", which page scripts cannot see or
 * cause to disappear) and its verbose DOM lint hints.
 */
export function pageConsole(messages: ConsoleMessage[]): string[] {
  return messages
    .filter((m) => !m.text().startsWith("Failed to load resource") && !((m.type() as string) === "verbose" && m.text().startsWith("[DOM]")))
    .map((m) => `${m.type()}: ${m.text()}`);
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
