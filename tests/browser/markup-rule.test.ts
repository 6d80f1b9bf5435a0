// The server's markup rule (app/wire/rules/markup.ts) against a real browser's parser: markup the server
// accepts holds nothing a browser would run, in an HTML element or an SVG one (a patch's selector may
// match either), and whatever the editor's sanitiser (snippet/editor/sanitize.ts) keeps, the server accepts.
// The shared cases and a seeded random sample of hostile markup, parsed in Chromium's inert documents.
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import cases from "~/wire/rules/markup.cases.json";
import { markupProblems } from "~/wire/rules/markup";
import { launchChromium } from "../support/browser";

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchChromium();
  page = await browser.newPage();
  await page.setContent("<!doctype html><title>markup</title>");
  // The rule and the sanitiser as the editor bundles them, on window.rule.
  const bundle = await build({
    stdin: {
      contents: 'export { markupProblems, unsafeAttribute, DROPPED_ELEMENTS } from "./app/wire/rules/markup"; export { sanitizeHtml } from "./snippet/editor/sanitize";',
      resolveDir: process.cwd(),
      loader: "ts",
    },
    bundle: true,
    format: "iife",
    globalName: "rule",
    write: false,
  });
  await page.addScriptTag({ content: bundle.outputFiles[0]?.text ?? "" });
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

/** For each markup, what Chromium's parse holds that the rule refuses, in a div, an svg and a template. */
function unsafeInBrowser(markups: string[]): Promise<string[][]> {
  return page.evaluate((list) => {
    const rule = (window as any).rule;
    // An inert document: nothing in it loads or runs.
    const doc = document.implementation.createHTMLDocument("");
    const contexts = () => [doc.createElement("div"), doc.createElementNS("http://www.w3.org/2000/svg", "svg"), doc.createElementNS("http://www.w3.org/1998/Math/MathML", "math")];
    return list.map((html: string) => {
      const found = new Set<string>();
      for (const context of contexts()) {
        context.innerHTML = html;
        for (const el of Array.from(context.querySelectorAll("*"))) {
          if (rule.DROPPED_ELEMENTS.has(el.localName.toLowerCase())) found.add(`<${el.localName.toLowerCase()}>`);
          for (const attr of Array.from(el.attributes)) {
            const why = rule.unsafeAttribute(attr.name, attr.value);
            if (why) found.add(why);
          }
        }
      }
      return [...found];
    });
  }, markups);
}

describe("the markup rule in Chromium", () => {
  it("reads every refused case as a browser does: each holds what it is refused for", async () => {
    const found = await unsafeInBrowser(cases.refused.map((c) => c.html));
    cases.refused.forEach((c, i) => {
      if (c.problem !== "<![CDATA[") expect(found[i], c.html).toContain(c.problem);
    });
  });

  it("finds nothing a browser would run in any accepted case", async () => {
    expect(await unsafeInBrowser(cases.accepted)).toEqual(cases.accepted.map(() => []));
  });

  it("accepts what the editor's sanitiser keeps, every refused case included (parsed by Chromium)", async () => {
    const kept = await page.evaluate((list) => list.map((html: string) => (window as any).rule.sanitizeHtml(html).html as string), cases.refused.map((c) => c.html));
    expect(kept.map((html) => markupProblems(html))).toEqual(kept.map(() => []));
    expect(await unsafeInBrowser(kept)).toEqual(kept.map(() => []));
  });

  it("is never fooled: 20,000 seeded hostile markups it accepts hold nothing Chromium would run", async () => {
    // Markup that opens one of the tokenizer's states, text that may or may not close it, and a payload a
    // browser runs when it reads it as a tag: accepted only if no reading makes the payload a tag.
    const openers = [
      "<!--", "<!-- > ", "<!-- a -", "<!-", "<?", "<? ", "</a x=\"", "</a x='", "</ ", "</", "<a title=\"", "<a title='", "<a title=",
      "<b x=\"", "<p =\"", "<textarea>", "<title>", "<TITLE>", "<textarea><a title=\"", "<title><b x='", "<svg><title><a title=\"", "<svg><title>", "<math><title>", "<svg><textarea>", "<svg>",
      "<math>", "<select>", "<table>", "<![CDATA[", "<svg><![CDATA[", "<!DOCTYPE x \"", "<p/", "<p ",
    ];
    const closers = [
      "</textarea>", "</title>", "</title ", ">", "->", "-->", "--!>", "--->", "<!-->", "\">", "'>", "\"", "'", "</textarea>", "</textarea ", "</textareax>", "</title>",
      "</title/", "</TITLE ", "</title", "]]>", "</svg>", "</math>", "</select>", " ", "=", "/", "?>", "x",
    ];
    const payloads = ["<img src=x onerror=x>", "<a href=javascript:x>x</a>", '<a href="java&#x09;script&colon;x">x</a>', "<p onclick=y>", "<svg onload=z>", "<iframe>"];
    let seed = 20_260_620;
    const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
    const pick = (list: string[]) => list[Math.floor(random() * list.length)] as string;
    const samples = Array.from({ length: 20_000 }, () => {
      let html = "";
      for (let n = 1 + Math.floor(random() * 4); n > 0; n--) html += pick(openers) + (random() < 0.5 ? pick(closers) : "") + (random() < 0.4 ? pick(payloads) : "") + pick(closers);
      return html + (random() < 0.5 ? pick(payloads) + pick(closers) : "");
    });
    const accepted = samples.filter((html) => markupProblems(html).length === 0);
    expect(accepted.length).toBeGreaterThan(2000);
    const found = await unsafeInBrowser(accepted);
    expect(accepted.filter((_, i) => (found[i] ?? []).length > 0)).toEqual([]);
  }, 60_000);
});
