// The snippet's door to the visual editor in Chromium: a token in the fragment loads /editor.js from the
// app and nothing else runs; anything else in the fragment loads nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sleep, startHarness, type Harness } from "./harness";
import { GRANTED, TITLE_TEST, rootAttributes, svcReady } from "./helpers";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

describe("the editor's door", () => {
  it("a token in the fragment loads /editor.js with it, reveals, and runs no test and collects nothing", async () => {
    const t = await h.newPage({ api: { patches: TITLE_TEST } });
    const page = t.url("basic.html", { ...GRANTED, hide: ["#title"] });
    await t.page.goto(`${page}#svc-editor=tok.EN_1-x`);
    await t.page.waitForFunction(() => (document.querySelector("style[data-svc-hide]") as HTMLStyleElement | null)?.disabled === true);
    await sleep(500);
    const editor = t.requests.filter((r) => new URL(r.url).pathname === "/editor.js");
    expect(editor.map((r) => new URL(r.url).origin + new URL(r.url).pathname + new URL(r.url).search)).toEqual([
      `${h.svcBase}/editor.js?token=tok.EN_1-x`,
    ]);
    expect(t.api()).toEqual([]);
    expect(await t.page.evaluate(() => "svc" in window)).toBe(false);
    expect(await t.page.evaluate(() => document.getElementById("title")?.textContent)).toBe("Original title");
    expect(await t.page.evaluate(() => document.querySelector('head > script[src*="/editor.js"]') !== null)).toBe(true);
    expect(await rootAttributes(t.page)).toEqual(await rootAttributesOf(h, "basic.html"));
    // Issue 20, row 11: the token left the address bar and this history entry as soon as the snippet read it.
    expect(t.page.url()).toBe(page);
    // The tab's entries: about:blank, then this page under its new URL (replaced, not pushed).
    expect(await t.page.evaluate(() => [location.hash, history.length])).toEqual(["", 2]);
    await t.context.close();
  });

  it("takes the token out of the address bar and keeps the rest of the fragment, with no history entry added", async () => {
    const t = await h.newPage({ api: { patches: TITLE_TEST } });
    const page = t.url("basic.html", GRANTED);
    await t.page.goto(`${page}#top&svc-editor=tok.EN_1-x&tab=2`);
    await t.page.waitForFunction(() => document.querySelector('head > script[src*="/editor.js"]') !== null);
    expect(t.page.url()).toBe(`${page}#top&tab=2`);
    expect(await t.page.evaluate(() => history.length)).toBe(2);
    expect(t.requests.filter((r) => new URL(r.url).pathname === "/editor.js").map((r) => new URL(r.url).searchParams.get("token"))).toEqual(["tok.EN_1-x"]);
    // Back leaves the page for the blank tab it opened in: no entry holds the token.
    await t.page.goBack();
    expect(t.page.url()).toBe("about:blank");
    await t.context.close();
  });

  it.each([["#svc-editor=<x>"], ["#svc-editor="], ["#other=tok"]])("%s loads no editor and svc runs as usual", async (hash) => {
    const t = await h.newPage({ api: { patches: TITLE_TEST } });
    await t.page.goto(`${t.url("basic.html", GRANTED)}${hash}`);
    await svcReady(t.page);
    expect(t.requests.filter((r) => new URL(r.url).pathname === "/editor.js")).toEqual([]);
    await t.context.close();
  });
});

/** html/head/body attributes of the same page without svc. */
async function rootAttributesOf(harness: Harness, fixture: string) {
  const t = await harness.newPage();
  await t.page.goto(t.url(fixture, { count: 0 }));
  const attrs = await rootAttributes(t.page);
  await t.context.close();
  return attrs;
}
