// Audience rules end to end in Chromium, on the demo storefront (/demo) and the demo Shopify storefront
// (/demo/shopify): a mobile-only test is never served to a desktop browser and is to an emulated phone; a
// returning-only test is served on the second visit (a new tab of the same browser) only; a
// utm_source=newsletter test is served for the whole session that landed with it, later pageviews without
// the parameter included, and not to a direct visit; the page rules (a query parameter, a cookie) hold on
// the pages that have them only. Each test's only arm with weight is its variant, which
// marks the page with an attribute of its own, so being served shows on the page.
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DEMO_SHOPIFY_SITE_ID, DEMO_SITE_ID } from "~/demo/constants";
import { devices } from "../support/browser";
import { useDemoInChromium } from "../support/demo-in-chromium";
import { seedTest } from "../support/seed";

const STOREFRONTS = [
  { name: "/demo", site: DEMO_SITE_ID, path: "/demo", target: "#lede", consent: "Allow" },
  { name: "/demo/shopify", site: DEMO_SHOPIFY_SITE_ID, path: "/demo/shopify", target: "#price", consent: "Accept" },
] as const;

const AUDIENCES = {
  mobile: [{ kind: "device", values: ["mobile"] }],
  returning: [{ kind: "visitor", values: ["returning"] }],
  newsletter: [{ kind: "utm", name: "source", values: ["newsletter"] }],
  promo: [{ kind: "query", name: "promo", values: ["summer"] }],
  vip: [{ kind: "cookie", name: "vip", values: ["gold"] }],
} as const;
type Audience = keyof typeof AUDIENCES;

describe("audience rules on the demo storefronts", () => {
  const demo = useDemoInChromium("pglite", {
    async seed(sql) {
      for (const store of STOREFRONTS) {
        for (const [name, audience] of Object.entries(AUDIENCES)) {
          await seedTest(sql, {
            id: `aud-${name}-${store.site}`,
            site: store.site,
            status: "running",
            pages: [store.path],
            audience,
            // The control has no weight: whoever is in the audience sees the variant's mark.
            arms: [{ weight: 0 }, { patches: [{ op: "attr", sel: store.target, name: `data-aud-${name}`, value: "1" }] }],
          });
        }
      }
    },
  });

  /** Opens `url` in a new tab of `context`, answers the consent banner when asked, and waits until svc has run. */
  async function visit(context: BrowserContext, store: (typeof STOREFRONTS)[number], url: string, consent: boolean): Promise<Page> {
    const page = await context.newPage();
    await page.goto(`${demo.server.url}${url}`);
    if (consent) await page.getByRole("button", { name: store.consent }).click();
    await page.waitForFunction(() => typeof (window as { svc?: unknown }).svc === "object", null, { timeout: 15_000 });
    return page;
  }

  /** The audiences whose test marked the page: those served to this visitor. */
  const served = (page: Page, store: (typeof STOREFRONTS)[number]) =>
    page.locator(store.target).evaluate((el, names) => names.filter((n) => el.hasAttribute(`data-aud-${n}`)), Object.keys(AUDIENCES) as Audience[]);

  describe.each(STOREFRONTS)("on $name", (store) => {
    it("never serves a mobile-only test to a desktop browser, and serves it to a phone", async () => {
      const desktop = await demo.browser.newContext();
      const page = await visit(desktop, store, store.path, true);
      expect(await served(page, store)).not.toContain("mobile");
      // Not on later pages either.
      await page.reload();
      await page.waitForFunction(() => typeof (window as { svc?: unknown }).svc === "object", null, { timeout: 15_000 });
      expect(await served(page, store)).not.toContain("mobile");
      await desktop.close();

      const phone = await demo.browser.newContext({ ...devices["iPhone 13"] });
      const mobilePage = await visit(phone, store, store.path, true);
      expect(await mobilePage.evaluate(() => navigator.userAgent)).toMatch(/iPhone/);
      expect(await served(mobilePage, store)).toContain("mobile");
      await phone.close();
    });

    it("serves a returning-only test on the second visit only", async () => {
      const context = await demo.browser.newContext();
      const first = await visit(context, store, store.path, true);
      expect(await served(first, store)).not.toContain("returning");
      // The same tab's next page is the same visit.
      await first.reload();
      await first.waitForFunction(() => typeof (window as { svc?: unknown }).svc === "object", null, { timeout: 15_000 });
      expect(await served(first, store)).not.toContain("returning");
      await first.close();
      // A new tab is a new visit of the same browser: consent and the visitor id are remembered.
      const second = await visit(context, store, store.path, false);
      expect(await served(second, store)).toContain("returning");
      await context.close();
    });

    it("serves a utm_source=newsletter test for the whole session that landed with it, and not to a direct visit", async () => {
      const context = await demo.browser.newContext();
      const page = await visit(context, store, `${store.path}?utm_source=newsletter`, true);
      expect(await served(page, store)).toContain("newsletter");
      // A later pageview without the parameter, asking the server again (the cached answer dropped): still served.
      await page.evaluate(() => localStorage.removeItem("svc_cfg"));
      const asked = page.waitForRequest((r) => new URL(r.url()).pathname === "/api/patches");
      await page.goto(`${demo.server.url}${store.path}`);
      expect(new URL((await asked).url()).searchParams.get("utm_source")).toBe("newsletter");
      await page.waitForFunction(() => typeof (window as { svc?: unknown }).svc === "object", null, { timeout: 15_000 });
      expect(new URL(page.url()).search).toBe("");
      expect(await served(page, store)).toContain("newsletter");
      await context.close();

      const direct = await demo.browser.newContext();
      const directPage = await visit(direct, store, store.path, true);
      expect(await served(directPage, store)).not.toContain("newsletter");
      await direct.close();
    });

    it("checks the page rules on each page: a query parameter, and a cookie that never leaves the browser", async () => {
      const context = await demo.browser.newContext();
      const plain = await visit(context, store, store.path, true);
      expect(await served(plain, store)).not.toContain("promo");
      expect(await served(plain, store)).not.toContain("vip");
      await plain.close();

      const promo = await visit(context, store, `${store.path}?promo=summer`, false);
      expect(await served(promo, store)).toContain("promo");
      await promo.close();

      await context.addCookies([{ name: "vip", value: "gold", url: demo.server.url }]);
      const asked: string[] = [];
      const vip = await context.newPage();
      vip.on("request", (r) => asked.push(r.url()));
      await vip.goto(`${demo.server.url}${store.path}`);
      await vip.waitForFunction(() => typeof (window as { svc?: unknown }).svc === "object", null, { timeout: 15_000 });
      expect(await served(vip, store)).toEqual(expect.arrayContaining(["vip"]));
      expect(await served(vip, store)).not.toContain("promo");
      expect(asked.filter((url) => url.includes("gold"))).toEqual([]);
      await context.close();
    });
  });
});
