// Sites & install on the real server with session tokens for two shops: adding and editing web sites,
// field errors with nothing written, another shop's site answered 404, and resuming a site svc paused.
import { describe, expect, it } from "vitest";
import { SITE_ID_PATTERN } from "~/wire/rules/site-id";
import { databaseKinds } from "../support/databases";
import { adminFetch, useShopifyServer } from "../support/shopify";
import { loaderData, postAction } from "../support/admin-route-data";
import { seedTest } from "../support/seed";

const A = "svc-sites-a.myshopify.com";
const B = "svc-sites-b.myshopify.com";
const SITES = "routes/app.sites._index";
const SITE = "routes/app.sites.$siteId";

const webSite = {
  name: "Blog",
  domain: "Blog.Example.com/",
  allowedOrigins: "https://blog.example.com\nhttps://www.example.com",
  consentCountries: "de, fr",
  consentManagedByMerchant: "on",
};

describe.each(databaseKinds)("sites admin (%s)", (kind) => {
  const ctx = useShopifyServer(kind);
  const url = () => ctx.server.url;
  let siteId = "";

  const sitesOf = async (shop: string) => (await loaderData(url(), shop, "/app/sites", SITES)).data.sites as Array<Record<string, unknown>>;

  it("shows each shop its storefront site, the embed card and the way to add a web site", async () => {
    for (const shop of [A, B]) {
      const res = await adminFetch(url(), shop, "/app/sites");
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain("Sites &amp; install");
      expect(html).toContain("Add web site");
      expect(html).toContain("App embed");
    }
    const sites = await sitesOf(A);
    expect(sites).toEqual([expect.objectContaining({ kind: "shopify", status: "active" })]);
  });

  it("shows the storefront's own page with its app embed card, not a pointer back to Sites & install", async () => {
    const [storefront] = await sitesOf(A);
    const res = await adminFetch(url(), A, `/app/sites/${storefront!.id as string}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("App embed");
    expect(html).toContain("switched on in your theme editor under App embeds");
    expect(html).not.toMatch(/from Sites &amp; install/);
  });

  it("answers field errors for an invalid web site and writes nothing", async () => {
    const res = await postAction(url(), A, "/app/sites/new", { name: " ", domain: "http://blog.example.com/x", allowedOrigins: "not an origin", consentCountries: "UK" });
    expect(res.status).toBe(400);
    expect(Object.keys(res.data.fieldErrors).sort()).toEqual(["allowedOrigins", "consentCountries", "domain", "name"]);
    expect(res.data.fieldErrors.consentCountries).toContain("UK");
    expect(await sitesOf(A)).toHaveLength(1);
  });

  it("adds a web site with a new Site ID, normalised fields and the consent-granted tag", async () => {
    const res = await postAction(url(), A, "/app/sites/new", webSite);
    expect(res.status).toBe(201);
    siteId = res.data.site.id;
    expect(siteId).toMatch(SITE_ID_PATTERN);
    const site = (await loaderData(url(), A, `/app/sites/${siteId}`, SITE)).data;
    expect(site).toMatchObject({
      id: siteId,
      kind: "web",
      name: "Blog",
      domain: "https://blog.example.com",
      allowedOrigins: ["https://blog.example.com", "https://www.example.com"],
      consentCountries: ["DE", "FR"],
      consentManagedByMerchant: true,
      status: "active",
      keys: [],
    });
    expect(site.tag).toBe(`<script src="https://svc.test/snippet.js" async data-svc-site="${siteId}" data-svc-consent="granted"></script>`);
    expect(site.installRules.join(" ")).toMatch(/inside <head>.*Once per page/);
    expect((await sitesOf(A)).map((s) => s.id)).toContain(siteId);
    // The snippet's endpoints know the new site at once.
    const consent = await fetch(`${url()}/api/consent?site=${siteId}`);
    expect(consent.status).toBe(200);
  });

  it("shows the site's page with its Site ID and tag", async () => {
    const res = await adminFetch(url(), A, `/app/sites/${siteId}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(siteId);
    expect(html).toContain("data-svc-consent=&quot;granted&quot;");
    expect(html).toContain("Copy tag");
  });

  it("saves an edit, and refuses an invalid one with field errors and nothing changed", async () => {
    const bad = await postAction(url(), A, `/app/sites/${siteId}`, { intent: "update", ...webSite, name: "Shop blog", domain: "" });
    expect(bad.status).toBe(400);
    expect(bad.data.fieldErrors).toEqual({ domain: expect.any(String) });
    expect((await loaderData(url(), A, `/app/sites/${siteId}`, SITE)).data.name).toBe("Blog");

    const good = await postAction(url(), A, `/app/sites/${siteId}`, { intent: "update", name: "Shop blog", domain: "shop.example.com", allowedOrigins: "", consentCountries: "" });
    expect(good.status).toBe(200);
    const site = (await loaderData(url(), A, `/app/sites/${siteId}`, SITE)).data;
    expect(site).toMatchObject({ name: "Shop blog", domain: "https://shop.example.com", allowedOrigins: [], consentCountries: [], consentManagedByMerchant: false });
    expect(site.tag).not.toContain("data-svc-consent");
  });

  it("answers 404 to another shop for every loader and action on the site, and changes nothing", async () => {
    const page = await adminFetch(url(), B, `/app/sites/${siteId}`);
    expect(page.status).toBe(404);
    expect(await page.text()).not.toContain("Shop blog");
    expect((await loaderData(url(), B, `/app/sites/${siteId}`, SITE)).status).toBe(404);
    const attempts: Array<Record<string, string>> = [
      { intent: "update", name: "Taken over", domain: "evil.example.com" },
      { intent: "resume" },
      { intent: "create-key", name: "Stolen" },
      { intent: "revoke-key", keyId: "x" },
    ];
    for (const fields of attempts) {
      const res = await postAction(url(), B, `/app/sites/${siteId}`, fields);
      expect({ intent: fields.intent, status: res.status, type: res.data.type }).toEqual({
        intent: fields.intent,
        status: 404,
        type: "https://svc.dev/problems/site-not-found",
      });
    }
    const resume = await postAction(url(), B, "/app/sites?index", { intent: "resume", siteId });
    expect(resume.status).toBe(404);
    const site = (await loaderData(url(), A, `/app/sites/${siteId}`, SITE)).data;
    expect(site).toMatchObject({ name: "Shop blog", keys: [] });
    expect((await sitesOf(B)).map((s) => s.id)).not.toContain(siteId);
  });

  it("answers an unknown intent with a problem, not a 500", async () => {
    const res = await postAction(url(), A, `/app/sites/${siteId}`, { intent: "explode" });
    expect(res.status).toBe(400);
    expect(res.data.type).toBe("https://svc.dev/problems/unknown-intent");
  });

  it("shows svc's pause with its reason and resumes the site with the tests svc paused, not the merchant's", async () => {
    const reason = "Paused by svc: sustained exposure misuse";
    await ctx.sql(async (sql) => {
      await sql.query(`UPDATE "Site" SET status = 'paused', "pausedReason" = $2, "pausedAt" = now() WHERE "publicId" = $1`, [siteId, reason]);
      await seedTest(sql, { id: "t-svc", site: siteId, status: "paused", pausedReason: reason });
      await seedTest(sql, { id: "t-merchant", site: siteId, status: "paused" });
    });
    const html = await (await adminFetch(url(), A, "/app/sites")).text();
    expect(html).toContain(reason);
    expect(html).toContain("Resume site");
    expect((await sitesOf(A)).find((s) => s.id === siteId)).toMatchObject({ status: "paused", pausedReason: reason });

    expect((await postAction(url(), B, "/app/sites?index", { intent: "resume", siteId })).status).toBe(404);
    expect((await sitesOf(A)).find((s) => s.id === siteId)).toMatchObject({ status: "paused" });

    const res = await postAction(url(), A, "/app/sites?index", { intent: "resume", siteId });
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ intent: "resume", resumedTests: 1 });
    expect((await sitesOf(A)).find((s) => s.id === siteId)).toMatchObject({ status: "active", pausedReason: null, runningTests: 1, tests: 2 });
    const again = await postAction(url(), A, `/app/sites/${siteId}`, { intent: "resume" });
    expect(again.status).toBe(409);
    const tests = await ctx.sql((sql) => sql.query<{ id: string; status: string }>(`SELECT id, status FROM "Test" ORDER BY id`));
    expect(tests).toEqual([
      { id: "t-merchant", status: "paused" },
      { id: "t-svc", status: "running" },
    ]);
  });
});
