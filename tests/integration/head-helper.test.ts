// The inline head helpers as the running server prints them: in a web site's install card (the built files,
// inline-safe, with their CSP hashes; the first-visit one with the site's sheet URL) and in the demo
// storefront before the tag, unless `?helper=0`; `?hide=1` prints the first-visit one instead.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loaderData, postAction } from "../support/admin-route-data";
import { SHOPIFY_TEST_ENV, useServer } from "../support/server";
import { adminFetch, useShopifyServer } from "../support/shopify";

const SHOP = "svc-head-helper.myshopify.com";
const SITE = "routes/app.sites.$siteId";
const SITES = "routes/app.sites._index";
/** What the project build wrote (snippet/head/build.mjs); the server must print exactly this. */
const built = () => readFileSync(path.resolve(import.meta.dirname, "../../snippet/dist/head.js"), "utf8");
const builtFirstVisit = () => readFileSync(path.resolve(import.meta.dirname, "../../snippet/dist/head-sheet.js"), "utf8");
/** The text of the first `<code {attribute}="">…</code>` of a server-rendered page, unescaped as a browser would. */
function codeText(html: string, attribute: string): string | undefined {
  const escaped = new RegExp(`<code ${attribute}="">([^<]*)</code>`).exec(html)?.[1];
  const entities: Record<string, string> = { "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#x27;": "'", "&amp;": "&" };
  return escaped?.replace(/&(lt|gt|quot|#x27|amp);/g, (e) => entities[e]!);
}

describe("the admin's install card offers the head helper", () => {
  const ctx = useShopifyServer("pglite");

  it("prints the built helper as an inline script with its CSP hash, for a web site only", async () => {
    const code = built();
    expect(code.length).toBeGreaterThan(100);
    expect(code).not.toMatch(/<\/script|<!--|<script/i);

    const created = await postAction(ctx.server.url, SHOP, "/app/sites/new", { name: "Landing", domain: "landing.example.com" });
    expect(created.status).toBe(201);
    const siteId: string = created.data.site.id;
    const site = (await loaderData(ctx.server.url, SHOP, `/app/sites/${siteId}`, SITE)).data;
    expect(site.headHelper).toEqual({
      script: `<script>${code}</script>`,
      csp: `'sha256-${createHash("sha256").update(code).digest("base64")}'`,
    });

    const page = await adminFetch(ctx.server.url, SHOP, `/app/sites/${siteId}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Anti-flicker helper (optional)");
    // The block shows the helper under the tag; React escapes the text it renders.
    const tagAt = html.indexOf("data-svc-tag=");
    const helperAt = html.indexOf("data-svc-head-helper=");
    expect(tagAt).toBeGreaterThan(0);
    expect(helperAt).toBeGreaterThan(tagAt);
    expect(codeText(html, "data-svc-head-helper")).toBe(`<script>${code}</script>`);
    expect(codeText(html, "data-svc-head-helper-csp")).toBe(site.headHelper.csp);

    // The opt-in first-visit helper: the site's sheet URL in its attribute, the CSP hash of its code alone.
    const sheetCode = builtFirstVisit();
    expect(sheetCode).not.toMatch(/<\/script|<!--|<script/i);
    const sheetUrl = new URL("/api/hide.css", SHOPIFY_TEST_ENV.SHOPIFY_APP_URL);
    sheetUrl.searchParams.set("site", siteId);
    expect(site.firstVisitHelper).toEqual({
      script: `<script data-svc-sheet="${sheetUrl.href}">${sheetCode}</script>`,
      csp: `'sha256-${createHash("sha256").update(sheetCode).digest("base64")}'`,
    });
    expect(html).toContain("First-visit anti-flicker helper (optional");
    expect(html.indexOf("data-svc-first-visit-helper=")).toBeGreaterThan(helperAt);
    expect(codeText(html, "data-svc-first-visit-helper")).toBe(site.firstVisitHelper.script);
    expect(codeText(html, "data-svc-first-visit-helper-csp")).toBe(site.firstVisitHelper.csp);

    const storefront = ((await loaderData(ctx.server.url, SHOP, "/app/sites", SITES)).data.sites as Array<{ id: string; kind: string }>).find(
      (s) => s.kind === "shopify",
    );
    expect(storefront).toBeDefined();
    const storefrontDetail = (await loaderData(ctx.server.url, SHOP, `/app/sites/${storefront!.id}`, SITE)).data;
    expect(storefrontDetail.headHelper).toBeNull();
    expect(storefrontDetail.firstVisitHelper).toBeNull();
  });
});

describe("the demo storefront carries the head helper", () => {
  const ctx = useServer("pglite", { SVC_DEMO: "1" });

  it("prints it inline in head, before the tag; ?helper=0 leaves it out", async () => {
    const script = `<script>${built()}</script>`;
    const page = await (await fetch(`${ctx.server.url}/demo`)).text();
    const head = page.slice(0, page.indexOf("</head>"));
    expect(head.indexOf(script)).toBeGreaterThan(0);
    expect(head.indexOf(script)).toBeLessThan(head.indexOf('data-svc-site="demo"'));

    const without = await fetch(`${ctx.server.url}/demo?helper=0`);
    expect(without.status).toBe(200);
    const bare = await without.text();
    expect(bare).not.toContain(script);
    expect(bare).not.toContain("data-svc-hide");
    expect(bare).toContain('data-svc-site="demo"');

    const hide = await (await fetch(`${ctx.server.url}/demo?hide=1`)).text();
    const firstVisit = `<script data-svc-sheet="${ctx.server.url}/api/hide.css?site=demo">${builtFirstVisit()}</script>`;
    const hideHead = hide.slice(0, hide.indexOf("</head>"));
    expect(hideHead.indexOf(firstVisit)).toBeGreaterThan(0);
    expect(hideHead.indexOf(firstVisit)).toBeLessThan(hideHead.indexOf('data-svc-site="demo"'));
    expect(hide).not.toContain(script);
  });
});
