// The app embed on a demo Shopify page no test targets, in Chromium: the snippet's tag is added after the first
// paint, so that first paint pays nothing for svc (issue 24), and the snippet then runs as from the tag; on a
// page hidden from the start it is added at once, and on one hidden before its first frame, when it is hidden.
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { useDemoInChromium } from "../support/demo-in-chromium";

const SNIPPET = 'script[src*="/snippet.js?for=shopify"]';

/**
 * Runs in the page before its own scripts: notes whether the snippet's tag was added before the first
 * animation frame's callbacks ran (this probe's runs first: it asked first).
 */
function probeInsertion(selector: string) {
  const w = window as unknown as { __frameSeen: boolean; __beforeFirstFrame?: boolean };
  w.__frameSeen = false;
  requestAnimationFrame(() => (w.__frameSeen = true));
  new MutationObserver((_, observer) => {
    if (!document.querySelector(selector)) return;
    w.__beforeFirstFrame = !w.__frameSeen;
    observer.disconnect();
  }).observe(document, { childList: true, subtree: true });
}
const beforeFirstFrame = (page: Page) => page.evaluate(() => (window as unknown as { __beforeFirstFrame?: boolean }).__beforeFirstFrame);

/** The snippet booted on this page: the mark it leaves on window (snippet/src/main.ts, ONCE). */
const booted = (page: Page) => page.waitForFunction(() => !!(window as unknown as Record<symbol, unknown>)[Symbol.for("svc.snippet")], null, { timeout: 10_000 });

describe("the app embed on a Shopify page no test targets", () => {
  const demo = useDemoInChromium();
  const about = () => `${demo.server.url}/demo/shopify/pages/about`;

  it("prints no snippet tag in the markup: the tag is added after the first frame, and the snippet runs from it", async () => {
    const html = await (await fetch(about())).text();
    expect(html).not.toMatch(/<script src="[^"]*\/snippet\.js/);
    expect(html).toMatch(/<script data-svc-src="[^"]*\/snippet\.js\?for=shopify[^"]*" data-svc-site="demo-shopify"/);
    const context = await demo.browser.newContext();
    const page = await context.newPage();
    await page.addInitScript(probeInsertion, SNIPPET);
    await page.goto(about());
    await booted(page);
    const seen = await page.evaluate((selector) => {
      const tag = document.querySelector(selector) as HTMLScriptElement | null;
      return {
        requested: performance.getEntriesByType("resource").find((e) => e.name.includes("/snippet.js"))?.startTime ?? null,
        tags: document.querySelectorAll(selector).length,
        data: tag ? { site: tag.dataset.svcSite, shop: tag.dataset.svcShop, template: tag.dataset.svcTemplate, aud: tag.dataset.svcAud } : null,
      };
    }, SNIPPET);
    // Added after the first frame's callbacks, so after that frame's style, layout and paint on the main thread.
    // (Not compared with the first-paint entry: Chromium times it when the frame is presented, which can
    // come after the next task has started the request.)
    expect(await beforeFirstFrame(page)).toBe(false);
    expect(seen.requested).not.toBeNull();
    // One tag, carrying what the printed tag carries on a tested page.
    expect(seen.tags).toBe(1);
    expect(seen.data).toEqual({ site: "demo-shopify", shop: "svc-demo.myshopify.com", template: "page", aud: "us%7Cen%7CUSD%7C0" });
    await context.close();
  });

  it("adds the tag at once, before any frame, when the page is hidden (no frame would come)", async () => {
    const context = await demo.browser.newContext();
    const page = await context.newPage();
    await page.addInitScript(() => Object.defineProperty(Document.prototype, "visibilityState", { get: () => "hidden", configurable: true }));
    await page.addInitScript(probeInsertion, SNIPPET);
    await page.goto(about());
    await booted(page);
    expect(await beforeFirstFrame(page)).toBe(true);
    await context.close();
  });

  it("adds the tag when the page is hidden before its first frame", async () => {
    const context = await demo.browser.newContext();
    const page = await context.newPage();
    // A tab sent to the background at once: no animation frame comes.
    await page.addInitScript(() => {
      window.requestAnimationFrame = () => 0;
    });
    await page.goto(about(), { waitUntil: "load" });
    await page.waitForTimeout(300);
    expect(await page.locator(SNIPPET).count()).toBe(0);
    await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
    await booted(page);
    expect(await page.locator(SNIPPET).count()).toBe(1);
    await context.close();
  });
});
