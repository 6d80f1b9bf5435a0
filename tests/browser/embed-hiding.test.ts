// The app embed's hiding style on the demo Shopify storefront in Chromium, with the snippet blocked (as by a
// content blocker or an outage): on the page a running test targets, exactly the elements it changes are
// hidden from the first frames and shown by CSS alone after the timeout (guarantee 1); on a page no test
// targets nothing is hidden; html, head and body carry nothing of svc's at any frame (guarantee 2).
import { describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { HIDE_ATTRIBUTE, HIDE_ANIMATION, HIDE_TIMEOUT_MS } from "~/wire/hide";
import { useDemoInChromium } from "../support/demo-in-chromium";

/** How long each page is watched, in ms from navigation start: well past the timeout. */
const WATCH_MS = HIDE_TIMEOUT_MS + 1000;
/** How much longer at most while a hiding animation still runs at WATCH_MS. */
const LATE_MS = 5000;

interface Frame {
  /** performance.now() of the frame: ms since navigation start. */
  t: number;
  /** Computed opacity of each watched element present in this frame. */
  opacity: Record<string, string>;
  /** Elements the hiding rule applies to (their computed animation is the hiding one), as tag#id.class. */
  targeted: string[];
  /** Elements whose hiding animation is running now (it ends after the timeout; the rule still applies). */
  hidden: string[];
  /** The attributes of html, head and body, as name=value. */
  roots: string[];
}

/**
 * Runs in the page before any of its own scripts: samples every animation frame until WATCH_MS, and on while a
 * hiding animation still runs (on a loaded machine the first style, and so the animation's start, may come
 * late), for at most LATE_MS more. It is the
 * test's probe, not svc: it only reads.
 */
function sampleFrames(args: { watch: string[]; until: number; late: number; animation: string }) {
  const frames: Frame[] = [];
  (window as unknown as { __frames: Frame[] }).__frames = frames;
  const label = (el: Element) => el.tagName.toLowerCase() + (el.id ? `#${el.id}` : "") + [...el.classList].map((c) => `.${c}`).join("");
  const attrs = (el: Element | null) => (el ? [...el.attributes].map((a) => `${el.tagName.toLowerCase()} ${a.name}=${a.value}`) : []);
  const sample = (t: number) => {
    const opacity: Record<string, string> = {};
    for (const sel of args.watch) {
      const el = document.querySelector(sel);
      if (el) opacity[sel] = getComputedStyle(el).opacity;
    }
    const targeted = [...document.querySelectorAll("*")].filter((el) => getComputedStyle(el).animationName === args.animation).map(label);
    const hidden = document
      .getAnimations()
      .filter((a) => (a as CSSAnimation).animationName === args.animation && a.playState !== "finished")
      .map((a) => label((a.effect as KeyframeEffect).target!));
    frames.push({ t, opacity, targeted, hidden, roots: [...attrs(document.documentElement), ...attrs(document.head), ...attrs(document.body)] });
    if (t < args.until || (hidden.length > 0 && t < args.until + args.late)) requestAnimationFrame(() => sample(performance.now()));
    else (window as unknown as { __done: boolean }).__done = true;
  };
  requestAnimationFrame(() => sample(performance.now()));
}

/** Opens `path` with snippet.js blocked and answers every sampled frame. */
async function watch(browser: Browser, url: string, selectors: string[]): Promise<{ frames: Frame[]; blocked: number; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1000, height: 800 } });
  let blocked = 0;
  // The embed names its build and version in the query (/snippet.js?for=shopify&v=…).
  await context.route((url) => url.pathname === "/snippet.js", (route) => {
    blocked++;
    return route.abort("blockedbyclient");
  });
  const page = await context.newPage();
  await page.addInitScript(sampleFrames, { watch: selectors, until: WATCH_MS, late: LATE_MS, animation: HIDE_ANIMATION });
  await page.goto(url);
  await page.waitForFunction(() => (window as unknown as { __done?: boolean }).__done === true, null, { timeout: 20_000 });
  const frames = await page.evaluate(() => (window as unknown as { __frames: Frame[] }).__frames);
  return { frames, blocked, page };
}

describe("the app embed's hiding on the demo Shopify storefront, snippet blocked", () => {
  const demo = useDemoInChromium();

  it("hides exactly the element the running test changes from the first frames, and shows it by CSS alone after the timeout", async () => {
    const { frames, blocked, page } = await watch(demo.browser, `${demo.server.url}/demo/shopify`, ["#product-title", "#price", "#add"]);
    expect(blocked).toBe(1);
    // The embed printed its style in head, before the snippet tag.
    const head = await page.evaluate((attr) => [...document.head.children].filter((el) => el.matches(`style[${attr}], script[src*="/snippet.js?"]`)).map((el) => el.tagName), HIDE_ATTRIBUTE);
    expect(head).toEqual(["STYLE", "SCRIPT"]);

    const withTitle = frames.filter((f) => "#product-title" in f.opacity);
    expect(withTitle.length).toBeGreaterThan(5);
    const first = withTitle[0]!;
    expect(first.opacity["#product-title"]).toBe("0");
    expect(first.hidden).toEqual(["h1#product-title"]);
    expect(first.targeted).toEqual(["h1#product-title"]);
    // The animation runs for the timeout from when the title was first styled, at or after navigation start
    // (Chromium: its first frame), so no frame before the timeout shows the title, and the last frames do.
    // (No count of such frames is asserted: on a loaded machine the first frame may come late.)
    const before = withTitle.filter((f) => f.t < HIDE_TIMEOUT_MS);
    expect(before.every((f) => f.opacity["#product-title"] === "0")).toBe(true);
    const last = frames.at(-1)!;
    expect(last.t).toBeGreaterThanOrEqual(WATCH_MS);
    expect(last.opacity["#product-title"]).toBe("1");
    // The rule still applies, but its animation has ended: the title shows.
    expect(last.hidden).toEqual([]);
    expect(last.targeted).toEqual(["h1#product-title"]);
    const shownAt = withTitle.find((f) => f.opacity["#product-title"] === "1")!.t;
    expect(shownAt).toBeGreaterThanOrEqual(HIDE_TIMEOUT_MS);
    // Elements the test does not change are never hidden, nor is anything else.
    for (const f of frames) {
      if ("#price" in f.opacity) expect(f.opacity["#price"], `#price at ${f.t} ms`).toBe("1");
      if ("#add" in f.opacity) expect(f.opacity["#add"]).toBe("1");
      expect(f.targeted.every((el) => el === "h1#product-title"), `targeted at ${f.t} ms: ${f.targeted.join(", ")}`).toBe(true);
    }
    // Nothing on html, head or body but what the page's own markup has, at any frame.
    for (const f of frames) expect(f.roots, `at ${f.t} ms`).toEqual(["html lang=en"]);
    expect(await page.locator("#product-title").textContent()).toBe("Stoneware mug");
    await page.context().close();
  });

  it("hides nothing on a page no test targets", async () => {
    const { frames, blocked, page } = await watch(demo.browser, `${demo.server.url}/demo/shopify/pages/about`, ["#about-title", "#about-text"]);
    expect(blocked).toBe(1);
    expect(await page.locator(`style[${HIDE_ATTRIBUTE}]`).count()).toBe(0);
    expect(await page.locator('script[src*="/snippet.js?for=shopify"]').count()).toBe(1);
    const withTitle = frames.filter((f) => "#about-title" in f.opacity);
    expect(withTitle.length).toBeGreaterThan(5);
    for (const f of frames) {
      expect(f.targeted, `at ${f.t} ms`).toEqual([]);
      expect(f.hidden, `at ${f.t} ms`).toEqual([]);
      for (const value of Object.values(f.opacity)) expect(value).toBe("1");
      expect(f.roots).toEqual(["html lang=en"]);
    }
    await page.context().close();
  });
});
