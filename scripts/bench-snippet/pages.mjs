// The snippet bench's own origin: the plain demo page's markup served without svc, with GrowthBook's
// script-tag bundle and anti-flicker instead, or with svc on a path no test targets (with the inline helper,
// or with the first-visit helper), or with an async tag to an empty script (served by a second origin); and a
// stand-in of GrowthBook's features endpoint answering a visual experiment with the same three changes.
import { readFileSync } from "node:fs";
import http from "node:http";
import { createRequire } from "node:module";
import path from "node:path";

const require = createRequire(import.meta.url);
const GROWTHBOOK_BUNDLE = path.join(path.dirname(require.resolve("@growthbook/growthbook/package.json")), "dist", "bundles", "auto.min.js");
export const GROWTHBOOK_VERSION = JSON.parse(readFileSync(require.resolve("@growthbook/growthbook/package.json"), "utf8")).version;

/** Every script of svc (its tag, an inline head helper) and svc's hiding style, out of a page's HTML. */
export function withoutSvc(html) {
  return html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>\s*/gi, (tag) => (/svc/i.test(tag) ? "" : tag))
    .replace(/<style\b[^>]*data-svc-hide[^>]*>[\s\S]*?<\/style>\s*/gi, "");
}

/**
 * A Shopify page as the store would serve it without svc's app embed: its hiding style, plan, preconnects and
 * tag taken out, the store's own scripts (banner, Customer Privacy stand-in, cart) kept.
 */
export function withoutEmbed(html) {
  return html
    .replace(/<script\b[^>]*(data-svc-plan|snippet\.js)[^>]*>[\s\S]*?<\/script>\s*/gi, "")
    .replace(/<link rel="preconnect"[^>]*>\s*/gi, "")
    .replace(/<style\b[^>]*data-svc-hide[^>]*>[\s\S]*?<\/style>\s*/gi, "");
}

/**
 * The plain page with no tester but an async tag where svc's was, to `scriptUrl` (an empty script): what the
 * spec's tag costs a first paint whatever its script holds. Null when the page has no svc tag.
 */
export function withEmptyTag(html, scriptUrl) {
  const tag = html.match(/<script src="[^"]*\/snippet\.js"[^>]*><\/script>/)?.[0];
  if (!tag) return null;
  const mark = "<!--bench-empty-tag-->";
  return withoutSvc(html.replace(tag, mark)).replace(mark, `<script src="${scriptUrl}" async></script>`);
}

/** GrowthBook's payload (GET /api/features/<client key>): one visual experiment, all traffic on `variation`. */
export function growthbookPayload(changes, variation) {
  const mutations = changes.map((c) =>
    c.text !== undefined
      ? { selector: c.sel, action: "set", attribute: "html", value: c.text }
      : { selector: c.sel, action: "set", attribute: "style", value: `${c.css}: ${c.value}` },
  );
  return {
    status: 200,
    features: {},
    experiments: [
      {
        key: "bench-three-changes",
        changeId: "bench-change",
        hashAttribute: "id",
        coverage: 1,
        weights: variation === 1 ? [0, 1] : [1, 0],
        variations: [{ domMutations: [] }, { domMutations: mutations }],
      },
    ],
    dateUpdated: new Date(0).toISOString(),
  };
}

/**
 * Starts the bench's server on 127.0.0.1. `plainHtml` is the plain demo page as svc serves it (tag
 * absolute to svc's origin), `hideHtml` the same with the first-visit helper (`/demo?hide=1`: its sheet
 * URL absolute to svc's origin too). Paths: /none (no tester), /untested (svc on a path no test targets),
 * /untested-hide (the same with the first-visit helper, whose sheet for this path is empty), /shopify-untested and
 * /shopify-none (`shopifyHtml`, a demo storefront page no test targets, with and without the embed), /gb/control
 * and /gb/variant (GrowthBook forced to that arm), /gb.js, /api/features/<key>; /empty-tag (the plain page with an
 * async tag to an empty script, `emptyScriptUrl`, on an origin of its own as svc's script is, with the cache
 * headers svc's /snippet.js answers with, `scriptCacheControl`); /untested-tag (`tagOnlyHtml`: the plain page with
 * the spec's tag alone, no inline head helper).
 */
export async function startBenchPages({ plainHtml, tagOnlyHtml = null, hideHtml, shopifyHtml, changes, scriptCacheControl = "public, max-age=300" }) {
  const empty = http.createServer((req, res) => {
    if (new URL(req.url, "http://x").pathname !== "/snippet.js") return res.writeHead(404).end();
    res.writeHead(200, { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": scriptCacheControl, ETag: '"empty"', "Access-Control-Allow-Origin": "*" });
    res.end("");
  });
  await new Promise((resolve) => empty.listen(0, "127.0.0.1", resolve));
  const emptyScriptUrl = `http://127.0.0.1:${empty.address().port}/snippet.js`;
  const emptyTag = withEmptyTag(plainHtml, emptyScriptUrl);
  const bundle = readFileSync(GROWTHBOOK_BUNDLE);
  const bare = withoutSvc(plainHtml);
  let origin = "";
  const growthbookTag = (key) =>
    `<script async data-client-key="${key}" data-api-host="${origin}" data-anti-flicker="true" data-no-streaming="true" data-tracking="none" src="${origin}/gb.js"></script>\n</head>`;
  const pages = {
    "/none": bare,
    "/untested": plainHtml,
    ...(tagOnlyHtml && { "/untested-tag": tagOnlyHtml }),
    ...(emptyTag && { "/empty-tag": emptyTag }),
    ...(hideHtml && { "/untested-hide": hideHtml }),
    // A Shopify page no test targets, with the app embed's output and without: the same origin, the same store scripts.
    ...(shopifyHtml && { "/shopify-untested": shopifyHtml, "/shopify-none": withoutEmbed(shopifyHtml) }),
    "/gb/control": () => bare.replace("</head>", growthbookTag("sdk-control")),
    "/gb/variant": () => bare.replace("</head>", growthbookTag("sdk-variant")),
  };
  const server = http.createServer((req, res) => {
    const { pathname } = new URL(req.url, "http://x");
    const page = pages[pathname];
    if (page) {
      res.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" });
      res.end(typeof page === "function" ? page() : page);
    } else if (pathname === "/gb.js") {
      res.writeHead(200, { "Content-Type": "text/javascript", "Cache-Control": "max-age=3600" });
      res.end(bundle);
    } else if (pathname.startsWith("/api/features/")) {
      const variation = pathname.endsWith("/sdk-variant") ? 1 : 0;
      res.writeHead(200, { "Content-Type": "application/json", "Access-Control-Allow-Origin": "*", "Cache-Control": "no-store" });
      res.end(JSON.stringify(growthbookPayload(changes, variation)));
    } else if (pathname === "/favicon.ico") {
      res.writeHead(204).end();
    } else {
      res.writeHead(404, { "Content-Type": "text/plain" }).end("not found");
    }
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${server.address().port}`;
  const close = (s) => new Promise((resolve) => s.close(resolve));
  return { url: origin, bundleUrl: `${origin}/gb.js`, emptyScriptUrl: emptyTag ? emptyScriptUrl : null, tagOnly: !!tagOnlyHtml, close: () => Promise.all([close(server), close(empty)]) };
}
