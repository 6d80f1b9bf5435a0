// GET /demo/shopify/pixel.js: the real web pixel (extensions/svc-pixel/src/pixel.ts) inside a stand-in of
// Shopify's pixel runtime, for the demo storefront. The stand-in gives the pixel what Shopify documents
// (analytics.subscribe, the async browser.localStorage of the storefront, init.data.shop, the pixel's
// settings) and lets the page publish Shopify's standard events as a store would: `window.svcDemoPixel`.
import { DEMO_SHOP_DOMAIN, DEMO_SHOPIFY_SITE_ID } from "./constants";

/**
 * The runtime: events get Shopify's shape (an `id` unique per event, `name`, ISO `timestamp`, the page in
 * `context.document.location`), and every event published is kept so that `resend()` can deliver the same
 * events again with the same ids, as Shopify may (the server must count them once).
 */
const STAND_IN = `
import { svcPixel } from "./extensions/svc-pixel/src/pixel";
const subscribers = new Map();
const published = [];
const store = window.localStorage;
const settings = JSON.parse(document.currentScript?.dataset.settings || "{}");
svcPixel({
  analytics: { subscribe(name, callback) { subscribers.set(name, [...(subscribers.get(name) || []), callback]); return () => true; } },
  browser: { localStorage: {
    getItem: async (key) => store.getItem(key), setItem: async (key, value) => store.setItem(key, value),
    removeItem: async (key) => store.removeItem(key), clear: async () => undefined, key: async (i) => store.key(i), length: async () => store.length,
  } },
  init: { context: {}, data: { shop: { myshopifyDomain: settings.shop, name: "svc demo store", countryCode: "US" } } },
  settings: { siteId: settings.siteId, baseUrl: settings.baseUrl },
});
const deliver = (event) => Promise.all((subscribers.get(event.name) || []).map((callback) => callback(event)));
const newId = () => "sh-" + (crypto.randomUUID ? crypto.randomUUID() : String(Date.now()) + Math.random().toString(36).slice(2));
window.svcDemoPixel = {
  publish(name, data) {
    const event = { id: newId(), name, type: "standard", timestamp: new Date().toISOString(), context: { document: { location: { pathname: location.pathname, href: location.href } } }, data: data || {} };
    published.push(event);
    return deliver(event);
  },
  resend() { return Promise.all(published.map(deliver)); },
};
`;

let bundled: Promise<string> | null = null;

/** The bundle, built once per process with esbuild (the demo only: production serves no pixel of its own). */
async function pixelScript(): Promise<string> {
  bundled ??= import("esbuild")
    .then(({ build }) =>
      build({ stdin: { contents: STAND_IN, resolveDir: process.cwd(), loader: "ts", sourcefile: "demo-pixel-runtime.ts" }, bundle: true, format: "iife", target: "es2020", write: false, logLevel: "silent" }),
    )
    .then((result) => result.outputFiles[0]?.text ?? "")
    .catch((error: unknown) => {
      bundled = null;
      throw error;
    });
  return bundled;
}

export async function demoPixelResponse(): Promise<Response> {
  const script = await pixelScript();
  return new Response(script, { headers: { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "no-store" } });
}

/**
 * The tag that loads the pixel on a demo page, with the settings webPixelCreate would give it. Deferred: Shopify
 * loads pixels in a sandbox that never holds the page's first paint, and a parser-blocking tag here cost the
 * demo storefront a round trip of first paint (bench:snippet, issue 24).
 */
export function demoPixelTag(baseUrl: string): string {
  const settings = JSON.stringify({ siteId: DEMO_SHOPIFY_SITE_ID, baseUrl, shop: DEMO_SHOP_DOMAIN }).replace(/'/g, "&#39;");
  return `<script defer src="/demo/shopify/pixel.js" data-settings='${settings}'></script>`;
}
