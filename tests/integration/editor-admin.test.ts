// "Edit on the storefront" from the admin on the real server: the test editor's proposed page, a fresh
// editor link per variant through a Shopify session token (scoped to shop, test and arm, two hours), the
// merchant's page checked against the site's origins, and patches saved by the editor shown and kept by
// the admin's form. Then the same on the local demo, whose storefronts are the server's own pages.
import { beforeAll, describe, expect, it } from "vitest";
import { editorKeyFrom, verifyEditorToken } from "~/domain/links/editor-token";
import { previewKeyFrom } from "~/domain/links/preview-token";
import type { Patch } from "~/wire";
import type { EditorSession } from "~/wire/editor";
import { loaderData, postAction } from "../support/admin-route-data";
import { oneDatabase } from "../support/databases";
import { seedSite, seedTest, storefrontSite, type TestSeed } from "../support/seed";
import { useServer } from "../support/server";
import { adminFetch, APP, BROWSER, useShopifyServer } from "../support/shopify";

const SHOP = "svc-editor-admin.myshopify.com";
const OTHER = "svc-editor-admin-other.myshopify.com";
const STOREFRONT = `https://${SHOP}`;
const KEY = editorKeyFrom(previewKeyFrom(APP.apiSecretKey));
const EDIT_ROUTE = "routes/app.tests.$testId_.edit";
const PROBLEM = "https://svc.dev/problems/";

interface Link {
  url: string;
  armId: string;
  expiresAt: string;
}

const tokenOf = (url: string) => /#svc-editor=([A-Za-z0-9_.-]+)$/.exec(url)?.[1] ?? "";

describe.each(oneDatabase)("Edit on the storefront, from the admin (%s)", (kind) => {
  const ctx = useShopifyServer(kind);
  let site = "";

  const link = (shop: string, testId: string, fields: Record<string, string>) =>
    adminFetch(ctx.server.url, shop, `/app/tests/${testId}/editor`, { method: "POST", body: new URLSearchParams(fields) });

  beforeAll(async () => {
    for (const shop of [SHOP, OTHER]) expect((await adminFetch(ctx.server.url, shop, "/app")).status).toBe(200);
    await ctx.sql(async (sql) => {
      site = (await storefrontSite(sql, SHOP)).publicId;
      // A web site without a domain: no page to open the editor on.
      await seedSite(sql, { shop: SHOP, id: "ea-nodomain" });
      // Variant B changes the page, variant C redirects.
      const test = (id: string, on: string, status: TestSeed["status"], pages: string[]) =>
        seedTest(sql, {
          id,
          site: on,
          status,
          pages,
          arms: [{}, { patches: [{ op: "text", sel: "#headline", value: "Hello" }] }, { redirectUrl: "/landing-c" }],
          goals: [{ label: "purchase", kind: "purchase" }],
        });
      await test("ea-draft", site, "draft", ["/products/*", "template:product", "/pages/about"]);
      await test("ea-running", site, "running", ["/"]);
      await test("ea-archived", site, "archived", ["/"]);
      await test("ea-nodomain", "ea-nodomain", "draft", ["/"]);
    });
  });

  it("proposes the test's first plain path on the storefront, for its variants that change the page", async () => {
    const { status, data } = await loaderData(ctx.server.url, SHOP, "/app/tests/ea-draft/edit", EDIT_ROUTE);
    expect(status).toBe(200);
    expect(data.storefrontEditor).toEqual({ pageUrl: `${STOREFRONT}/pages/about`, origins: [STOREFRONT], armKeys: ["b"], editable: true });
    const running = await loaderData(ctx.server.url, SHOP, "/app/tests/ea-running/edit", EDIT_ROUTE);
    expect(running.data.storefrontEditor).toMatchObject({ pageUrl: `${STOREFRONT}/`, editable: false });
  });

  it("makes a two-hour token for the shop, the test and the chosen variant, opened on the chosen page", async () => {
    const res = await link(SHOP, "ea-draft", { arm: "b", url: `${STOREFRONT}/products/mug?variant=2#reviews` });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toContain("no-store");
    const body = (await res.json()) as Link;
    expect(body.armId).toBe("ea-draft-b");
    expect(body.url).toMatch(new RegExp(`^${STOREFRONT.replace(/\./g, "\\.")}/products/mug\\?variant=2#svc-editor=[A-Za-z0-9_.-]+$`));
    const check = verifyEditorToken(KEY, tokenOf(body.url), Math.floor(Date.now() / 1000));
    expect(check).toEqual({ ok: true, claims: { site, test: "ea-draft", arm: "ea-draft-b", exp: Date.parse(body.expiresAt) / 1000 } });
    const hours = (Date.parse(body.expiresAt) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(1.99);
    expect(hours).toBeLessThanOrEqual(2);
    // The token opens that arm's session, and is no preview link.
    const session = (await (await fetch(`${ctx.server.url}/api/editor/session?token=${tokenOf(body.url)}`)).json()) as EditorSession;
    expect(session.arm).toBe("ea-draft-b");
    expect(session.test.id).toBe("ea-draft");
  });

  it("refuses a page off the site, the control, a redirect, an unknown arm, with 422 and no token", async () => {
    const cases: Array<Record<string, string>> = [
      { arm: "b", url: "https://evil.example/pages/about" },
      { arm: "b", url: "/pages/about" },
      { arm: "b", url: "javascript:alert(1)" },
      { arm: "control", url: `${STOREFRONT}/` },
      { arm: "c", url: `${STOREFRONT}/` },
      { arm: "z", url: `${STOREFRONT}/` },
      {},
    ];
    for (const fields of cases) {
      const res = await link(SHOP, "ea-draft", fields);
      expect(res.status, JSON.stringify(fields)).toBe(422);
      const text = await res.text();
      expect(JSON.parse(text)).toMatchObject({ type: `${PROBLEM}invalid-editor-request` });
      expect(text).not.toContain("#svc-editor=");
    }
  });

  it("answers 404 for another shop's test, 409 for an archived one or a site without a domain", async () => {
    expect((await link(OTHER, "ea-draft", { arm: "b", url: `${STOREFRONT}/` })).status).toBe(404);
    const archived = await link(SHOP, "ea-archived", { arm: "b", url: `${STOREFRONT}/` });
    expect(archived.status).toBe(409);
    expect(await archived.json()).toMatchObject({ type: `${PROBLEM}test-archived` });
    const noDomain = await link(SHOP, "ea-nodomain", { arm: "b", url: "https://www.example.com/" });
    expect(noDomain.status).toBe(409);
    expect(await noDomain.json()).toMatchObject({ type: `${PROBLEM}site-domain-missing` });
  });

  it("gives nothing without a session token", async () => {
    const body = new URLSearchParams({ arm: "b", url: `${STOREFRONT}/` });
    const bare = await fetch(`${ctx.server.url}/app/tests/ea-draft/editor`, { method: "POST", headers: BROWSER, body, redirect: "manual" });
    expect(bare.status).not.toBe(200);
    expect(await bare.text()).not.toContain("svc-editor=");
    // A session token signed with another secret is no session token.
    const forged = await fetch(`${ctx.server.url}/app/tests/ea-draft/editor`, {
      method: "POST",
      headers: { ...BROWSER, Authorization: "Bearer eyJhbGciOiJIUzI1NiJ9.eyJkZXN0IjoiaHR0cHM6Ly9zdmMtZWRpdG9yLWFkbWluLm15c2hvcGlmeS5jb20ifQ.c2lnbmF0dXJl" },
      body,
      redirect: "manual",
    });
    expect(forged.status).toBe(401);
    expect(await forged.text()).not.toContain("svc-editor=");
  });

  it("shows what the editor saved in the admin's form, which saves it back unchanged", async () => {
    const saved: Patch[] = [
      { op: "text", sel: "#headline", value: "Free shipping today" },
      { op: "html", sel: ".lede", value: "<strong>Free</strong> shipping" },
      { op: "attr", sel: "img.hero", name: "alt", value: "A mug" },
      { op: "attr", sel: "a.buy", name: "target", value: null },
      { op: "class", sel: ".cta", add: ["cta--big", "pulse"], remove: ["cta--small"] },
      { op: "style", sel: ".cta", props: { "background-color": "#c00", "font-size": "18px" } },
      { op: "hide", sel: "p.fine-print" },
      { op: "css", value: ".badge { display: none }" },
    ];
    const token = tokenOf(((await (await link(SHOP, "ea-draft", { arm: "b", url: `${STOREFRONT}/` })).json()) as Link).url);
    const put = await fetch(`${ctx.server.url}/api/editor/patches?token=${token}`, {
      method: "PUT",
      headers: { "Content-Type": "application/json", Origin: STOREFRONT },
      body: JSON.stringify({ patches: saved }),
    });
    expect(put.status).toBe(200);
    const { data } = await loaderData(ctx.server.url, SHOP, "/app/tests/ea-draft/edit", EDIT_ROUTE);
    const variant = data.values.arms[1];
    expect(variant.change).toBe("patches");
    expect(variant.patches.map((p: { op: string }) => p.op)).toEqual(saved.map((p) => p.op));
    expect(variant.patches[0]).toMatchObject({ op: "text", sel: "#headline", value: "Free shipping today" });
    // The merchant saves the form as loaded: the editor's patches go through the form's parser unchanged.
    const save = await postAction(ctx.server.url, SHOP, "/app/tests/ea-draft/edit", { intent: "save", definition: JSON.stringify(data.values) });
    expect(save.status).toBe(200);
    expect(save.data).toMatchObject({ ok: true });
    const session = (await (await fetch(`${ctx.server.url}/api/editor/session?token=${token}`)).json()) as EditorSession;
    expect(session.arms[1]?.patches).toEqual(saved);
  });
});

describe.each(oneDatabase)("Edit on the storefront, on the local demo (%s)", (kind) => {
  const ctx = useServer(kind, { SVC_DEMO: "1" });

  it("opens the demo's own pages, and the editor's API answers those pages", async () => {
    const { url } = ctx.server;
    const origin = new URL(url).origin;
    for (const [testId, page] of [["demo-headline", "/demo"], ["demo-shopify-headline", "/demo/shopify"]] as const) {
      const res = await fetch(`${url}/app/tests/${testId}/editor`, { method: "POST", body: new URLSearchParams({ arm: "b", url: `${origin}${page}` }) });
      expect(res.status).toBe(200);
      const body = (await res.json()) as Link;
      expect(body.url.startsWith(`${origin}${page}#svc-editor=`)).toBe(true);
      const session = await fetch(`${url}/api/editor/session?token=${tokenOf(body.url)}`, { headers: { Origin: origin } });
      expect(session.status).toBe(200);
      expect(session.headers.get("access-control-allow-origin")).toBe(origin);
      // The seeded demo tests are running: the editor opens to look, and saving is refused.
      expect(((await session.json()) as EditorSession).editable).toBe(false);
      const elsewhere = await fetch(`${url}/app/tests/${testId}/editor`, { method: "POST", body: new URLSearchParams({ arm: "b", url: `https://example.com${page}` }) });
      expect(elsewhere.status).toBe(422);
    }
  });
});
