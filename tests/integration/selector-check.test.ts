// The pre-start selector check on the real server: the admin's check link (a check token on the test's page),
// the session it opens in check mode, POST /api/editor/check validated (problems for bad input, a report on
// changes edited meanwhile refused) and stored as the test's last check, which the test's page reviews; a
// check token never saves patches and an editor token never reports a check.
import { beforeAll, describe, expect, it } from "vitest";
import { checkKeyFrom, editorKeyFrom, signEditorToken } from "~/domain/links/editor-token";
import { previewKeyFrom } from "~/domain/links/preview-token";
import type { Patch } from "~/wire";
import type { EditorSession } from "~/wire/editor";
import { loaderData } from "../support/admin-route-data";
import { embeddedOnly } from "../support/databases";
import { storefrontSite } from "../support/seed";
import { seedTest } from "../support/seed";
import { adminFetch, APP, useShopifyServer } from "../support/shopify";

const SHOP = "svc-selector-check.myshopify.com";
const STOREFRONT = `https://${SHOP}`;
const PREVIEW_KEY = previewKeyFrom(APP.apiSecretKey);
const CHECK_KEY = checkKeyFrom(PREVIEW_KEY);
const EDIT_KEY = editorKeyFrom(PREVIEW_KEY);
const PROBLEM = "https://svc.dev/problems/";
const PROMO: Patch = { op: "hide", sel: ".promo-bar" };
const HEADLINE: Patch = { op: "text", sel: "#headline", value: "Warmer" };
const TEST_ROUTE = "routes/app.tests.$testId";

const nowSeconds = () => Math.floor(Date.now() / 1000);
const tokenOf = (url: string) => new URL(url).hash.replace(/^#svc-editor=/, "");

describe.each(embeddedOnly)("selector check (%s)", (kind) => {
  const ctx = useShopifyServer(kind);
  let site = "";
  // Each token its own (a check token reports once): signed a second apart in its expiry.
  let made = 0;
  const checkToken = (test: string, key = CHECK_KEY) => signEditorToken(key, { site, test, arm: `${test}-a`, exp: nowSeconds() + 600 + made++ });
  const report = (token: string, body: unknown, origin: string | null = STOREFRONT) =>
    fetch(`${ctx.server.url}/api/editor/check?token=${token}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...(origin && { Origin: origin }) },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
  const counts = (promo: number | null, headline: number | null) => ({
    page: "/products/shirt",
    changes: [
      { arm: "sc-draft-b", index: 0, sel: ".promo-bar", matched: promo },
      { arm: "sc-draft-b", index: 1, sel: "#headline", matched: headline },
    ],
  });
  const problem = async (res: Response, status: number, type: string) => {
    expect(res.status).toBe(status);
    expect(res.headers.get("content-type")).toContain("application/problem+json");
    const body = (await res.json()) as { type: string; issues?: string[] };
    expect(body.type).toBe(PROBLEM + type);
    return body;
  };
  const checkLink = (test: string, fields: Record<string, string> = {}) =>
    adminFetch(ctx.server.url, SHOP, `/app/tests/${test}/check`, { method: "POST", body: new URLSearchParams(fields) });

  beforeAll(async () => {
    expect((await adminFetch(ctx.server.url, SHOP, "/app")).status).toBe(200);
    await ctx.sql(async (sql) => {
      site = (await storefrontSite(sql, SHOP)).publicId;
      await seedTest(sql, { id: "sc-draft", site, pages: ["/products/shirt"], goals: ["signup"], arms: [{}, { name: "Bold button", patches: [PROMO, HEADLINE] }] });
      await seedTest(sql, { id: "sc-empty", site, pages: ["/"], arms: [{}, { name: "Same", patches: [{ op: "css", value: "p{}" }] }] });
    });
  });

  it("makes a check link on the test's page, whose session opens in check mode over every arm", async () => {
    const res = await checkLink("sc-draft");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toContain("no-store");
    const body = (await res.json()) as { url: string; requestedAt: string; expiresAt: string };
    expect(body.url).toMatch(new RegExp(`^${STOREFRONT}/products/shirt#svc-editor=`));
    expect(Date.parse(body.expiresAt) - Date.parse(body.requestedAt)).toBe(15 * 60 * 1000);
    const session = (await (await fetch(`${ctx.server.url}/api/editor/session?token=${tokenOf(body.url)}`)).json()) as EditorSession;
    expect(session).toMatchObject({ mode: "check", editable: false, arm: "sc-draft-a" });
    expect(session.arms.map((a) => a.patches)).toEqual([[], [PROMO, HEADLINE]]);
    expect((await fetch(`${ctx.server.url}/editor.js?token=${tokenOf(body.url)}`)).status).not.toBe(403);
  });

  it("refuses a link for a test with nothing to check, a page off the site, or another shop's test", async () => {
    await problem(await checkLink("sc-empty"), 422, "nothing-to-check");
    const off = await problem(await checkLink("sc-draft", { url: "https://evil.example/products/shirt" }), 422, "invalid-check-request");
    expect(off.issues?.[0]).toMatch(/^url: Open a page of this site/);
    await problem(await checkLink("sc-none"), 404, "not-found");
  });

  it("stores a report and the test's page warns on the change that matched nothing, only that one", async () => {
    const res = await report(checkToken("sc-draft"), counts(0, 1));
    expect(res.status).toBe(200);
    expect(res.headers.get("access-control-allow-origin")).toBe(STOREFRONT);
    expect(await res.json()).toMatchObject({ page: "/products/shirt", counted: 2, unmatched: 1 });
    const { data } = await loaderData(ctx.server.url, SHOP, "/app/tests/sc-draft", TEST_ROUTE);
    expect(data.selectorCheck.last).toMatchObject({ page: "/products/shirt", counted: 2, current: true, onTestPages: true });
    expect(data.selectorCheck.last.warnings.map((w: { sentence: string }) => w.sentence)).toEqual([
      "Arm 'Bold button': 'Hide elements' selector `.promo-bar` matched nothing on /products/shirt",
    ]);
    // A later check replaces it.
    expect((await report(checkToken("sc-draft"), counts(2, 1))).status).toBe(200);
    expect((await loaderData(ctx.server.url, SHOP, "/app/tests/sc-draft", TEST_ROUTE)).data.selectorCheck.last.warnings).toEqual([]);
  });

  it("answers problems for bad input, and stores nothing", async () => {
    const token = checkToken("sc-draft");
    await problem(await report(token, "{not json"), 400, "invalid-body");
    const bad = await problem(await report(token, { ...counts(0, 1), page: "products" }), 422, "invalid-check-report");
    expect(bad.issues).toEqual(["page: a path starting with /, up to 512 characters"]);
    await problem(await report(token, { page: "/", changes: [{ arm: "sc-draft-b", index: 0, sel: ".promo-bar", matched: -1 }] }), 422, "invalid-check-report");
    // Changes edited while the page was checked: an old selector, or one change left out.
    const outdated = await problem(await report(token, { ...counts(0, 1), changes: [{ ...counts(0, 1).changes[0]!, sel: ".old" }, counts(0, 1).changes[1]] }), 409, "check-outdated");
    expect(outdated.issues).toEqual(["changes.0: arm sc-draft-b has no change 0 with this selector now"]);
    await problem(await report(token, { ...counts(0, 1), changes: counts(0, 1).changes.slice(1) }), 409, "check-outdated");
    await problem(await report(token, counts(0, 1), "https://evil.example"), 403, "origin-not-allowed");
    const notJson = await fetch(`${ctx.server.url}/api/editor/check?token=${token}`, { method: "POST", headers: { "Content-Type": "text/plain" }, body: "{}" });
    await problem(notJson, 415, "unsupported-media-type");
    await problem(await fetch(`${ctx.server.url}/api/editor/check?token=${token}`), 405, "method-not-allowed");
    await problem(await report("", counts(0, 1)), 403, "editor-token-missing");
    await problem(await report(signEditorToken(CHECK_KEY, { site, test: "sc-draft", arm: "sc-draft-a", exp: nowSeconds() - 1 }), counts(0, 1)), 403, "editor-token-expired");
    expect((await loaderData(ctx.server.url, SHOP, "/app/tests/sc-draft", TEST_ROUTE)).data.selectorCheck.last.warnings).toEqual([]);
  });

  // Issue 33, row 13: a check token reported any number of times, so its holder could replace the page's
  // real counts with made-up ones for 15 minutes.
  it("takes one report per check token: a second one, even of other counts, is refused and changes nothing", async () => {
    const token = checkToken("sc-draft");
    expect((await report(token, counts(3, 1))).status).toBe(200);
    await problem(await report(token, counts(0, 0)), 409, "check-token-used");
    await problem(await report(token, counts(3, 1)), 409, "check-token-used");
    const twice = await Promise.all([checkToken("sc-draft")].flatMap((t) => [report(t, counts(0, 0)), report(t, counts(0, 0))]));
    expect(twice.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await loaderData(ctx.server.url, SHOP, "/app/tests/sc-draft", TEST_ROUTE)).data.selectorCheck.last.warnings).toHaveLength(2);
    // A new token (Check again) reports.
    expect((await report(checkToken("sc-draft"), counts(2, 1))).status).toBe(200);
    expect((await loaderData(ctx.server.url, SHOP, "/app/tests/sc-draft", TEST_ROUTE)).data.selectorCheck.last.warnings).toEqual([]);
  });

  it("keeps the two tokens apart: an editor token reports no check, a check token saves no patches", async () => {
    await problem(await report(checkToken("sc-draft", EDIT_KEY), counts(0, 1)), 403, "editor-token-invalid");
    const save = await fetch(`${ctx.server.url}/api/editor/patches?token=${checkToken("sc-draft")}`, {
      method: "PUT",
      headers: { "Content-Type": "application/json", Origin: STOREFRONT },
      body: JSON.stringify({ patches: [] }),
    });
    await problem(save, 403, "editor-token-invalid");
  });

  it("answers the preflight for the site's own pages only", async () => {
    const preflight = (origin: string) => fetch(`${ctx.server.url}/api/editor/check?token=${checkToken("sc-draft")}`, { method: "OPTIONS", headers: { Origin: origin } });
    const own = await preflight(STOREFRONT);
    expect(own.status).toBe(204);
    expect(own.headers.get("access-control-allow-methods")).toBe("POST, OPTIONS");
    expect((await preflight("https://evil.example")).headers.get("access-control-allow-origin")).toBeNull();
  });
});
