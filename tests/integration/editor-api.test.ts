// The visual editor's endpoints on the real server: /editor.js only for a valid editor token (a JSON problem,
// never JavaScript, for anything else), the session it starts from, saving an arm's patches (validated as the
// admin validates them, refused for a test that has run, served at once), and CORS for the site's own pages only.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { randomUUID } from "node:crypto";
import { request } from "node:http";
import os from "node:os";
import path from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { editorKeyFrom, signEditorToken } from "~/domain/links/editor-token";
import { previewKeyFrom, signPreviewToken } from "~/domain/links/preview-token";
import type { Patch, PatchesResponse } from "~/wire";
import type { EditorSession } from "~/wire/editor";
import { embeddedOnly } from "../support/databases";
import { seedShop, seedSite, seedTest, storefrontSite, type TestSeed } from "../support/seed";
import { SHOPIFY_TEST_ENV, useServer } from "../support/server";
import { adminFetch, APP, useShopifyServer } from "../support/shopify";
import { newId } from "../support/snippet-client";

const SHOP = "svc-editor-api.myshopify.com";
const OTHER = "svc-editor-api-other.myshopify.com";
const STOREFRONT = `https://${SHOP}`;
const WEB_ORIGIN = "https://www.example.com";
const PREVIEW_KEY = previewKeyFrom(APP.apiSecretKey);
const KEY = editorKeyFrom(PREVIEW_KEY);
const HEADLINE: Patch = { op: "text", sel: "#headline", value: "Before the editor" };
const EDITOR_BUILD = path.resolve(import.meta.dirname, "../../snippet/dist/editor.js");

const nowSeconds = () => Math.floor(Date.now() / 1000);
const PROBLEM = "https://svc.dev/problems/";

describe.each(embeddedOnly)("visual editor endpoints (%s)", (kind) => {
  const ctx = useShopifyServer(kind);
  const sites = { shop: "", other: "", web: "editor-web" };

  const token = (test: string, arm: string, over: Partial<{ site: string; exp: number }> = {}) =>
    signEditorToken(KEY, { site: test.startsWith("ed-web") ? sites.web : test.startsWith("ed-other") ? sites.other : sites.shop, test, arm, exp: nowSeconds() + 3600, ...over });
  const api = (pathAndQuery: string, init: RequestInit = {}) => fetch(`${ctx.server.url}${pathAndQuery}`, init);
  const session = (t: string, origin?: string) => api(`/api/editor/session?token=${t}`, { headers: origin ? { Origin: origin } : {} });
  const put = (t: string | null, body: unknown, origin: string | null = STOREFRONT, contentType = "application/json") =>
    api(`/api/editor/patches${t === null ? "" : `?token=${t}`}`, {
      method: "PUT",
      headers: { "Content-Type": contentType, ...(origin && { Origin: origin }) },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
  const storedPatches = async (test: string, arm: string) => {
    const res = await session(token(test, arm));
    expect(res.status).toBe(200);
    return ((await res.json()) as EditorSession).arms.find((a) => a.id === arm)?.patches;
  };
  const expectProblem = async (res: Response, status: number, type: string) => {
    expect(res.status).toBe(status);
    expect(res.headers.get("content-type")).toContain("application/problem+json");
    expect(res.headers.get("cache-control")).toContain("no-store");
    const body = (await res.json()) as { type: string; issues?: string[] };
    expect(body.type).toBe(PROBLEM + type);
    return body;
  };

  beforeAll(async () => {
    for (const shop of [SHOP, OTHER]) expect((await adminFetch(ctx.server.url, shop, "/app")).status).toBe(200);
    await ctx.sql(async (sql) => {
      sites.shop = (await storefrontSite(sql, SHOP)).publicId;
      sites.other = (await storefrontSite(sql, OTHER)).publicId;
      await seedSite(sql, { shop: SHOP, id: sites.web, domain: WEB_ORIGIN });
      const test = (id: string, site: string, status: TestSeed["status"], pages: string[]) =>
        seedTest(sql, { id, site, status, pages, arms: [{}, { name: "Bold headline", patches: [HEADLINE] }, { name: "Landing page", redirectUrl: "/landing-c" }] });
      await test("ed-draft", sites.shop, "draft", ["/products/*", "/pages/about"]);
      await test("ed-save", sites.shop, "draft", ["/"]);
      await test("ed-running", sites.shop, "running", ["/"]);
      await test("ed-web", sites.web, "draft", ["/blog"]);
      await test("ed-other", sites.other, "draft", ["/"]);
    });
  });

  describe("GET /editor.js", () => {
    let madeStub = false;
    afterAll(() => {
      if (madeStub) rmSync(EDITOR_BUILD, { force: true });
    });

    describe("while the editor is not built", () => {
      // A server of its own whose SVC_EDITOR_SCRIPT names a file that is not there, on its own database.
      const unbuilt = useServer(kind, { ...SHOPIFY_TEST_ENV, SVC_EDITOR_SCRIPT: path.join(os.tmpdir(), `svc-editor-not-built-${randomUUID()}`, "editor.js") }, {
        async seed(sql) {
          await seedShop(sql, { domain: SHOP });
          await seedSite(sql, { shop: SHOP, id: "ed-unbuilt", kind: "shopify" });
          await seedTest(sql, { id: "ed-draft", site: "ed-unbuilt" });
        },
      });

      it("answers 503 with a problem while the editor is not built, even for a valid token", async () => {
        const valid = signEditorToken(KEY, { site: "ed-unbuilt", test: "ed-draft", arm: "ed-draft-b", exp: nowSeconds() + 3600 });
        await expectProblem(await fetch(`${unbuilt.server.url}/editor.js?token=${valid}`), 503, "editor-unavailable");
      });
    });

    it("serves the current build as JavaScript for a valid token, never cached", async () => {
      if (!existsSync(EDITOR_BUILD)) {
        // This worktree has no editor build: a stand-in file proves the server hands out what is on disk.
        mkdirSync(path.dirname(EDITOR_BUILD), { recursive: true });
        writeFileSync(EDITOR_BUILD, "/* svc editor stand-in */ window.__svcEditorStandIn = true;\n");
        madeStub = true;
      }
      const res = await api(`/editor.js?token=${token("ed-draft", "ed-draft-b")}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(await res.text()).toBe(readFileSync(EDITOR_BUILD, "utf8"));
      // A test that has run still opens the editor (to look); its save is what is refused.
      expect((await api(`/editor.js?token=${token("ed-running", "ed-running-b")}`)).status).toBe(200);
    });

    it("answers a JSON problem, never JavaScript, for a missing, forged, expired, foreign or preview token", async () => {
      const valid = token("ed-draft", "ed-draft-b");
      const [payload, signature] = valid.split(".");
      const otherArm = Buffer.from(JSON.stringify({ site: sites.shop, test: "ed-draft", arm: "ed-draft-a", exp: nowSeconds() + 3600 })).toString("base64url");
      const cases: Array<[string, number, string]> = [
        ["/editor.js", 403, "editor-token-missing"],
        ["/editor.js?token=", 403, "editor-token-missing"],
        [`/editor.js?token=${otherArm}.${signature}`, 403, "editor-token-invalid"],
        [`/editor.js?token=${payload}.${signature?.slice(0, -2)}AA`, 403, "editor-token-invalid"],
        [`/editor.js?token=${signEditorToken(editorKeyFrom("another app's secret"), { site: sites.shop, test: "ed-draft", arm: "ed-draft-b", exp: nowSeconds() + 60 })}`, 403, "editor-token-invalid"],
        [`/editor.js?token=${signPreviewToken(PREVIEW_KEY, { site: sites.shop, test: "ed-draft", arm: "ed-draft-b", exp: nowSeconds() + 60 })}`, 403, "editor-token-invalid"],
        [`/editor.js?token=${token("ed-draft", "ed-draft-b", { exp: nowSeconds() - 1 })}`, 403, "editor-token-expired"],
        [`/editor.js?token=${token("ed-draft", "ed-running-b")}`, 404, "not-found"],
        [`/editor.js?token=${token("ed-other", "ed-other-b", { site: sites.shop })}`, 404, "not-found"],
        [`/editor.js?token=${token("no-such-test", "no-such-test-b")}`, 404, "not-found"],
        ["/editor.js?token=%3Cscript%3E", 403, "editor-token-invalid"],
        [`/editor.js?token=${"x".repeat(2000)}`, 403, "editor-token-invalid"],
      ];
      for (const [url, status, type] of cases) {
        const res = await api(url);
        expect(res.headers.get("content-type"), url).not.toContain("javascript");
        expect(res.headers.get("x-content-type-options")).toBe("nosniff");
        await expectProblem(res, status, type);
      }
    });
  });

  describe("GET /api/editor/session", () => {
    it("describes the test, every arm with its patches, the arm edited and the token's end", async () => {
      const exp = nowSeconds() + 1800;
      const res = await session(token("ed-draft", "ed-draft-b", { exp }), STOREFRONT);
      expect(res.status).toBe(200);
      expect(res.headers.get("access-control-allow-origin")).toBe(STOREFRONT);
      expect(res.headers.get("cache-control")).toContain("no-store");
      expect(res.headers.get("vary")).toContain("Origin");
      expect(await res.json()).toEqual({
        mode: "edit",
        site: sites.shop,
        test: { id: "ed-draft", name: "Test ed-draft", status: "draft", pages: ["/products/*", "/pages/about"] },
        arm: "ed-draft-b",
        arms: [
          { id: "ed-draft-a", name: "Original", control: true, patches: [] },
          { id: "ed-draft-b", name: "Bold headline", control: false, patches: [HEADLINE] },
          { id: "ed-draft-c", name: "Landing page", control: false, patches: [] },
        ],
        editable: true,
        expiresAt: exp * 1000,
      } satisfies EditorSession);
    });

    it("says a running test takes no changes", async () => {
      const body = (await (await session(token("ed-running", "ed-running-b"))).json()) as EditorSession;
      expect(body.test.status).toBe("running");
      expect(body.editable).toBe(false);
    });

    it("grants CORS to the site's own origins only", async () => {
      const web = await session(token("ed-web", "ed-web-b"), WEB_ORIGIN);
      expect(web.headers.get("access-control-allow-origin")).toBe(WEB_ORIGIN);
      for (const origin of ["https://evil.example", "http://www.example.com", STOREFRONT, "null"]) {
        const res = await session(token("ed-web", "ed-web-b"), origin);
        expect(res.status).toBe(200);
        expect(res.headers.get("access-control-allow-origin"), origin).toBeNull();
      }
      // A Shopify site's pages are on its myshopify.com origin.
      expect((await session(token("ed-draft", "ed-draft-b"), WEB_ORIGIN)).headers.get("access-control-allow-origin")).toBeNull();
    });

    it("refuses bad tokens as /editor.js does; an expired one is readable by the site's pages", async () => {
      await expectProblem(await session("not.valid"), 403, "editor-token-invalid");
      const expired = await session(token("ed-draft", "ed-draft-b", { exp: nowSeconds() - 5 }), STOREFRONT);
      expect(expired.headers.get("access-control-allow-origin")).toBe(STOREFRONT);
      await expectProblem(expired, 403, "editor-token-expired");
      const forged = await session(`${token("ed-draft", "ed-draft-b").split(".")[0]}.AAAA`, STOREFRONT);
      expect(forged.headers.get("access-control-allow-origin")).toBeNull();
    });
  });

  describe("PUT /api/editor/patches", () => {
    const EDITED: Patch[] = [
      { op: "text", sel: "#headline", value: "Free shipping today" },
      { op: "hide", sel: "p.fine-print" },
    ];

    it("answers the CORS preflight for the site's pages, and no other", async () => {
      const preflight = (origin: string, t = token("ed-save", "ed-save-b")) =>
        api(`/api/editor/patches?token=${t}`, {
          method: "OPTIONS",
          headers: { Origin: origin, "Access-Control-Request-Method": "PUT", "Access-Control-Request-Headers": "content-type" },
        });
      const ok = await preflight(STOREFRONT);
      expect(ok.status).toBe(204);
      expect(ok.headers.get("access-control-allow-origin")).toBe(STOREFRONT);
      expect(ok.headers.get("access-control-allow-methods")).toContain("PUT");
      expect(ok.headers.get("access-control-allow-headers")?.toLowerCase()).toContain("content-type");
      for (const refused of [await preflight("https://evil.example"), await preflight(STOREFRONT, "forged.token")]) {
        expect(refused.headers.get("access-control-allow-origin")).toBeNull();
        expect(refused.headers.get("access-control-allow-methods")).toBeNull();
      }
    });

    it("stores the arm's patches once, answers them, and serves them at once to that arm's preview", async () => {
      const res = await put(token("ed-save", "ed-save-b"), { patches: EDITED });
      expect(res.status).toBe(200);
      expect(res.headers.get("access-control-allow-origin")).toBe(STOREFRONT);
      expect(await res.json()).toEqual({ patches: EDITED });
      expect(await storedPatches("ed-save", "ed-save-b")).toEqual(EDITED);
      // Other arms are untouched.
      expect(await storedPatches("ed-save", "ed-save-a")).toEqual([]);
      const preview = signPreviewToken(PREVIEW_KEY, { site: sites.shop, test: "ed-save", arm: "ed-save-b", exp: nowSeconds() + 60 });
      const query = new URLSearchParams({ site: sites.shop, vid: newId(), sid: newId(), url: `${STOREFRONT}/`, preview });
      const served = (await (await api(`/api/patches?${query}`)).json()) as PatchesResponse;
      expect(served.tests).toEqual([expect.objectContaining({ test: "ed-save", arm: "ed-save-b", patches: EDITED })]);
    });

    it("refuses a bad patch with 422 and field paths, and writes nothing", async () => {
      const before = await storedPatches("ed-draft", "ed-draft-b");
      const t = token("ed-draft", "ed-draft-b");
      const bad = await put(t, { patches: [{ op: "text", sel: "#ok", value: "fine" }, { op: "hide", sel: "body" }, { op: "explode", sel: "#x" }] });
      expect(bad.headers.get("access-control-allow-origin")).toBe(STOREFRONT);
      const body = await expectProblem(bad, 422, "invalid-patches");
      expect(body.issues).toEqual(expect.arrayContaining([expect.stringMatching(/^patches\.1\.sel: A change cannot apply to html, head, body or :root/), expect.stringMatching(/^patches\.2\.op: Choose a change/)]));
      await expectProblem(await put(t, { patches: [{ op: "attr", sel: "a", name: "onclick", value: "steal()" }] }), 422, "invalid-patches");
      await expectProblem(await put(t, { changes: [] }), 422, "invalid-patches");
      await expectProblem(await put(t, [HEADLINE]), 422, "invalid-patches");
      await expectProblem(await put(t, "{not json"), 400, "invalid-body");
      await expectProblem(await put(t, { patches: [] }, STOREFRONT, "text/plain"), 415, "unsupported-media-type");
      expect(await storedPatches("ed-draft", "ed-draft-b")).toEqual(before);
    });

    // Issue 20, row 11: the server applies the editor's sanitiser rule (app/wire/rules/markup.ts) itself.
    it.each([
      ["a javascript: link", { op: "attr", sel: "a.buy", name: "href", value: "javascript:alert(document.cookie)" }, /^patches\.0\.value: Script \(javascript:\) and data: URLs/],
      ["a data: page", { op: "attr", sel: "a.buy", name: "href", value: "data:text/html,<script>alert(1)</script>" }, /^patches\.0\.value: Script/],
      ["srcdoc", { op: "attr", sel: "#x", name: "srcdoc", value: "<script>alert(1)</script>" }, /^patches\.0\.value: Script/],
      ["onerror= HTML", { op: "html", sel: "#lede", value: '<img src=x onerror="alert(1)">' }, /^patches\.0\.value: Remove what could run script or load a page: onerror$/],
      ["an encoded script link in HTML", { op: "html", sel: "#lede", value: '<a href="java&#x09;script&colon;alert(1)">x</a>' }, /href \(script or data: URL\)/],
      ["a script element", { op: "html", sel: "#lede", value: "<p>Hi</p><script>alert(1)</script>" }, /<script>/],
      ["a hide of every element", { op: "hide", sel: "*" }, /^patches\.0\.sel: This selector matches \(nearly\) every element/],
      ["a text replace of body's children", { op: "text", sel: "body > *", value: "x" }, /every element/],
      // Issue 33, row 13: a style sheet loaded rules and images from any host.
      ["a style sheet's @import", { op: "css", value: "@import url(/theme-extra.css);" }, /^patches\.0\.value: Load nothing from another site: remove @import/],
      ["a style sheet's image from another host", { op: "css", value: '.a[value^="x"] { background: url(https://evil.test/?x) }' }, /remove url\(https:\/\/evil\.test\/\?x\)/],
      ["a protocol-relative image", { op: "css", value: ".a { background: url(//evil.test/a.png) }" }, /remove url\(\/\/evil\.test\/a\.png\)/],
      ["a style value's image from another host", { op: "style", sel: "#lede", props: { background: "url('https://evil.test/a.png')" } }, /^patches\.0\.props\.background: Load nothing from another site/],
    ])("refuses %s with 422 and stores nothing", async (_what, patch, issue) => {
      const before = await storedPatches("ed-draft", "ed-draft-b");
      const body = await expectProblem(await put(token("ed-draft", "ed-draft-b"), { patches: [patch] }), 422, "invalid-patches");
      expect(body.issues).toEqual([expect.stringMatching(issue)]);
      expect(await storedPatches("ed-draft", "ed-draft-b")).toEqual(before);
    });

    it("stores what the editor's sanitiser keeps (links, images, inline data: images)", async () => {
      const kept: Patch[] = [
        { op: "html", sel: "#lede", value: '<a href="/shipping" title="<b>">Free</a> <img src="data:image/png;base64,iVBORw0KGgo=" alt="">' },
        { op: "attr", sel: "a.buy", name: "href", value: "https://svc-editor-api.myshopify.com/cart" },
        { op: "css", value: '.hero { background: url(/cdn/shop/files/hero.jpg), url("data:image/png;base64,iVBORw0KGgo=") } .a::before { content: "https://x.test" }' },
      ];
      const before = await storedPatches("ed-draft", "ed-draft-b");
      const res = await put(token("ed-draft", "ed-draft-b"), { patches: kept });
      expect(res.status).toBe(200);
      expect(await storedPatches("ed-draft", "ed-draft-b")).toEqual(kept);
      expect((await put(token("ed-draft", "ed-draft-b"), { patches: before })).status).toBe(200);
    });

    it("refuses changes to a test that has run (409), to the control and to a redirect, writing nothing", async () => {
      const locked = await expectProblem(await put(token("ed-running", "ed-running-b"), { patches: EDITED }), 409, "test-locked");
      expect(locked).toMatchObject({ detail: expect.stringContaining("is running") });
      expect(await storedPatches("ed-running", "ed-running-b")).toEqual([HEADLINE]);
      await expectProblem(await put(token("ed-draft", "ed-draft-a"), { patches: EDITED }), 409, "arm-is-control");
      await expectProblem(await put(token("ed-draft", "ed-draft-c"), { patches: EDITED }), 409, "arm-redirects");
      expect(await storedPatches("ed-draft", "ed-draft-a")).toEqual([]);
      expect(await storedPatches("ed-draft", "ed-draft-c")).toEqual([]);
    });

    it("refuses missing, forged, expired and preview tokens and other origins, writing nothing", async () => {
      const before = await storedPatches("ed-draft", "ed-draft-b");
      const body = { patches: EDITED };
      await expectProblem(await put(null, body), 403, "editor-token-missing");
      await expectProblem(await put(`${token("ed-draft", "ed-draft-b").split(".")[0]}.AAAA`, body), 403, "editor-token-invalid");
      await expectProblem(await put(token("ed-draft", "ed-draft-b", { exp: nowSeconds() - 1 }), body), 403, "editor-token-expired");
      await expectProblem(await put(signPreviewToken(PREVIEW_KEY, { site: sites.shop, test: "ed-draft", arm: "ed-draft-b", exp: nowSeconds() + 60 }), body), 403, "editor-token-invalid");
      const foreign = await put(token("ed-draft", "ed-draft-b"), body, "https://evil.example");
      expect(foreign.headers.get("access-control-allow-origin")).toBeNull();
      await expectProblem(foreign, 403, "origin-not-allowed");
      await expectProblem(await put(token("ed-draft", "ed-draft-b"), body, WEB_ORIGIN), 403, "origin-not-allowed");
      expect(await storedPatches("ed-draft", "ed-draft-b")).toEqual(before);
    });

    it("refuses a body over 2 MiB with 413 before reading it", async () => {
      const body = JSON.stringify({ patches: [{ op: "html", sel: "#x", value: "x".repeat(3 * 1024 * 1024) }] });
      // Its own connection: the server answers before the upload ends and closes it.
      const { status, text } = await new Promise<{ status: number; text: string }>((resolve, reject) => {
        const req = request(
          `${ctx.server.url}/api/editor/patches?token=${token("ed-draft", "ed-draft-b")}`,
          { method: "PUT", agent: false, headers: { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body) } },
          (res) => {
            let text = "";
            res.setEncoding("utf8").on("data", (chunk: string) => (text += chunk)).on("end", () => resolve({ status: res.statusCode ?? 0, text }));
          },
        );
        req.on("error", reject);
        req.end(body);
      });
      expect(status).toBe(413);
      expect(JSON.parse(text)).toMatchObject({ type: `${PROBLEM}body-too-large` });
      expect(await storedPatches("ed-draft", "ed-draft-b")).toEqual([HEADLINE]);
    });

    it("answers random bodies and tokens with a 4xx or what was stored, never a 5xx", async () => {
      const t = token("ed-save", "ed-save-b");
      const body = fc.oneof(
        fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)),
        fc.string({ maxLength: 200 }),
        fc.array(fc.record({ op: fc.constantFrom("text", "html", "attr", "class", "style", "css", "hide", "x"), sel: fc.string({ maxLength: 40 }), value: fc.oneof(fc.string({ maxLength: 40 }), fc.constant(null)) }), { maxLength: 4 }).map((patches) => JSON.stringify({ patches })),
      );
      await fc.assert(
        fc.asyncProperty(body, fc.oneof(fc.constant(t), fc.string({ maxLength: 80 })), async (text, tokenText) => {
          const res = await put(encodeURIComponent(tokenText), text);
          expect(res.status).toBeLessThan(500);
          if (res.status === 200) expect(await storedPatches("ed-save", "ed-save-b")).toEqual(((await res.json()) as { patches: Patch[] }).patches);
          const script = await api(`/editor.js?token=${encodeURIComponent(tokenText)}`);
          if (script.status !== 200) expect(script.headers.get("content-type")).not.toContain("javascript");
          // A valid token on a worktree without the editor's build: the one 5xx, and it is ours to fix, not the input.
          if (script.status >= 500) expect(((await script.json()) as { type: string }).type).toBe(`${PROBLEM}editor-unavailable`);
        }),
        { numRuns: 40 },
      );
    });

    it("answers other methods with 405", async () => {
      const res = await api(`/api/editor/patches?token=${token("ed-draft", "ed-draft-b")}`, { method: "POST", body: "{}" });
      await expectProblem(res, 405, "method-not-allowed");
      await expectProblem(await api(`/api/editor/patches?token=${token("ed-draft", "ed-draft-b")}`), 405, "method-not-allowed");
    });
  });
});
