// The snippet bench's measuring part in real Chromium, on pages whose flicker is known in advance: a page
// that paints the original and then swaps it, one that hides the element until it shows the variant, the
// anti-flicker contract's own style, and the emulated round trip delaying the document itself. The whole bench is `npm run bench:snippet`.
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HIDE_ATTRIBUTE, HIDE_TIMEOUT_MS, hideCss } from "~/wire/hide";
import { coldAndWarm, launchBrowser, type PageKind } from "../../scripts/bench-snippet/pageview.mjs";

const page = (head: string, script: string) =>
  `<!doctype html><html><head><meta charset="utf-8">${head}</head><body><h1 id="t">Original</h1><p>Other text</p>` +
  `<script>${script}</script></body></html>`;
const PAGES: Record<string, string> = {
  // Paints the original, then swaps it for the variant 300 ms later: a flash.
  "/flash": page("", `setTimeout(() => { document.getElementById("t").textContent = "Variant"; }, 300);`),
  // Hides the element from the first paint and shows it with the variant 300 ms later: no flash.
  "/hidden": page(
    "<style>#t { opacity: 0 }</style>",
    `setTimeout(() => { const t = document.getElementById("t"); t.textContent = "Variant"; t.style.opacity = "1"; }, 300);`,
  ),
  // The anti-flicker contract's style (app/wire/hide.ts), turned off through the element 300 ms later with
  // the variant in place, as the snippet reveals.
  "/contract": page(
    `<style ${HIDE_ATTRIBUTE}>${hideCss(["#t"])}</style>`,
    `setTimeout(() => { document.getElementById("t").textContent = "Variant"; document.querySelector("style[${HIDE_ATTRIBUTE}]").sheet.disabled = true; }, 300);`,
  ),
  // The same style and nothing to reveal it (a blocked snippet): the original shows after the CSS timeout.
  "/contract-blocked": page(`<style ${HIDE_ATTRIBUTE}>${hideCss(["#t"])}</style>`, ""),
};

describe("bench:snippet's pageview measurement in Chromium", () => {
  let server: http.Server;
  let origin = "";
  let browser: Browser;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const html = PAGES[new URL(req.url ?? "/", "http://x").pathname];
      res.writeHead(html ? 200 : 404, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" }).end(html ?? "");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => server?.close(resolve));
  });

  const kind = (path: string): PageKind => ({
    url: () => `${origin}${path}`,
    targets: [{ sel: "#t", text: "Variant" }],
    ready: "none",
    scripts: [],
    storage: () => ({}),
  });

  it("reports a flash when the original was painted, and when the variant became visible", async () => {
    const { cold, warm } = await coldAndWarm(browser, kind("/flash"), "variant", 0);
    for (const view of [cold, warm]) {
      expect(view.flashed).toBe(true);
      expect(view.msToFinal).toBeGreaterThanOrEqual(300);
      expect(view.hiddenMs).toBe(0);
      expect(view.firstPaint).toBeLessThan(view.msToFinal!);
    }
  });

  it("reports no flash but the hidden time when the element was hidden until the variant showed", async () => {
    const { cold } = await coldAndWarm(browser, kind("/hidden"), "variant", 0);
    expect(cold.flashed).toBe(false);
    expect(cold.msToFinal).toBeGreaterThanOrEqual(300);
    // Hidden from the first paint until the variant showed (how long depends on when the first paint came).
    expect(cold.hiddenMs).toBeGreaterThan(0);
    expect(cold.hiddenMs).toBeCloseTo(cold.msToFinal! - cold.firstPaint!, 0);
  });

  it("reads the anti-flicker contract's style as hidden until it is turned off, or until its CSS timeout", async () => {
    const revealed = (await coldAndWarm(browser, kind("/contract"), "variant", 0)).cold;
    expect(revealed.flashed).toBe(false);
    expect(revealed.msToFinal).toBeGreaterThanOrEqual(300);
    expect(revealed.msToFinal).toBeLessThan(HIDE_TIMEOUT_MS);
    expect(revealed.hiddenMs).toBeCloseTo(revealed.msToFinal! - revealed.firstPaint!, 0);

    const blocked = (await coldAndWarm(browser, kind("/contract-blocked"), "control", 0)).cold;
    expect(blocked.msToFinal).toBeGreaterThanOrEqual(HIDE_TIMEOUT_MS - 50);
    expect(blocked.hiddenMs).toBeCloseTo(blocked.msToFinal! - blocked.firstPaint!, 0);
    expect(blocked.anyHiddenMs).toBeCloseTo(blocked.hiddenMs, 0);
  });

  it("delays the document itself by the emulated round trip", async () => {
    const { cold } = await coldAndWarm(browser, kind("/flash"), "control", 150);
    expect(cold.firstPaint).toBeGreaterThanOrEqual(150);
    expect(cold.flashed).toBe(false);
  });
});
