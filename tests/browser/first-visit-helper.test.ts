// The opt-in first-visit helper in Chromium on the demo storefront (`/demo?hide=1`, real built server): a new
// visitor in the variant never has the original painted, as the render-blocking hiding sheet holds the first
// paint; a hanging sheet stops holding it at HIDE_TIMEOUT_MS and the variant is not applied late; a blocked
// one hides nothing; an untested path gets an empty sheet; GPC asks nothing; before consent nothing is
// applied or stored. The admin prints it beside the inline helper.
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { BrowserContext, Page, Request } from "playwright-core";
import { HIDE_TIMEOUT_MS, hideCss } from "~/wire/hide";
import { DEMO_ARM_IDS, DEMO_SITE_ID, DEMO_TEST_ID } from "~/demo/constants";
import { firstVisitHelperScript } from "~/domain/sites/snippet-tag";
import { GPC } from "./snippet/helpers";
import { useDemoInChromium } from "../support/demo-in-chromium";
import { headlineProbe, probeDone, shownHeadline } from "../support/headline-probe";

const ORIGINAL = "Handmade ceramics for everyday use";
const VARIANT = "Mugs that make every morning better";
const SAMPLE_FOR_MS = HIDE_TIMEOUT_MS + 500;
/** Paint may come a frame or two after the helper's timer, and the machine is shared. */
const TIMER_MARGIN_MS = 400;

interface Frame {
  t: number;
  present: boolean;
  opacity: string | null;
  text: string | null;
}

// Runs before any of the page's own scripts (tests/support/headline-probe.ts).
const PROBE = headlineProbe(SAMPLE_FOR_MS);

interface Visit {
  page: Page;
  /** Frames from the first paint on: what the visitor saw. */
  seen: Frame[];
  firstPaint: number;
  /** When the page's own HTML had arrived (its navigation entry's responseEnd), on the same clock as firstPaint. */
  arrived: number;
  sheetRequests: Request[];
  patchesRequests: number;
  rootWrites: string[];
  errors: string[];
  /** The hiding sheet's link as it ended: disabled or not, and where it sits. */
  link: { parent: string; disabled: boolean; blocking: string | null } | null;
}

interface VisitOptions {
  storage?: Record<string, string>;
  init?: string[];
  blockSnippet?: boolean;
  sheet?: "hang" | "abort";
  /** Emulated round trip, ms: with it, a first pageview without hiding paints the original every time. */
  latency?: number;
  /** Holds /api/patches this long before passing it on. */
  delayPatches?: number;
  /** HTML to answer `url` with instead of the server's (same origin). */
  html?: string;
}

/** A first pageview of `url` in a fresh context (nothing cached), sampled until SAMPLE_FOR_MS. */
async function visit(ctx: { browser: import("playwright-core").Browser }, url: string, options: VisitOptions = {}): Promise<Visit & { context: BrowserContext }> {
  const context = await ctx.browser.newContext();
  const page = await context.newPage();
  const errors: string[] = [];
  const sheetRequests: Request[] = [];
  let patchesRequests = 0;
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("request", (request) => {
    if (request.url().includes("/api/hide.css")) sheetRequests.push(request);
    if (request.url().includes("/api/patches")) patchesRequests++;
  });
  if (options.blockSnippet) await page.route("**/snippet.js", (route) => route.abort());
  if (options.delayPatches) {
    const ms = options.delayPatches;
    await page.route("**/api/patches*", (route) => setTimeout(() => route.continue().catch(() => {}), ms));
  }
  if (options.html !== undefined) {
    const body = options.html;
    await page.route(url, (route) => route.fulfill({ contentType: "text/html", body }));
  }
  if (options.sheet === "abort") await page.route("**/api/hide.css*", (route) => route.abort());
  // Never answered: the request stays pending until the page is closed.
  if (options.sheet === "hang") await page.route("**/api/hide.css*", () => {});
  if (options.storage) {
    await page.addInitScript((items) => {
      for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
    }, options.storage);
  }
  for (const script of options.init ?? []) await page.addInitScript(script);
  await page.addInitScript(PROBE);
  if (options.latency) {
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: options.latency, downloadThroughput: -1, uploadThroughput: -1 });
  }
  await page.goto(url, { waitUntil: "commit" });
  await probeDone(page);
  const state = await page.evaluate(() => {
    const link = document.querySelector<HTMLLinkElement>("link[data-svc-hide]");
    return {
      frames: (window as any).__frames as Frame[],
      rootWrites: (window as any).__rootWrites as string[],
      firstPaint: performance.getEntriesByName("first-paint")[0]?.startTime ?? -1,
      arrived: (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined)?.responseEnd ?? 0,
      link: link && { parent: link.parentElement!.nodeName, disabled: link.disabled, blocking: link.getAttribute("blocking") },
    };
  });
  // A frame sampled before the first paint was never seen; the last one at or before it is what was painted first.
  const firstSeen = Math.max(0, state.frames.findLastIndex((f) => f.t <= state.firstPaint));
  return { page, context, seen: state.frames.slice(firstSeen), firstPaint: state.firstPaint, arrived: state.arrived, sheetRequests, patchesRequests, rootWrites: state.rootWrites, errors, link: state.link };
}

/** Frames that painted the original headline, visibly, to a visitor assigned the variant: the flicker. */
const flashes = (frames: Frame[]) => frames.filter((f) => f.present && f.opacity !== "0" && f.text === ORIGINAL);
const shown = (frames: Frame[]) => frames.filter((f) => f.present);

describe("the first-visit helper on the demo storefront (/demo?hide=1)", () => {
  const demo = useDemoInChromium("pglite");
  let variantVisitor = "";

  beforeAll(async () => {
    // A visitor id assigned the variant of the demo's headline test, asked as the snippet asks.
    for (let attempt = 0; attempt < 64 && !variantVisitor; attempt++) {
      const vid = randomBytes(16).toString("hex");
      const query = new URLSearchParams({ site: DEMO_SITE_ID, vid, sid: randomBytes(16).toString("hex") });
      const { tests } = (await (await fetch(`${demo.server.url}/api/patches?${query}`)).json()) as { tests: Array<{ test: string; arm: string }> };
      if (tests.find((t) => t.test === DEMO_TEST_ID)?.arm === DEMO_ARM_IDS[1]) variantVisitor = vid;
    }
    expect(variantVisitor, "no visitor of 64 was assigned the variant").not.toBe("");
  });

  it("prints the helper with the demo site's sheet URL before the tag", async () => {
    const html = await (await fetch(`${demo.server.url}/demo?hide=1`)).text();
    const code = readFileSync(path.resolve(import.meta.dirname, "../../snippet/dist/head-sheet.js"), "utf8").trim();
    const script = firstVisitHelperScript(code, demo.server.url, DEMO_SITE_ID)!.script;
    expect(html.indexOf(script)).toBeGreaterThan(0);
    expect(html.indexOf(script)).toBeLessThan(html.indexOf('data-svc-site="demo"'));
  });

  it("a new visitor in the variant never has the original painted: the first paint waits for the sheet", async () => {
    // 100 ms of round trip: without hiding, every such first pageview paints the original (docs/performance.md).
    const v = await visit(demo, `${demo.server.url}/demo?hide=1`, { storage: { svc_vid: variantVisitor, svc_consent: "1" }, latency: 100 });
    try {
      expect(v.sheetRequests).toHaveLength(1);
      const sheetUrl = new URL(v.sheetRequests[0]!.url());
      expect(Object.fromEntries(sheetUrl.searchParams)).toEqual({ site: DEMO_SITE_ID, p: "/demo" });
      expect(await (await v.sheetRequests[0]!.response())!.text()).toBe(hideCss(["#headline"]));
      // Render-blocking: nothing was painted before the sheet had arrived.
      const sheetEnd = await v.page.evaluate(() => (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).find((r) => r.name.includes("/api/hide.css"))!.responseEnd);
      expect(v.firstPaint).toBeGreaterThanOrEqual(sheetEnd);
      expect(shown(v.seen).length).toBeGreaterThan(3);
      expect(flashes(v.seen)).toEqual([]);
      expect(await shownHeadline(v.page)).toBe(VARIANT);
      // The snippet turned the sheet off through the link itself, a child of head.
      expect(await v.page.evaluate(() => document.querySelector<HTMLLinkElement>("link[data-svc-hide]")!.disabled)).toBe(true);
      expect(v.link).toMatchObject({ parent: "HEAD", blocking: "render" });
      expect(v.rootWrites).toEqual([]);
      expect(v.errors).toEqual([]);

      // The next pageview has the snippet's cached config: hidden from it, as the inline helper does, with no request.
      await v.page.waitForFunction(() => localStorage.getItem("svc_cfg") !== null, undefined, { timeout: 10_000 });
      await v.page.goto(`${demo.server.url}/demo?hide=1`, { waitUntil: "commit" });
      await v.page.waitForFunction(() => performance.now() > 300, undefined, { polling: 50, timeout: 15_000 });
      expect(v.sheetRequests).toHaveLength(1);
      expect(await v.page.evaluate(() => [document.querySelectorAll("link[data-svc-hide]").length, document.querySelector("style[data-svc-hide]")?.textContent])).toEqual([0, hideCss(["#headline"])]);
      expect(await shownHeadline(v.page)).toBe(VARIANT);
    } finally {
      await v.context.close();
    }
  });

  it("a hanging sheet holds the first paint until HIDE_TIMEOUT_MS at most, then the original stays: the variant is not applied late", async () => {
    // The snippet blocked (only the helper's own timer ends the hiding), or its config arriving after the timeout.
    for (const options of [{ blockSnippet: true }, { delayPatches: HIDE_TIMEOUT_MS + 300 }]) {
      const name = JSON.stringify(options);
      const v = await visit(demo, `${demo.server.url}/demo?hide=1`, { storage: { svc_vid: variantVisitor, svc_consent: "1" }, sheet: "hang", ...options });
      try {
        expect(v.sheetRequests, name).toHaveLength(1);
        expect(v.firstPaint, name).toBeGreaterThan(0);
        expect(v.firstPaint, name).toBeLessThan(HIDE_TIMEOUT_MS + TIMER_MARGIN_MS);
        // Painted once the timeout turned the sheet off: the original, visibly, and it stays.
        expect(shown(v.seen).length, name).toBeGreaterThan(3);
        expect(shown(v.seen).every((f) => f.text === ORIGINAL && f.opacity === "1"), name).toBe(true);
        expect(v.link, name).toMatchObject({ parent: "HEAD", disabled: true });
        if (options.delayPatches) {
          // The config came, was cached for the next pageview, and was not applied to this one.
          await v.page.waitForFunction(() => localStorage.getItem("svc_cfg") !== null, undefined, { timeout: 10_000 });
          await v.page.waitForTimeout(200);
        }
        expect(await shownHeadline(v.page), name).toBe(ORIGINAL);
        expect(v.errors, name).toEqual([]);
      } finally {
        await v.context.close();
      }
    }
  });

  it("a blocked sheet request hides nothing: the original is painted at once", async () => {
    const v = await visit(demo, `${demo.server.url}/demo?hide=1`, { storage: { svc_vid: variantVisitor, svc_consent: "1" }, sheet: "abort", blockSnippet: true });
    try {
      expect(v.sheetRequests).toHaveLength(1);
      expect(v.firstPaint).toBeGreaterThan(0);
      // At once: well within the timeout after the page itself arrived, where a page held by the sheet would paint
      // only at HIDE_TIMEOUT_MS. Timed from the arrival, not from navigation start, as snippet/reveal times its
      // reveals: a busy machine's slow answer to the page is not the sheet's doing (a clean-clone run on
      // 2026-12-07 painted at 504 ms from navigation start against 500).
      expect(v.firstPaint - v.arrived).toBeLessThan(HIDE_TIMEOUT_MS / 2);
      expect(shown(v.seen).length).toBeGreaterThan(3);
      expect(shown(v.seen).every((f) => f.opacity === "1" && f.text === ORIGINAL)).toBe(true);
      expect(v.errors).toEqual([]);
    } finally {
      await v.context.close();
    }
  });

  it("on a path no test targets, the sheet is empty and nothing is hidden", async () => {
    // The demo page's own HTML (helper and tag included), served on a path of the same site no test targets.
    const html = await (await fetch(`${demo.server.url}/demo?hide=1`)).text();
    const v = await visit(demo, `${demo.server.url}/elsewhere/`, { storage: { svc_vid: variantVisitor, svc_consent: "1" }, html });
    try {
      expect(v.sheetRequests).toHaveLength(1);
      expect(new URL(v.sheetRequests[0]!.url()).searchParams.get("p")).toBe("/elsewhere");
      const response = (await v.sheetRequests[0]!.response())!;
      expect(response.status()).toBe(200);
      expect(await response.text()).toBe("");
      expect(shown(v.seen).length).toBeGreaterThan(3);
      expect(shown(v.seen).every((f) => f.opacity === "1" && f.text === ORIGINAL)).toBe(true);
      expect(v.errors).toEqual([]);
    } finally {
      await v.context.close();
    }
  });

  it("under GPC asks for no sheet and hides nothing", async () => {
    const v = await visit(demo, `${demo.server.url}/demo?hide=1`, { storage: { svc_vid: variantVisitor, svc_consent: "1" }, init: [GPC] });
    try {
      expect(v.sheetRequests).toEqual([]);
      expect(v.link).toBeNull();
      expect(shown(v.seen).every((f) => f.opacity === "1" && f.text === ORIGINAL)).toBe(true);
      expect(v.patchesRequests).toBe(0);
      expect(v.errors).toEqual([]);
    } finally {
      await v.context.close();
    }
  });

  it("before consent (a region that asks, nothing remembered), nothing is applied or stored: the sheet may hide, the snippet reveals", async () => {
    const v = await visit(demo, `${demo.server.url}/demo?hide=1`);
    try {
      expect(v.sheetRequests).toHaveLength(1);
      await v.page.getByRole("button", { name: "Allow" }).waitFor({ timeout: 10_000 });
      expect(flashes(v.seen).every((f) => f.text === ORIGINAL)).toBe(true);
      expect(shown(v.seen).every((f) => f.text === ORIGINAL)).toBe(true);
      // Revealed by the snippet's deadline at the latest: the original, as without svc.
      expect(shown(v.seen).filter((f) => f.t > HIDE_TIMEOUT_MS + TIMER_MARGIN_MS).every((f) => f.opacity === "1")).toBe(true);
      expect(await shownHeadline(v.page)).toBe(ORIGINAL);
      expect(v.patchesRequests).toBe(0);
      expect(await v.page.evaluate(() => ({ local: { ...localStorage }, session: { ...sessionStorage }, cookies: document.cookie }))).toEqual({ local: {}, session: {}, cookies: "" });
      expect(v.link).toMatchObject({ disabled: true });
      expect(v.errors).toEqual([]);
    } finally {
      await v.context.close();
    }
  });
});
