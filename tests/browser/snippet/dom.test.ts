// Variants in Chromium: patches, guarantee 2 (html/head/body untouched), one instance per page,
// anti-flicker, redirects, exposures, and the cached config on first paint of a repeat view.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ExposureEvent } from "../../../app/wire/events";
import type { PatchesResponse } from "../../../app/wire/patches";
import { HIDE_TIMEOUT_MS } from "../../../app/wire/hide";
import { sleep, startHarness, type Harness } from "./harness";
import { CONSENT_REQUIRED, GRANTED, TITLE_TEST, events, rootAttributes, svcReady, title } from "./helpers";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

const exposures = (evs: Awaited<ReturnType<typeof events>>) => evs.filter((e): e is ExposureEvent => e.type === "exposure");

/** Records every attribute change on html, head and body from before the first byte is parsed. */
const WATCH_ROOTS = `
  window.__rootMutations = [];
  new MutationObserver((records) => {
    for (const r of records) {
      if (r.target === document.documentElement || r.target === document.head || r.target === document.body)
        window.__rootMutations.push(r.target.nodeName + " " + r.attributeName);
    }
  }).observe(document, { attributes: true, subtree: true });`;

describe("patches", () => {
  it("applies every operation, including to elements that appear later", async () => {
    const patches: PatchesResponse = {
      ttl: 300,
      tests: [
        {
          test: "t_all",
          arm: "b",
          pages: ["/pages/basic.html"],
          patches: [
            { op: "text", sel: "#title", value: "Variant <title>" },
            { op: "html", sel: ".promo", value: "<em>Variant</em> promo" },
            { op: "attr", sel: "a.cta", name: "data-variant", value: "b" },
            { op: "attr", sel: "#buy", name: "type", value: null },
            { op: "class", sel: "#buy", add: ["big"], remove: ["small"] },
            { op: "style", sel: "#buy", props: { "background-color": "rgb(0, 128, 0)" } },
            { op: "css", value: ".promo em{color:rgb(255, 0, 0)}" },
            { op: "hide", sel: ".banner" },
            { op: "text", sel: ".late", value: "Late variant" },
          ],
        },
        { test: "t_other_page", arm: "b", pages: ["/pages/other.html"], patches: [{ op: "text", sel: "#title", value: "Wrong page" }] },
      ],
    };
    const t = await h.newPage({ api: { patches } });
    await t.page.goto(t.url("basic.html", GRANTED));
    await svcReady(t.page);
    expect(await title(t.page)).toBe("Variant <title>");
    expect(await t.page.innerHTML(".promo")).toBe("<em>Variant</em> promo");
    expect(await t.page.getAttribute("a.cta", "data-variant")).toBe("b");
    expect(await t.page.getAttribute("#buy", "type")).toBeNull();
    expect(await t.page.getAttribute("#buy", "class")).toBe("buy big");
    expect(await t.page.$eval("#buy", (b) => getComputedStyle(b).backgroundColor)).toBe("rgb(0, 128, 0)");
    expect(await t.page.$eval(".promo em", (e) => getComputedStyle(e).color)).toBe("rgb(255, 0, 0)");
    expect(await t.page.isVisible(".banner")).toBe(false);
    await t.page.waitForSelector(".late");
    await t.page.waitForFunction(() => document.querySelector(".late")?.textContent === "Late variant");
    const ex = exposures(await events(t));
    expect(ex).toHaveLength(1);
    expect(ex[0]).toMatchObject({ test: "t_all", arm: "b", msHidden: 0, path: "/pages/basic.html" });
    expect(ex[0]!.msToApply).toBeGreaterThan(0);
    await t.context.close();
  });

  it("never edits html, head or body, even when patches aim at them (guarantee 2)", async () => {
    const hostile: PatchesResponse = {
      ttl: 0, // stale on the next view, so anti-flicker hides this config's targets while it reloads
      tests: [
        {
          test: "t_roots",
          arm: "b",
          pages: ["*"],
          patches: [
            { op: "class", sel: "html, head, body, h1", add: ["variant"] },
            { op: "attr", sel: "*", name: "data-svc", value: "1" },
            { op: "style", sel: "body, :root", props: { display: "none", opacity: "0" } },
            { op: "text", sel: "body", value: "gone" },
            { op: "css", value: "body{display:none} :root{opacity:0} html,head,body{visibility:hidden} .promo{color:rgb(0, 0, 255)} body::before{content:'x'}" },
            { op: "hide", sel: ":root, html, body, head" },
          ],
        },
      ],
    };
    const t = await h.newPage({ init: [WATCH_ROOTS], api: { consent: CONSENT_REQUIRED, patches: hostile } });
    const before = await (async () => {
      const probe = await h.newPage({ context: t.context });
      await probe.page.route(`${h.svcBase}/snippet.js`, (r) => r.abort());
      await probe.page.goto(t.url("basic.html"));
      const attrs = await rootAttributes(probe.page);
      await probe.page.close();
      return attrs;
    })();
    await t.page.goto(t.url("basic.html"));
    await t.page.getByRole("button", { name: "Allow" }).click(); // the prompt: a child of body, no attribute
    await svcReady(t.page);
    // Second view: stale config → anti-flicker while reloading → the same hostile patches again.
    t.setApi({ patches: { ...hostile, ttl: 300 } });
    await t.page.reload();
    await svcReady(t.page);
    await sleep(400);
    expect(await t.page.evaluate(() => (window as any).__rootMutations)).toEqual([]);
    expect(await rootAttributes(t.page)).toEqual(before);
    const look = await t.page.evaluate(() => {
      const s = (el: Element) => getComputedStyle(el);
      return {
        body: [s(document.body).display, s(document.body).opacity, s(document.body).visibility],
        html: [s(document.documentElement).display, s(document.documentElement).opacity],
        bodyBefore: getComputedStyle(document.body, "::before").content,
        h1: document.querySelector("h1")!.className,
        h1Attr: document.querySelector("h1")!.getAttribute("data-svc"),
        promo: s(document.querySelector(".promo")!).color,
        text: document.body.innerText.includes("Original promo"),
      };
    });
    expect(look).toEqual({
      body: ["block", "1", "visible"],
      html: ["block", "1"],
      bodyBefore: "none",
      h1: "variant",
      h1Attr: "1",
      promo: "rgb(0, 0, 255)",
      text: true,
    });
    await t.context.close();
  });
});

describe("one instance per page", () => {
  it("ignores a second tag and a second load", async () => {
    const t = await h.newPage({ api: { patches: TITLE_TEST } });
    await t.page.goto(t.url("basic.html", { ...GRANTED, count: 2 }));
    await svcReady(t.page);
    await t.page.evaluate((src) => {
      const s = document.createElement("script");
      s.src = src;
      s.dataset.svcSite = "site-test";
      s.dataset.svcConsent = "granted";
      document.head.append(s);
    }, `${h.svcBase}/snippet.js`);
    await sleep(500);
    expect(await t.page.locator('script[src$="/snippet.js"]').count()).toBe(3);
    expect(t.api("/api/patches")).toHaveLength(1);
    const evs = await events(t);
    expect(evs.filter((e) => e.type === "pageview")).toHaveLength(1);
    expect(await title(t.page)).toBe("Variant title");
    await t.context.close();
  });

  it("does nothing without a Site ID", async () => {
    const t = await h.newPage({ api: { patches: TITLE_TEST } });
    await t.page.goto(t.url("basic.html", { ...GRANTED, noSite: true }));
    await sleep(600);
    expect(t.api()).toEqual([]);
    expect(await t.page.evaluate(() => ({ ...localStorage }))).toEqual({});
    await t.context.close();
  });
});

describe("exposures", () => {
  it("once per test per session, for control too, and `when` waits for its element", async () => {
    const patches: PatchesResponse = {
      ttl: 300,
      tests: [
        { test: "t_ctrl", arm: "control", pages: ["*"] },
        { test: "t_late", arm: "b", pages: ["*"], when: ".late", patches: [{ op: "text", sel: ".late", value: "Late variant" }] },
      ],
    };
    const t = await h.newPage({ api: { patches } });
    await t.page.goto(t.url("basic.html", GRANTED));
    await svcReady(t.page);
    await t.page.waitForFunction(() => document.querySelector(".late")?.textContent === "Late variant");
    let ex = exposures(await events(t));
    expect(ex.map((e) => `${e.test}/${e.arm}`).sort()).toEqual(["t_ctrl/control", "t_late/b"]);
    const late = ex.find((e) => e.test === "t_late")!;
    expect(late.msToApply).toBeGreaterThanOrEqual(300); // the page adds .late 300 ms after parsing
    await t.page.reload();
    await svcReady(t.page);
    await sleep(500);
    ex = exposures(await events(t));
    expect(ex).toHaveLength(2);
    await t.context.close();
  });
});

describe("anti-flicker", () => {
  it("hides only the targeted elements while a stale config reloads, and reports it", async () => {
    const stale = { ...TITLE_TEST, ttl: 0 };
    const t = await h.newPage({ api: { patches: stale } });
    await t.page.goto(t.url("basic.html", GRANTED));
    await svcReady(t.page);
    await t.page.evaluate(() => sessionStorage.clear());
    await t.page.route(`${h.svcBase}/api/patches*`, async (route) => {
      await sleep(400);
      await route.fulfill({ status: 200, headers: { "access-control-allow-origin": "*" }, contentType: "application/json", body: JSON.stringify(TITLE_TEST) });
    });
    await t.page.goto(t.url("other.html", GRANTED));
    // On the other page only #title and .promo exist: hidden, the rest of the page is not.
    const during = await t.page.evaluate(() => [
      getComputedStyle(document.querySelector("#title")!).opacity,
      getComputedStyle(document.body).opacity,
    ]);
    expect(during).toEqual(["0", "1"]);
    await svcReady(t.page);
    expect(await t.page.$eval("#title", (e) => [e.textContent, getComputedStyle(e).opacity])).toEqual(["Variant title", "1"]);
    const ex = exposures(await events(t)).filter((e) => e.path === "/pages/other.html");
    // Same session, already exposed on the first page: no second exposure.
    expect(ex).toHaveLength(0);
    await t.context.close();
  });

  it(`shows the original after ${HIDE_TIMEOUT_MS} ms and keeps it`, async () => {
    const t = await h.newPage({ api: { patches: { ...TITLE_TEST, ttl: 0 } } });
    await t.page.goto(t.url("basic.html", GRANTED));
    await svcReady(t.page);
    t.setApi({ patches: { fault: "delay", ms: HIDE_TIMEOUT_MS + 600 } });
    await t.page.goto(t.url("other.html", GRANTED));
    await sleep(HIDE_TIMEOUT_MS + 200);
    expect(await t.page.$eval("#title", (e) => [e.textContent, getComputedStyle(e).opacity])).toEqual(["Other page", "1"]);
    await sleep(800);
    expect(await title(t.page)).toBe("Other page");
    expect(await t.page.evaluate(() => "svc" in window)).toBe(false);
    await t.context.close();
  });
});

describe("cache", () => {
  it("a repeat view shows the variant on first paint, without waiting for the network", async () => {
    const t = await h.newPage({
      api: { patches: TITLE_TEST },
      // Before every frame is painted, note what #title says.
      init: [`window.__frames = []; (function f(){ const e = document.getElementById("title"); if (e) window.__frames.push(e.textContent); requestAnimationFrame(f); })();`],
    });
    await t.page.goto(t.url("basic.html", GRANTED));
    await svcReady(t.page);
    const patchRequests = t.api("/api/patches").length;
    t.setApi({ patches: { fault: "abort" } });
    // Head first, body 1.5 s later: the async snippet runs before #title exists. 400 ms was not always enough under
    // the suite's load on a slow machine (the original painted first in a clean-clone run of 2026-12-08, in the serial
    // lane): the premise failed, not the cache.
    await t.page.goto(t.url("basic.html", { ...GRANTED, slowBody: 1500 }));
    await t.page.waitForSelector("#title");
    await svcReady(t.page);
    await sleep(200);
    const frames: string[] = await t.page.evaluate(() => (window as any).__frames);
    expect(frames.length).toBeGreaterThan(0);
    expect(new Set(frames)).toEqual(new Set(["Variant title"]));
    expect(t.api("/api/patches").length).toBe(patchRequests);
    await t.context.close();
  });
});

describe("redirects (split-URL)", () => {
  it("keeps query and hash, records the exposure on the landing page, and never loops", async () => {
    const patches: PatchesResponse = {
      ttl: 300,
      tests: [
        { test: "t_split", arm: "b", pages: ["/pages/basic.html"], redirect: "/pages/other.html" },
        // Misconfigured the other way round: must not bounce back.
        { test: "t_back", arm: "b", pages: ["/pages/other.html"], redirect: "/pages/basic.html" },
      ],
    };
    const t = await h.newPage({ api: { patches } });
    await t.page.goto(t.url("basic.html", GRANTED, "utm_source=mail") + "#reviews");
    await t.page.waitForURL(/other\.html/);
    await svcReady(t.page);
    await sleep(300);
    const url = new URL(t.page.url());
    expect(url.pathname).toBe("/pages/other.html");
    expect(url.searchParams.get("utm_source")).toBe("mail");
    expect(url.hash).toBe("#reviews");
    const evs = await events(t);
    expect(evs.filter((e) => e.type === "pageview").map((e) => e.path)).toEqual(["/pages/other.html"]);
    const ex = exposures(evs);
    expect(ex.map((e) => e.test)).toEqual(["t_split"]);
    expect(ex[0]!.msToApply).toBeGreaterThan(0);
    await t.context.close();
  });

  it("switches a Shopify template with ?view= and stays there", async () => {
    const patches: PatchesResponse = { ttl: 300, tests: [{ test: "t_view", arm: "b", pages: ["/pages/basic.html"], redirect: "?view=alt" }] };
    const t = await h.newPage({ api: { patches } });
    await t.page.goto(t.url("basic.html", GRANTED, "variant=123"));
    await t.page.waitForURL(/view=alt/);
    await svcReady(t.page);
    await sleep(300);
    const url = new URL(t.page.url());
    expect(url.searchParams.get("variant")).toBe("123");
    expect(url.searchParams.get("view")).toBe("alt");
    expect(t.requests.filter((r) => r.url.includes("/pages/basic.html")).length).toBe(2);
    expect(exposures(await events(t)).map((e) => e.test)).toEqual(["t_view"]);
    await t.context.close();
  });
});
