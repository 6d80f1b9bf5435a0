// The app embed on a demo Shopify page no test targets, in Chromium: the snippet's tag is added once the first
// contentful paint is reported, so that first paint pays nothing for svc (issue 24), and the snippet then runs as
// from the tag; without paint timing two frames later; with no paint reported when the page is hidden or after
// 3 s; on a page hidden from the start, at once.
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { useDemoInChromium } from "../support/demo-in-chromium";

const SNIPPET = 'script[src*="/snippet.js?for=shopify"]';

/**
 * Runs in the page before its own scripts: notes when the snippet's tag was added, and whether before the
 * first animation frame's callbacks ran (this probe's runs first: it asked first).
 */
function probeInsertion(selector: string) {
  const w = window as unknown as { __frameSeen: boolean; __beforeFirstFrame?: boolean; __insertedAt?: number };
  w.__frameSeen = false;
  requestAnimationFrame(() => (w.__frameSeen = true));
  new MutationObserver((_, observer) => {
    if (!document.querySelector(selector)) return;
    w.__beforeFirstFrame = !w.__frameSeen;
    w.__insertedAt = performance.now();
    observer.disconnect();
  }).observe(document, { childList: true, subtree: true });
}
const beforeFirstFrame = (page: Page) => page.evaluate(() => (window as unknown as { __beforeFirstFrame?: boolean }).__beforeFirstFrame);

/** The snippet booted on this page: the mark it leaves on window (snippet/src/main.ts, ONCE). */
const booted = (page: Page) => page.waitForFunction(() => !!(window as unknown as Record<symbol, unknown>)[Symbol.for("svc.snippet")], null, { timeout: 10_000 });

describe("the app embed on a Shopify page no test targets", () => {
  const demo = useDemoInChromium();
  const about = () => `${demo.server.url}/demo/shopify/pages/about`;

  async function open(...initScripts: Array<() => void>) {
    const context = await demo.browser.newContext();
    const page = await context.newPage();
    for (const script of initScripts) await page.addInitScript(script);
    await page.addInitScript(probeInsertion, SNIPPET);
    return page;
  }
  const insertedAt = (page: Page) => page.evaluate(() => (window as unknown as { __insertedAt?: number }).__insertedAt ?? null);

  it("prints no snippet tag in the markup: the tag is added after the first contentful paint, and the snippet runs from it", async () => {
    const html = await (await fetch(about())).text();
    expect(html).not.toMatch(/<script src="[^"]*\/snippet\.js/);
    expect(html).toMatch(/<script data-svc-src="[^"]*\/snippet\.js\?for=shopify[^"]*" data-svc-site="demo-shopify"/);
    const page = await open();
    await page.goto(about());
    await booted(page);
    const seen = await page.evaluate((selector) => {
      const tag = document.querySelector(selector) as HTMLScriptElement | null;
      return {
        contentfulPaint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null,
        requested: performance.getEntriesByType("resource").find((e) => e.name.includes("/snippet.js"))?.startTime ?? null,
        tags: document.querySelectorAll(selector).length,
        data: tag ? { site: tag.dataset.svcSite, shop: tag.dataset.svcShop, template: tag.dataset.svcTemplate, aud: tag.dataset.svcAud } : null,
      };
    }, SNIPPET);
    expect(seen.contentfulPaint).not.toBeNull();
    expect(seen.requested).not.toBeNull();
    expect(seen.requested!).toBeGreaterThanOrEqual(seen.contentfulPaint!);
    expect(await beforeFirstFrame(page)).toBe(false);
    // One tag, carrying what the printed tag carries on a tested page.
    expect(seen.tags).toBe(1);
    expect(seen.data).toEqual({ site: "demo-shopify", shop: "svc-demo.myshopify.com", template: "page", aud: "us%7Cen%7CUSD%7C0" });
    await page.context().close();
  });

  it("adds the tag at once, before any frame, when the page is hidden (nothing is painted)", async () => {
    const page = await open(() => Object.defineProperty(Document.prototype, "visibilityState", { get: () => "hidden", configurable: true }));
    await page.goto(about());
    await booted(page);
    expect(await beforeFirstFrame(page)).toBe(true);
    await page.context().close();
  });

  it("without paint timing, adds the tag after the first frame", async () => {
    const page = await open(() => {
      (window as { PerformanceObserver?: unknown }).PerformanceObserver = undefined;
    });
    await page.goto(about());
    await booted(page);
    expect(await beforeFirstFrame(page)).toBe(false);
    await page.context().close();
  });

  it("when no paint is reported, adds the tag when the page is hidden, or else after 3 s", async () => {
    const noPaint = () => {
      PerformanceObserver.prototype.observe = () => undefined;
    };
    const hidden = await open(noPaint);
    await hidden.goto(about(), { waitUntil: "load" });
    await hidden.waitForTimeout(300);
    expect(await hidden.locator(SNIPPET).count()).toBe(0);
    await hidden.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
    await booted(hidden);
    expect(await hidden.locator(SNIPPET).count()).toBe(1);
    await hidden.context().close();

    const waited = await open(noPaint);
    await waited.goto(about());
    await booted(waited);
    expect(await insertedAt(waited)).toBeGreaterThanOrEqual(3000);
    await waited.context().close();
  });
});
