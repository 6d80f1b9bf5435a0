// Preview links on the real server: the shop's links per arm, and /api/patches forcing the link's arm of a draft
// test (ttl 0) while ignoring expired, tampered and other sites' tokens; another shop's test is a 404.
import { beforeAll, describe, expect, it } from "vitest";
import { previewKeyFrom, signPreviewToken } from "~/domain/links/preview-token";
import type { PatchesResponse } from "~/wire";
import { oneDatabase } from "../support/databases";
import { seedSite, seedTest, storefrontSite, type TestSeed } from "../support/seed";
import { APP, adminFetch, useShopifyServer } from "../support/shopify";
import { newId } from "../support/snippet-client";

const SHOP = "svc-preview.myshopify.com";
const OTHER = "svc-preview-other.myshopify.com";
const KEY = previewKeyFrom(APP.apiSecretKey);
const HEADLINE = { op: "text", sel: "#headline", value: "Preview me" };

interface Links {
  links: { armId: string; key: string; name: string; url: string; expiresAt: string }[];
  endAtRestart: boolean;
}

describe.each(oneDatabase)("preview links (%s)", (kind) => {
  const ctx = useShopifyServer(kind);
  const sites = { shop: "", other: "", web: "", webNoDomain: "" };

  const linksOf = (testId: string, shop = SHOP) => adminFetch(ctx.server.url, shop, `/app/tests/${testId}/preview`);
  const patches = async (site: string, preview?: string, vid = newId()) => {
    const query = new URLSearchParams({ site, vid, sid: newId(), url: "https://shop.test/products/mug" });
    if (preview !== undefined) query.set("preview", preview);
    const res = await fetch(`${ctx.server.url}/api/patches?${query}`);
    expect(res.status).toBe(200);
    return (await res.json()) as PatchesResponse;
  };
  const tokenOf = (url: string) => new URL(url).searchParams.get("svc_preview") ?? "";

  beforeAll(async () => {
    // Installing creates each shop and its Shopify site, as afterAuth does for a real store.
    for (const shop of [SHOP, OTHER]) expect((await adminFetch(ctx.server.url, shop, "/app")).status).toBe(200);
    await ctx.sql(async (sql) => {
      sites.shop = (await storefrontSite(sql, SHOP)).publicId;
      sites.other = (await storefrontSite(sql, OTHER)).publicId;
      sites.web = "preview-web";
      sites.webNoDomain = "preview-web-nodomain";
      await seedSite(sql, { shop: SHOP, id: sites.web, domain: "https://www.example.com" });
      await seedSite(sql, { shop: SHOP, id: sites.webNoDomain });
      const test = (id: string, site: string, status: TestSeed["status"], pages: string[]) =>
        seedTest(sql, { id, site, status, pages, arms: [{}, { name: "Bold headline", patches: [HEADLINE] }] });
      await test("pv-draft", sites.shop, "draft", ["/products/*", "/"]);
      await test("pv-archived", sites.shop, "archived", ["/"]);
      await test("pv-web", sites.web, "paused", ["/blog"]);
      await test("pv-nodomain", sites.webNoDomain, "draft", ["/"]);
      await test("pv-other", sites.other, "draft", ["/"]);
    });
  });

  it("gives one signed link per arm of a draft test, on the shop's storefront, for 24 hours", async () => {
    const res = await linksOf("pv-draft");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toContain("no-store");
    const body = (await res.json()) as Links;
    expect(body.endAtRestart).toBe(false);
    expect(body.links.map((l) => [l.armId, l.key, l.name])).toEqual([
      ["pv-draft-a", "control", "Original"],
      ["pv-draft-b", "b", "Bold headline"],
    ]);
    for (const link of body.links) {
      expect(link.url).toMatch(new RegExp(`^https://${SHOP.replace(/\./g, "\\.")}/\\?svc_preview=[\\w-]+\\.[\\w-]+$`));
      const hours = (Date.parse(link.expiresAt) - Date.now()) / 3_600_000;
      expect(hours).toBeGreaterThan(23.9);
      expect(hours).toBeLessThanOrEqual(24);
    }
  });

  it("opens a web site's links on its own domain, and says when the site has none", async () => {
    const web = (await (await linksOf("pv-web")).json()) as Links;
    expect(web.links[0]?.url).toMatch(/^https:\/\/www\.example\.com\/blog\?svc_preview=/);
    const res = await linksOf("pv-nodomain");
    expect(res.status).toBe(409);
    expect(res.headers.get("content-type")).toContain("application/problem+json");
    expect(await res.json()).toMatchObject({ type: "https://svc.dev/problems/site-domain-missing", status: 409 });
  });

  it("makes no links for an archived test", async () => {
    const res = await linksOf("pv-archived");
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ type: "https://svc.dev/problems/test-archived" });
  });

  it("answers 404 for another shop's test, or none, and tells nothing about it", async () => {
    for (const id of ["pv-other", "no-such-test"]) {
      const res = await linksOf(id);
      expect(res.status).toBe(404);
      const text = await res.text();
      expect(text).not.toContain("svc_preview");
      expect(text).not.toContain("Test pv-other");
    }
    // The owner gets its own links, for its own site.
    const own = (await (await linksOf("pv-other", OTHER)).json()) as Links;
    expect(own.links[0]?.url).toContain(`https://${OTHER}/`);
  });

  it("serves the link's arm of the draft test to every visitor holding it, with ttl 0", async () => {
    const { links } = (await (await linksOf("pv-draft")).json()) as Links;
    const [control, variant] = links.map((l) => tokenOf(l.url));
    for (let i = 0; i < 5; i++) {
      expect(await patches(sites.shop, variant)).toEqual({
        ttl: 0,
        tests: [{ test: "pv-draft", arm: "pv-draft-b", pages: ["/products/*", "/"], when: "#headline", patches: [HEADLINE] }],
      });
      expect(await patches(sites.shop, control)).toEqual({
        ttl: 0,
        tests: [{ test: "pv-draft", arm: "pv-draft-a", pages: ["/products/*", "/"], when: "#headline" }],
      });
    }
  });

  it("answers as without a token when there is none: the draft test is not served", async () => {
    expect(await patches(sites.shop)).toEqual({ ttl: 300, tests: [] });
    expect(await patches(sites.shop, "")).toEqual({ ttl: 300, tests: [] });
  });

  it("ignores expired, tampered, foreign-key, other-site and archived-test tokens: the normal answer", async () => {
    const now = Math.floor(Date.now() / 1000);
    const claims = { site: sites.shop, test: "pv-draft", arm: "pv-draft-b", exp: now + 3600 };
    const valid = signPreviewToken(KEY, claims);
    expect((await patches(sites.shop, valid)).ttl).toBe(0);
    const [payload, signature] = valid.split(".");
    const forged = Buffer.from(JSON.stringify({ ...claims, arm: "pv-draft-a" })).toString("base64url");
    const bad = [
      signPreviewToken(KEY, { ...claims, exp: now - 1 }),
      `${forged}.${signature}`,
      `${payload}.${signature?.slice(0, -2)}AA`,
      signPreviewToken(previewKeyFrom("another app's secret"), claims),
      signPreviewToken(KEY, { ...claims, test: "pv-archived", arm: "pv-archived-b" }),
      signPreviewToken(KEY, { ...claims, test: "pv-other", arm: "pv-other-b" }),
      signPreviewToken(KEY, { ...claims, arm: "pv-other-b" }),
      "garbage",
      "x".repeat(2000),
    ];
    for (const token of bad) expect(await patches(sites.shop, token)).toEqual({ ttl: 300, tests: [] });
    // A valid token for this shop's site does nothing on another site.
    expect(await patches(sites.other, valid)).toEqual({ ttl: 300, tests: [] });
  });

  it("still refuses a malformed request with a preview token (a problem, not a 500)", async () => {
    const res = await fetch(`${ctx.server.url}/api/patches?site=${sites.shop}&vid=&sid=${newId()}&preview=abc`);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ type: "https://svc.dev/problems/invalid-query" });
  });
});
