// The reveal in Chromium: a page hidden from its first byte by a `<style data-svc-hide>` (app/wire/hide.ts)
// shows the variant in the first frame its elements appear, shows the original at once when there is
// nothing to change, keeps the original when the config comes late, and never touches html/head/body.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ExposureEvent } from "../../../app/wire/events";
import { HIDE_TIMEOUT_MS } from "../../../app/wire/hide";
import type { PatchesResponse } from "../../../app/wire/patches";
import { sleep, startHarness, type Harness, type TagOptions, type TestPage } from "./harness";
import { GPC, GRANTED, TITLE_TEST, events, svcReady, title } from "./helpers";
import { shopifyStub } from "./shopify-stub";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  // The timing tests below need the snippet to run within HIDE_TIMEOUT_MS of navigation start: a first
  // load warms the app's /snippet.js and the browser, so a cold start is not mistaken for a late answer.
  const warm = await h.newPage();
  await warm.page.goto(warm.url("basic.html", GRANTED));
  await svcReady(warm.page);
  await warm.context.close();
});
afterAll(async () => {
  await h?.close();
});

const HIDDEN: TagOptions = { ...GRANTED, hide: ["#title", ".promo", "#buy"] };

/**
 * From before the first byte, every animation frame notes what #title shows (its text and its computed
 * opacity, the hiding animation included), whether the hiding style is on, and every attribute change
 * on html, head and body.
 */
const WATCH = `
  window.__frames = [];
  window.__rootMutations = [];
  (function f() {
    const e = document.getElementById("title");
    const s = document.querySelector("style[data-svc-hide]");
    if (e) window.__frames.push({ t: performance.now(), text: e.textContent, opacity: getComputedStyle(e).opacity, hiding: s ? !s.disabled : null });
    requestAnimationFrame(f);
  })();
  new MutationObserver((records) => {
    for (const r of records)
      if (r.target === document.documentElement || r.target === document.head || r.target === document.body)
        window.__rootMutations.push(r.target.nodeName + " " + r.attributeName);
  }).observe(document, { attributes: true, subtree: true });`;

interface Frame {
  t: number;
  text: string;
  opacity: string;
  hiding: boolean | null;
}
const frames = (t: TestPage): Promise<Frame[]> => t.page.evaluate(() => (window as any).__frames);
/**
 * The first frame in which the hiding style was off (the reveal), by performance.now(). The style is turned off
 * between two animation frames, so the frame that records it may come after waitRevealed has returned: wait for it.
 */
const revealedAt = async (t: TestPage) => {
  await t.page.waitForFunction(() => (window as any).__frames.some((f: Frame) => f.hiding === false), undefined, { timeout: 5000 });
  return (await frames(t)).find((f) => f.hiding === false)?.t;
};
/**
 * Milliseconds from the arrival of what the reveal waited for (the snippet itself, or its config: the resource's
 * responseEnd) to the reveal. A reveal "at once" follows it within a frame or two, where the CSS alone waits
 * HIDE_TIMEOUT_MS from the first paint; timed from the arrival, not from navigation start, so a busy machine's
 * late script is not taken for svc waiting.
 */
const revealDelay = async (t: TestPage, after: "/snippet.js" | "/api/patches") => {
  const at = await revealedAt(t);
  const arrived = await t.page.evaluate(
    (path) => performance.getEntriesByType("resource").filter((e) => new URL(e.name).pathname === path).map((e) => (e as PerformanceResourceTiming).responseEnd).pop() ?? null,
    after,
  );
  expect(arrived, `${after} was loaded`).not.toBeNull();
  return at! - arrived!;
};
const exposures = async (t: TestPage) => (await events(t)).filter((e): e is ExposureEvent => e.type === "exposure");
const waitRevealed = (t: TestPage) =>
  t.page.waitForFunction(() => (document.querySelector("style[data-svc-hide]") as HTMLStyleElement | null)?.disabled === true, undefined, {
    timeout: 5000,
  });

describe("reveal of a page hidden from its first byte", () => {
  it("a variant: the original is never seen in any frame, the variant shows as soon as applied, html/head/body untouched", async () => {
    const t = await h.newPage({ api: { patches: TITLE_TEST }, init: [WATCH] });
    const before = await (async () => {
      await t.page.goto(t.url("basic.html", { ...GRANTED, count: 0 }));
      return t.page.evaluate(() => [document.documentElement, document.head, document.body].map((e) => e.outerHTML.split(">")[0]));
    })();
    await t.page.goto(t.url("basic.html", HIDDEN));
    await svcReady(t.page);
    await waitRevealed(t);
    await sleep(100);
    const seen = await frames(t);
    expect(seen.length).toBeGreaterThan(0);
    // Hidden or the variant, in every frame: never the original visible.
    const visibleOriginal = seen.filter((f) => f.text === "Original title" && f.opacity !== "0");
    expect(visibleOriginal).toEqual([]);
    const shown = seen.filter((f) => f.opacity !== "0");
    expect(shown.length).toBeGreaterThan(0);
    expect(new Set(shown.map((f) => f.text))).toEqual(new Set(["Variant title"]));
    // The first frame with the style off already paints the variant, at full opacity.
    const first = seen.find((f) => f.hiding === false)!;
    expect([first.text, first.opacity]).toEqual(["Variant title", "1"]);
    expect(first.t).toBeLessThan(HIDE_TIMEOUT_MS);
    // Turned off through the element itself: still in head, only disabled.
    expect(await t.page.evaluate(() => document.querySelectorAll("head > style[data-svc-hide]").length)).toBe(1);
    expect(await t.page.evaluate(() => (window as any).__rootMutations)).toEqual([]);
    const after = await t.page.evaluate(() => [document.documentElement, document.head, document.body].map((e) => e.outerHTML.split(">")[0]));
    expect(after).toEqual(before);
    const ex = await exposures(t);
    expect(ex).toHaveLength(1);
    expect(ex[0]!.msHidden).toBeGreaterThan(0);
    expect(ex[0]!.msHidden).toBeLessThan(HIDE_TIMEOUT_MS);
    await t.context.close();
  });

  it("the control arm: revealed at once when the config arrives, the original unchanged, one exposure", async () => {
    const control: PatchesResponse = { ttl: 300, tests: [{ test: "t_title", arm: "control", pages: ["*"] }] };
    const t = await h.newPage({ api: { patches: control }, init: [WATCH] });
    await t.page.goto(t.url("basic.html", HIDDEN));
    await svcReady(t.page);
    await waitRevealed(t);
    // The CSS alone would wait HIDE_TIMEOUT_MS.
    expect(await revealDelay(t, "/api/patches")).toBeLessThan(HIDE_TIMEOUT_MS / 2);
    expect(await t.page.$eval("#title", (e) => [e.textContent, getComputedStyle(e).opacity])).toEqual(["Original title", "1"]);
    expect((await exposures(t)).map((e) => e.arm)).toEqual(["control"]);
    await t.context.close();
  });

  it.each([
    ["a visitor in no test", { ttl: 300, tests: [] }],
    ["a test on another page", { ttl: 300, tests: [{ ...TITLE_TEST.tests[0]!, pages: ["/elsewhere"] }] }],
  ] as [string, PatchesResponse][])("%s: revealed at once, nothing changed, no exposure", async (_, patches) => {
    const t = await h.newPage({ api: { patches }, init: [WATCH] });
    await t.page.goto(t.url("basic.html", HIDDEN));
    await svcReady(t.page);
    await waitRevealed(t);
    expect(await revealDelay(t, "/api/patches")).toBeLessThan(HIDE_TIMEOUT_MS / 2);
    expect(await title(t.page)).toBe("Original title");
    expect(await exposures(t)).toEqual([]);
    await t.context.close();
  });

  it(`a config later than ${HIDE_TIMEOUT_MS} ms: the original stays, no variant, no exposure`, async () => {
    const t = await h.newPage({ api: { patches: { fault: "delay", ms: HIDE_TIMEOUT_MS + 300 } }, init: [WATCH] });
    // The delay fault answers an empty config; the late answer must not matter whatever it holds.
    await t.page.route(`${h.svcBase}/api/patches*`, async (route) => {
      await sleep(HIDE_TIMEOUT_MS + 300);
      await route
        .fulfill({ status: 200, headers: { "access-control-allow-origin": "*" }, contentType: "application/json", body: JSON.stringify(TITLE_TEST) })
        .catch(() => {});
    });
    await t.page.goto(t.url("basic.html", HIDDEN));
    await waitRevealed(t);
    await sleep(HIDE_TIMEOUT_MS + 500);
    expect(new Set((await frames(t)).map((f) => f.text))).toEqual(new Set(["Original title"]));
    expect(await t.page.evaluate(() => "svc" in window)).toBe(false);
    expect(await exposures(t)).toEqual([]);
    await t.context.close();
  });

  it("a snippet that starts late gets its config after the CSS showed the original: svc runs without this page's arms", async () => {
    const t = await h.newPage({ init: [WATCH] });
    // The snippet arrives at ~600 ms and its config ~600 ms later: within the snippet's own deadline for
    // the request, but after HIDE_TIMEOUT_MS, when the original has already been seen.
    await t.page.route(`${h.svcBase}/snippet.js*`, async (route) => {
      await sleep(600);
      await route.continue().catch(() => {});
    });
    await t.page.route(`${h.svcBase}/api/patches*`, async (route) => {
      await sleep(600);
      await route
        .fulfill({ status: 200, headers: { "access-control-allow-origin": "*" }, contentType: "application/json", body: JSON.stringify(TITLE_TEST) })
        .catch(() => {});
    });
    await t.page.goto(t.url("basic.html", HIDDEN));
    await svcReady(t.page);
    await sleep(300);
    expect(new Set((await frames(t)).map((f) => f.text))).toEqual(new Set(["Original title"]));
    await t.page.evaluate(() => (window as any).svc.convert("late"));
    const sent = await events(t);
    expect(sent.filter((e) => e.type === "pageview")).toHaveLength(1);
    expect(sent.filter((e) => e.type === "conversion")).toHaveLength(1);
    expect(await exposures(t)).toEqual([]);
    await t.context.close();
  });

  it("Shopify consent given on this pageview: revealed at once while undecided, then the arm is applied on the shopper's click", async () => {
    const t = await h.newPage({ init: [shopifyStub({ analytics: false, preloaded: true }), WATCH], api: { patches: TITLE_TEST } });
    await t.page.goto(t.url("basic.html", HIDDEN));
    await waitRevealed(t);
    expect(await revealDelay(t, "/snippet.js")).toBeLessThan(HIDE_TIMEOUT_MS / 2);
    await sleep(HIDE_TIMEOUT_MS);
    const answeredAt = await t.page.evaluate(() => {
      const at = performance.now();
      (window as any).__shopify.setConsent(true);
      return at;
    });
    await t.page.waitForFunction(() => document.getElementById("title")?.textContent !== "Original title", undefined, { timeout: 5000 });
    expect(await title(t.page)).not.toBe("Original title");
    const sent = await exposures(t);
    expect(sent).toHaveLength(1);
    // Timed from the consent, not from navigation start: the shopper's wait is not svc's flicker cost.
    expect(sent[0]!.msToApply).toBeLessThan(answeredAt);
    expect(sent[0]!.msHidden).toBe(0);
    await t.context.close();
  });

  it.each([
    ["Global Privacy Control", { init: [GPC], tag: HIDDEN, page: "basic.html" }],
    ["no Site ID on the tag", { init: [], tag: { ...HIDDEN, noSite: true }, page: "basic.html" }],
    ["consent refused on Shopify", { init: [shopifyStub({ analytics: false, preloaded: true })], tag: HIDDEN, page: "basic.html" }],
    ["the Shopify theme editor", { init: [shopifyStub({ analytics: true, preloaded: true, designMode: true })], tag: HIDDEN, page: "basic.html" }],
  ] as [string, { init: string[]; tag: TagOptions; page: string }][])("standing down (%s) reveals at once", async (_, c) => {
    const t = await h.newPage({ init: [...c.init, WATCH], api: { patches: TITLE_TEST } });
    await t.page.goto(t.url(c.page, c.tag));
    await waitRevealed(t);
    expect(await revealDelay(t, "/snippet.js")).toBeLessThan(HIDE_TIMEOUT_MS / 2);
    expect(await title(t.page)).toBe("Original title");
    expect(t.api("/api/patches")).toEqual([]);
    await t.context.close();
  });
});
