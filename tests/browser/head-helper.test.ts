// The inline head helper in Chromium on the demo storefront (real built server): on a warm pageview the
// elements the visitor's arm changes are hidden from the first frame and, with the snippet blocked, shown
// again by CSS alone after HIDE_TIMEOUT_MS; no cache, another page, a corrupt or foreign cache, or GPC: nothing
// is hidden; html/head/body are never written. The admin offers it with a copy button. Also measures flashes of
// the original, with and without it.
import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { HIDE_TIMEOUT_MS, hideCss } from "~/wire/hide";
import { DEMO_ARM_IDS, DEMO_TEST_ID } from "~/demo/constants";
import { headHelperScript } from "~/domain/sites/snippet-tag";
import { GPC } from "./snippet/helpers";
import { saveScreenshot } from "../support/browser";
import { useDemoInChromium } from "../support/demo-in-chromium";
import { headlineProbe, probeDone, shownHeadline } from "../support/headline-probe";

const ORIGINAL = "Handmade ceramics for everyday use";
const VARIANT = "Mugs that make every morning better";
const SAMPLE_FOR_MS = HIDE_TIMEOUT_MS + 600;

/** What the page looked like at each animation frame from the first one, measured before that frame paints. */
interface Frame {
  t: number;
  present: boolean;
  opacity: string | null;
  text: string | null;
  hideStyles: number;
}

// Runs before any of the page's own scripts (tests/support/headline-probe.ts).
const PROBE = headlineProbe(SAMPLE_FOR_MS);

interface Visit {
  frames: Frame[];
  rootWrites: string[];
  errors: string[];
  page: Page;
}

/** Opens `url` in a new tab of `context` with the probe (and `init` scripts) and waits for the sampling to end. */
async function visit(context: BrowserContext, url: string, options: { init?: string[]; blockSnippet?: boolean } = {}): Promise<Visit> {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  if (options.blockSnippet) await page.route("**/snippet.js", (route) => route.abort());
  for (const script of options.init ?? []) await page.addInitScript(script);
  await page.addInitScript(PROBE);
  await page.goto(url);
  await probeDone(page);
  const { frames, rootWrites } = await page.evaluate(() => ({
    frames: (window as any).__frames as Frame[],
    rootWrites: (window as any).__rootWrites as string[],
  }));
  return { frames, rootWrites, errors, page };
}

const withHeadline = (frames: Frame[]) => frames.filter((f) => f.present);
/** Frames that painted the original headline to a visitor assigned the variant: the flicker. */
const flashes = (frames: Frame[]) => frames.filter((f) => f.present && f.opacity !== "0" && f.text === ORIGINAL);
const nothingHidden = (v: Visit) => {
  expect(v.frames.every((f) => f.hideStyles === 0)).toBe(true);
  const shown = withHeadline(v.frames);
  expect(shown.length).toBeGreaterThan(0);
  expect(shown.every((f) => f.opacity === "1")).toBe(true);
};

describe("the inline head helper on the demo storefront", () => {
  const demo = useDemoInChromium("pglite");
  let context: BrowserContext;
  let cachedConfig = "";

  beforeAll(async () => {
    // A visitor in the variant arm (assignment is random per visitor id: new visitors until one is).
    for (let attempt = 0; attempt < 16 && !context; attempt++) {
      const candidate = await demo.browser.newContext();
      const first = await visit(candidate, `${demo.server.url}/demo`);
      await first.page.getByRole("button", { name: "Allow" }).click();
      await first.page.waitForFunction(() => localStorage.getItem("svc_cfg") !== null, undefined, { timeout: 15_000 });
      const cfg = JSON.parse((await first.page.evaluate(() => localStorage.getItem("svc_cfg")))!);
      const arm = cfg.res.tests.find((t: { test: string }) => t.test === DEMO_TEST_ID)?.arm;
      await first.page.close();
      if (arm === DEMO_ARM_IDS[1]) {
        context = candidate;
        cachedConfig = JSON.stringify(cfg);
      } else await candidate.close();
    }
    expect(context, "no visitor of 16 was assigned the variant").toBeDefined();
  });

  it("hides nothing on a cold pageview: no cached config", async () => {
    const cold = await demo.browser.newContext();
    try {
      const v = await visit(cold, `${demo.server.url}/demo`, { blockSnippet: true });
      nothingHidden(v);
      expect(v.errors).toEqual([]);
    } finally {
      await cold.close();
    }
  });

  it("on a warm pageview hides the changed element from the first frame, and with the snippet blocked shows the original by CSS after HIDE_TIMEOUT_MS", async () => {
    const v = await visit(context, `${demo.server.url}/demo`, { blockSnippet: true });
    const shown = withHeadline(v.frames);
    expect(shown.length).toBeGreaterThan(3);
    // The very first frame that has the headline at all has it hidden, as do all frames well inside the timeout.
    expect(shown[0]).toMatchObject({ opacity: "0", hideStyles: 1 });
    // The animation starts no earlier than navigation start, so every frame before HIDE_TIMEOUT_MS is hidden.
    expect(shown.filter((f) => f.t < HIDE_TIMEOUT_MS).every((f) => f.opacity === "0")).toBe(true);
    // Then the animation ends: the original, fully shown, with nothing of svc having run.
    expect(await shownHeadline(v.page)).toBe(ORIGINAL);
    const style = await v.page.evaluate(() => {
      const s = document.querySelector("style[data-svc-hide]");
      return { parent: s?.parentElement?.nodeName, text: s?.textContent };
    });
    expect(style).toEqual({ parent: "HEAD", text: hideCss(["#headline"]) });
    expect(await v.page.evaluate(() => [document.documentElement.getAttributeNames(), document.head.getAttributeNames(), document.body.getAttributeNames()])).toEqual([["lang"], [], []]);
    expect(v.rootWrites).toEqual([]);
    expect(v.errors).toEqual([]);
    await v.page.close();
  });

  it("on a warm pageview with the snippet, never paints the original: the variant appears", async () => {
    const v = await visit(context, `${demo.server.url}/demo`);
    expect(flashes(v.frames)).toEqual([]);
    expect(withHeadline(v.frames).length).toBeGreaterThan(3);
    expect(await shownHeadline(v.page)).toBe(VARIANT);
    expect(v.rootWrites).toEqual([]);
    expect(v.errors).toEqual([]);
    await v.page.close();
  });

  it("runs under a Content-Security-Policy that allows it by the hash the admin prints", async () => {
    const helper = headHelperScript(readFileSync(path.resolve(import.meta.dirname, "../../snippet/dist/head.js"), "utf8"))!;
    // The real demo page, served with a CSP that allows no inline script but the helper's hash.
    await context.route(`${demo.server.url}/demo?csp`, async (route) => {
      const response = await route.fetch({ url: `${demo.server.url}/demo` });
      route.fulfill({ response, headers: { ...response.headers(), "content-security-policy": `script-src ${helper.csp} ${demo.server.url}` } });
    });
    const v = await visit(context, `${demo.server.url}/demo?csp`, { blockSnippet: true });
    expect(withHeadline(v.frames)[0]).toMatchObject({ opacity: "0", hideStyles: 1 });
    expect(v.errors).toEqual([]);
    await v.page.close();
  });

  it("hides nothing on a page no cached arm targets", async () => {
    const helper = readFileSync(path.resolve(import.meta.dirname, "../../snippet/dist/head.js"), "utf8");
    // A page of the same site (same origin, so the same cache) that the demo test does not target.
    await context.route(`${demo.server.url}/elsewhere`, (route) =>
      route.fulfill({ contentType: "text/html", body: `<!doctype html><html><head><script>${helper}</script></head><body><h1 id="headline">${ORIGINAL}</h1></body></html>` }),
    );
    const v = await visit(context, `${demo.server.url}/elsewhere`);
    nothingHidden(v);
    expect(v.errors).toEqual([]);
    await v.page.close();
  });

  it("hides nothing, and throws nothing to the page, for a corrupt, foreign or old cache, or under GPC", async () => {
    const cfg = JSON.parse(cachedConfig);
    const setCache = (value: string) => `localStorage.setItem("svc_cfg", ${JSON.stringify(value)});`;
    const cases: Record<string, string[]> = {
      corrupt: [setCache("{not json")],
      "wrong shape": [setCache(JSON.stringify({ ...cfg, res: { ttl: 300, tests: { headline: true } } }))],
      "another visitor's": [setCache(JSON.stringify({ ...cfg, vid: "someone-else" }))],
      "31 days old": [setCache(JSON.stringify({ ...cfg, at: Date.now() - 31 * 24 * 3600 * 1000 }))],
      "GPC on (a good cache)": [setCache(cachedConfig), GPC],
    };
    // Each case in a context of its own holding the visitor's cookies and storage, all at once: the cache is per
    // origin, so pages of one context would overwrite each other's, and each visit samples for SAMPLE_FOR_MS.
    const state = await context.storageState();
    await Promise.all(
      Object.entries(cases).map(async ([name, init]) => {
        const own = await demo.browser.newContext({ storageState: state });
        try {
          const v = await visit(own, `${demo.server.url}/demo`, { init, blockSnippet: true });
          nothingHidden(v);
          expect(v.errors, name).toEqual([]);
          expect(v.rootWrites, name).toEqual([]);
        } finally {
          await own.close();
        }
      }),
    );
  });

  it("is offered in the admin under the demo site's tag, with a copy button that copies it", async () => {
    const admin = await demo.browser.newContext();
    try {
      await admin.grantPermissions(["clipboard-read", "clipboard-write"], { origin: demo.server.url });
      const page = await admin.newPage();
      await page.goto(`${demo.server.url}/app/sites/demo`, { waitUntil: "networkidle" });
      await page.getByRole("heading", { name: "Anti-flicker helper (optional)" }).waitFor({ timeout: 10_000 });
      const helper = `<script>${readFileSync(path.resolve(import.meta.dirname, "../../snippet/dist/head.js"), "utf8")}</script>`;
      expect(await page.locator("[data-svc-head-helper]").textContent()).toBe(helper);
      await page.getByRole("button", { name: "Copy helper" }).click();
      await page.locator("[data-svc-toast]", { hasText: "Helper copied" }).waitFor({ timeout: 10_000 });
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(helper);
      await saveScreenshot(page, "admin-site-head-helper");
    } finally {
      await admin.close();
    }
  });
});
