// Single-page apps and the back-forward cache in Chromium: history navigations and bfcache restores are
// pageviews; arms follow the path (applied, removed with the original restored exactly, re-applied), and
// a test is exposed once per session however often its page comes back.
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ExposureEvent, SvcEvent } from "../../../app/wire/events";
import type { PatchesResponse } from "../../../app/wire/patches";
import { sleep, startHarness, type Harness, type TestPage } from "./harness";
import { GRANTED, events, svcReady } from "./helpers";
import { chromium, CHROMIUM_PATH } from "../../support/browser";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

const SALE: PatchesResponse = {
  ttl: 300,
  tests: [
    {
      test: "t_sale",
      arm: "b",
      pages: ["/shop/sale"],
      patches: [
        { op: "text", sel: "#title", value: "Sale title" },
        { op: "html", sel: ".promo", value: "<strong>Half price</strong>" },
        { op: "class", sel: "#title", add: ["hot"], remove: ["heading"] },
        { op: "attr", sel: ".cta", name: "href", value: "/shop/checkout" },
        { op: "style", sel: ".promo", props: { color: "rgb(255, 0, 0)", "font-weight": "700" } },
        { op: "css", value: ".cta{text-decoration:none}" },
        { op: "hide", sel: "nav" },
      ],
      goals: [{ kind: "visit", goal: "saw-sale", pages: ["/shop/sale"] }],
    },
  ],
};

const body = (t: TestPage) => t.page.evaluate(() => document.body.innerHTML);
const sheets = (t: TestPage) => t.page.evaluate(() => document.querySelectorAll("head > style").length);
const of = <T extends SvcEvent["type"]>(evs: SvcEvent[], type: T) => evs.filter((e): e is Extract<SvcEvent, { type: T }> => e.type === type);

describe("single-page navigations", () => {
  it("pushState into a tested path applies the arm and exposes once; leaving restores the original exactly; back re-applies without a second exposure", async () => {
    const t = await h.newPage({ api: { patches: SALE } });
    await t.page.goto(t.url("spa.html", GRANTED));
    await svcReady(t.page);
    const original = await body(t);
    const originalSheets = await sheets(t);
    const promo = await t.page.$(".promo em");

    // The wrapper runs in the same call: the variant is there when pushState returns, which returns undefined.
    const pushed = await t.page.evaluate(() => {
      const r = history.pushState({ n: 1 }, "", "/shop/sale?x=1");
      return { r: r === undefined, title: document.querySelector("#title")!.textContent, state: history.state };
    });
    expect(pushed).toEqual({ r: true, title: "Sale title", state: { n: 1 } });
    expect(await t.page.$eval("#title", (e) => e.className)).toBe("hot");
    expect(await t.page.$eval(".promo", (e) => getComputedStyle(e).color)).toBe("rgb(255, 0, 0)");
    expect(await t.page.isVisible("nav")).toBe(false);

    await t.page.evaluate(() => history.pushState(null, "", "/shop/other"));
    expect(await body(t)).toBe(original);
    expect(await sheets(t)).toBe(originalSheets);
    // The very element the page had, not a copy.
    expect(await t.page.evaluate((e) => document.querySelector(".promo em") === e, promo)).toBe(true);
    expect(await t.page.isVisible("nav")).toBe(true);

    await t.page.goBack();
    await t.page.waitForFunction(() => document.querySelector("#title")!.textContent === "Sale title");
    expect(new URL(t.page.url()).pathname).toBe("/shop/sale");

    // A replaceState on the same path (query or hash only) is no pageview.
    await t.page.evaluate(() => history.replaceState(null, "", "/shop/sale?y=2#top"));
    const evs = await events(t);
    expect(of(evs, "pageview").map((e) => e.path)).toEqual(["/pages/spa.html", "/shop/sale", "/shop/other", "/shop/sale"]);
    const ex = of(evs, "exposure") as ExposureEvent[];
    expect(ex).toHaveLength(1);
    expect(ex[0]).toMatchObject({ test: "t_sale", arm: "b", path: "/shop/sale", msHidden: 0 });
    expect(ex[0]!.msToApply).toBeLessThan(1000);
    // The visit goal counts on each pageview of its path (deduplicated within 2 s on the page).
    expect(of(evs, "conversion").map((e) => e.goal)).toEqual(["saw-sale"]);
    expect(t.errors).toEqual([]);
    await t.context.close();
  });

  it("leaves the page's own history wrappers and errors alone", async () => {
    const t = await h.newPage({ api: { patches: SALE } });
    await t.page.goto(t.url("spa.html", GRANTED));
    await svcReady(t.page);
    const thrown = await t.page.evaluate(() => {
      try {
        history.pushState(null, "", "https://elsewhere.example/shop/sale");
        return "none";
      } catch (e) {
        return (e as Error).name;
      }
    });
    expect(thrown).toBe("SecurityError");
    expect(await t.page.textContent("#title")).toBe("Original title");
    await t.context.close();
  });
});

describe("back-forward cache", () => {
  // Playwright launches Chromium with --disable-back-forward-cache; this browser leaves that flag out,
  // so going back restores the page from the real bfcache (pageshow with persisted true).
  let bf: Browser;
  beforeAll(async () => {
    bf = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking"],
      ignoreDefaultArgs: ["--disable-back-forward-cache"],
    });
  });
  afterAll(async () => {
    await bf?.close();
  });

  it("a page restored from the bfcache counts a new pageview", async () => {
    const t = await h.newPage({
      context: await bf.newContext(),
      api: { patches: SALE },
      init: [`window.addEventListener("pageshow", (e) => { if (e.persisted) window.__restored = (window.__restored || 0) + 1; });`],
    });
    await t.page.goto(t.url("spa.html", GRANTED));
    await svcReady(t.page);
    await t.page.goto(t.url("other.html", GRANTED));
    await svcReady(t.page);
    // A restore fires no load event, so waiting for one would never end.
    await t.page.goBack({ waitUntil: "commit" });
    await t.page.waitForFunction(() => (window as any).__restored === 1, undefined, { timeout: 5000 });
    await svcReady(t.page);
    await sleep(200);
    const restored = await t.page.evaluate(() => (window as any).__restored ?? 0);
    expect(restored).toBe(1);
    const views = of(await events(t), "pageview").map((e) => e.path);
    expect(views).toEqual(["/pages/spa.html", "/pages/other.html", "/pages/spa.html"]);
    await t.context.close();
  });
});
