// The inline head helper as the running server prints it: in a web site's install card (the built file,
// inline-safe, with its CSP hash) and in the demo storefront before the tag, unless `?helper=0`.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loaderData, postAction } from "../support/admin-route-data";
import { useServer } from "../support/server";
import { adminFetch, useShopifyServer } from "../support/shopify";

const SHOP = "svc-head-helper.myshopify.com";
const SITE = "routes/app.sites.$siteId";
const SITES = "routes/app.sites._index";
/** What the project build wrote (snippet/head/build.mjs); the server must print exactly this. */
const built = () => readFileSync(path.resolve(import.meta.dirname, "../../snippet/dist/head.js"), "utf8");
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

    const storefront = ((await loaderData(ctx.server.url, SHOP, "/app/sites", SITES)).data.sites as Array<{ id: string; kind: string }>).find(
      (s) => s.kind === "shopify",
    );
    expect(storefront).toBeDefined();
    expect((await loaderData(ctx.server.url, SHOP, `/app/sites/${storefront!.id}`, SITE)).data.headHelper).toBeNull();
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
  });
});
