// The admin home's install card on the real server: the app embed's state read from the live theme
// through the Admin API stand-in, the link that switches it on, and a page that survives Shopify failing.
import { describe, expect, it } from "vitest";
import { oneDatabase, oneDatabaseKind } from "../support/databases";
import { defaultSettingsData } from "../support/fake-shopify-admin";
import { APP, BROWSER, adminFetch, useShopifyServer } from "../support/shopify";

const HEADER = "/*\n * IMPORTANT: The contents of this file are auto-generated.\n */\n";
const SVC_BLOCK = "shopify://apps/svc-ab-tests/blocks/svc-embed/0b3f6c1e-7c5a-4a59-9a6e-3f1f0c2d9b11";

const activateUrl = (shop: string) =>
  `https://${shop}/admin/themes/current/editor?context=apps&amp;activateAppId=${APP.apiKey}/svc-embed`;

describe.each(oneDatabase)("install card (%s)", (kind) => {
  const ctx = useShopifyServer(kind);

  it("says the embed is off and links to the theme editor, top-level, ready to switch it on", async () => {
    const shop = "svc-card-off.myshopify.com";
    const res = await adminFetch(ctx.server.url, shop, "/app");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("App embed off");
    expect(html).toContain("in Dawn");
    expect(html).toMatch(new RegExp(`<a[^>]*href="${activateUrl(shop).replace(/[.?]/g, "\\$&")}"[^>]*target="_top"|<a[^>]*target="_top"[^>]*href="${activateUrl(shop).replace(/[.?]/g, "\\$&")}"`));
    const [themes] = ctx.admin.callsTo(shop, "themes");
    expect(themes?.query).toMatch(/themes\(first: 1, roles: \[MAIN\]\)/);
    const [theme] = ctx.admin.callsTo(shop, "theme");
    expect(theme?.variables).toEqual({ id: ctx.admin.shop(shop).themes[0]?.id });
  });

  it("says the embed is on when the live theme has it enabled", async () => {
    const shop = "svc-card-on.myshopify.com";
    const [live] = ctx.admin.shop(shop).themes;
    if (!live) throw new Error("the fake shop has no theme");
    live.files["config/settings_data.json"] = HEADER + defaultSettingsData({ "17005462843530419221": { type: SVC_BLOCK, disabled: false, settings: {} } });
    ctx.admin.shop(shop).themes.push({ id: "gid://shopify/OnlineStoreTheme/9", name: "Draft", role: "UNPUBLISHED", files: {} });
    const html = await (await adminFetch(ctx.server.url, shop, "/app")).text();
    expect(html).toContain("App embed on");
    expect(html).not.toContain("Turn on in theme editor");
  });

  it("says it could not check, and still serves the page, when the Admin API fails", async () => {
    const shop = "svc-card-down.myshopify.com";
    expect((await adminFetch(ctx.server.url, shop, "/app")).status).toBe(200);
    ctx.admin.shop(shop).failGraphqlWith = 500;
    const res = await adminFetch(ctx.server.url, shop, "/app");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("could not check");
    expect(html).toContain("svc: A/B tests");
    expect(html).toContain(activateUrl(shop));
    expect(ctx.server.output()).toContain(`[svc] could not check the app embed of ${shop}: the Admin API answered 500`);
  });
});

describe("install card in the local demo", () => {
  const ctx = useShopifyServer(oneDatabaseKind, { SVC_DEMO: "1" });

  it("says the embed is simulated, without asking Shopify", async () => {
    const res = await fetch(`${ctx.server.url}/app`, { headers: BROWSER });
    expect(res.status).toBe(200);
    expect(await res.text()).toMatch(/local demo: the embed is simulated at <a href="\/demo\/shopify">\/demo\/shopify<\/a>/);
    expect(ctx.admin.calls).toEqual([]);
  });
});
