// The consent prompt speaks the shopper's language, end to end in Chromium: the real server's snippet and
// GET /api/consent (a loopback visitor has no country, so consent is asked), a page on another origin.
import { createServer, type Server } from "node:http";
import type { Browser, BrowserContextOptions, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consentPrompt } from "../../../app/domain/consent/prompt-text";
import { DEMO_SITE_ID } from "../../../app/demo/constants";
import type { PromptLanguage } from "../../../app/wire/rules/consent-language";
import { launchChromium, saveScreenshot } from "../../support/browser";
import { createTestDatabase, type TestDatabase } from "../../support/databases";
import { startServer, type RunningServer } from "../../support/server";
import { ensureSnippetBuilt } from "./harness";
import { svcReady } from "./helpers";

let db: TestDatabase;
let server: RunningServer;
let browser: Browser;
let site: Server;
let siteOrigin = "";

beforeAll(async () => {
  await ensureSnippetBuilt();
  db = await createTestDatabase("pglite", { migrated: true });
  [server, browser] = await Promise.all([startServer({ env: { ...db.env, SVC_DEMO: "1" } }), launchChromium()]);
  // The storefront: one page carrying the tag, with `data-svc-lang` when the query names one.
  site = createServer((req, res) => {
    const lang = new URL(req.url ?? "/", "http://site").searchParams.get("lang");
    const attr = lang === null ? "" : ` data-svc-lang="${lang.replace(/[^\w-]/g, "")}"`;
    res.writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
    res.end(
      `<!doctype html><html lang="en"><head><title>Shop</title>` +
        `<script src="${server.url}/snippet.js" async data-svc-site="${DEMO_SITE_ID}"${attr}></script></head>` +
        `<body><h1>Shop</h1><p>Welcome.</p></body></html>`,
    );
  });
  await new Promise<void>((ok) => site.listen(0, "127.0.0.1", ok));
  const address = site.address();
  siteOrigin = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
});

afterAll(async () => {
  await browser?.close();
  await new Promise((ok) => (site ? site.close(ok) : ok(undefined)));
  await server?.stop();
  await db?.drop();
});

interface Shown {
  page: Page;
  /** The `lang` the snippet sent with GET /api/consent: the tag's declaration as written, empty without one. */
  asked: string | null;
  /** The request's Accept-Language: the browser's languages, which the server reads after the declaration. */
  accepts: string | undefined;
  close(): Promise<void>;
}

/** Opens the page in a fresh browser context (so nothing is remembered) and waits for the prompt. */
async function showPrompt(context: BrowserContextOptions, query = "", init?: string): Promise<Shown> {
  const ctx = await browser.newContext(context);
  if (init) await ctx.addInitScript(init);
  const page = await ctx.newPage();
  const consent = page.waitForRequest((r) => new URL(r.url()).pathname === "/api/consent");
  await page.goto(`${siteOrigin}/${query}`);
  const request = await consent;
  const asked = new URL(request.url()).searchParams.get("lang");
  const accepts = (await request.allHeaders())["accept-language"];
  await page.getByRole("region").waitFor();
  return { page, asked, accepts, close: () => ctx.close() };
}

/** What the prompt shows: its region's lang and dir, computed direction, text and buttons, left to right on screen. */
async function prompt(page: Page) {
  const region = page.getByRole("region");
  const buttons = await Promise.all(
    (await page.getByRole("button").all()).map(async (b) => ({ name: (await b.textContent()) ?? "", x: (await b.boundingBox())!.x })),
  );
  return {
    lang: await region.getAttribute("lang"),
    dir: await region.getAttribute("dir"),
    direction: await region.evaluate((el) => getComputedStyle(el).direction),
    text: await page.locator("svc-consent p").textContent(),
    label: await region.evaluate((el) => el.getRootNode() instanceof ShadowRoot && (el.getRootNode() as ShadowRoot).getElementById(el.getAttribute("aria-labelledby") ?? "")?.textContent),
    buttonsLeftToRight: buttons.sort((a, b) => a.x - b.x).map((b) => b.name),
  };
}

const words = (lang: PromptLanguage) => consentPrompt(lang);

describe("the consent prompt's language follows the browser", () => {
  it("a German browser gets the German prompt, and its Allow starts svc", async () => {
    const t = await showPrompt({ locale: "de-DE" });
    expect(await t.page.evaluate(() => navigator.languages)).toEqual(["de-DE"]);
    // The snippet sends no choice of its own: the server reads the browser's Accept-Language.
    expect(t.asked).toBe("");
    expect(t.accepts).toMatch(/^de-DE\b/);
    const de = words("de");
    expect(await prompt(t.page)).toEqual({
      lang: "de",
      dir: "ltr",
      direction: "ltr",
      text: de.message,
      label: de.message,
      buttonsLeftToRight: [de.allow, de.decline],
    });
    // The region is named by its German text, for screen readers.
    await t.page.getByRole("region", { name: /Besuch anonym auswerten/ }).waitFor();
    await saveScreenshot(t.page, "consent-prompt-de");
    await t.page.getByRole("button", { name: de.allow }).click();
    await svcReady(t.page);
    expect(await t.page.evaluate(() => localStorage.getItem("svc_consent"))).toBe("1");
    await t.close();
  });

  it('data-svc-lang="fr" wins over the browser', async () => {
    const t = await showPrompt({ locale: "de-DE" }, "?lang=fr");
    expect(t.asked).toBe("fr");
    const shown = await prompt(t.page);
    expect(shown.lang).toBe("fr");
    expect(shown.text).toBe(words("fr").message);
    expect(shown.buttonsLeftToRight).toEqual([words("fr").allow, words("fr").decline]);
    await t.close();
  });

  it("a tag naming an unsupported language leaves the choice to the browser", async () => {
    const t = await showPrompt({ locale: "it-IT" }, "?lang=ja");
    // Forwarded as written; the server skips it and reads the browser's Italian.
    expect(t.asked).toBe("ja");
    expect((await prompt(t.page)).text).toBe(words("it").message);
    await t.close();
  });

  it("an unsupported browser language gets English", async () => {
    const t = await showPrompt({ locale: "ja-JP" });
    expect(t.asked).toBe("");
    const shown = await prompt(t.page);
    expect(shown.lang).toBe("en");
    expect(shown.text).toBe(words("en").message);
    expect(shown.buttonsLeftToRight).toEqual(["Allow", "No thanks"]);
    await t.close();
  });

  it("takes the first supported language of the browser's languages (its Accept-Language), by its primary subtag", async () => {
    // A browser set to Japanese, Korean, Brazilian Portuguese and German, in that order, says so in every request.
    const t = await showPrompt({ locale: "ja-JP", extraHTTPHeaders: { "Accept-Language": "ja-JP,ko;q=0.9,pt-BR;q=0.8,de;q=0.7" } });
    expect(t.asked).toBe("");
    expect(t.accepts).toBe("ja-JP,ko;q=0.9,pt-BR;q=0.8,de;q=0.7");
    expect((await prompt(t.page)).text).toBe(words("pt").message);
    await t.close();
  });

  it("an Arabic browser gets the prompt right to left: text direction and the buttons' order mirrored", async () => {
    const t = await showPrompt({ locale: "ar-EG" });
    expect(t.asked).toBe("");
    expect(t.accepts).toMatch(/^ar-EG\b/);
    const ar = words("ar");
    expect(await prompt(t.page)).toEqual({
      lang: "ar",
      dir: "rtl",
      direction: "rtl",
      text: ar.message,
      label: ar.message,
      // Allow comes first in the DOM, so in a right-to-left row it sits rightmost.
      buttonsLeftToRight: [ar.decline, ar.allow],
    });
    // The text starts at the right edge of the box: its first line ends flush right.
    const [box, text] = await Promise.all([
      t.page.locator("svc-consent div").boundingBox(),
      t.page.locator("svc-consent p").boundingBox(),
    ]);
    expect(box!.x + box!.width - (text!.x + text!.width)).toBeLessThan(box!.width / 4);
    await saveScreenshot(t.page, "consent-prompt-ar");
    // The page itself is untouched: direction and lang stay the page's own (guarantee 2).
    expect(await t.page.evaluate(() => [document.documentElement.getAttribute("dir"), document.documentElement.lang, getComputedStyle(document.body).direction])).toEqual([null, "en", "ltr"]);
    await t.close();
  });

  it.each([
    ["no prompt (a server from before languages)", { required: true }],
    ["a prompt missing its words", { required: true, prompt: { lang: "de", dir: "ltr", style: "p{}" } }],
    ["a prompt with a non-text message", { required: true, prompt: { ...words("de"), message: { html: "<b>x</b>" } } }],
  ])("an answer asking for consent with %s shows nothing, and svc stays off", async (_, answer) => {
    const ctx = await browser.newContext({ locale: "de-DE" });
    const page = await ctx.newPage();
    const requests: string[] = [];
    page.on("request", (r) => requests.push(new URL(r.url()).pathname));
    await page.route(`${server.url}/api/consent?*`, (route) =>
      route.fulfill({ status: 200, headers: { "access-control-allow-origin": "*" }, contentType: "application/json", body: JSON.stringify(answer) }),
    );
    await page.goto(`${siteOrigin}/`);
    await page.waitForTimeout(800);
    expect(requests.filter((p) => p.startsWith("/api/"))).toEqual(["/api/consent"]);
    expect(await page.locator("svc-consent").count()).toBe(0);
    expect(await page.evaluate(() => ["svc" in window, localStorage.length])).toEqual([false, 0]);
    await ctx.close();
  });
});
