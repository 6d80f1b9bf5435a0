// The HTML edit's sanitizer: what can run code or load a document goes, ordinary markup stays as written.
import { describe, expect, it } from "vitest";
import cases from "../../../app/wire/rules/markup.cases.json";
import { markupProblems } from "../../../app/wire/rules/markup";
import { sanitizeHtml, unsafeUrl } from "../../editor/sanitize";

describe("sanitizeHtml", () => {
  it("keeps formatting, links, images, classes and inline style", () => {
    const html = '<strong class="x">Free</strong> shipping <a href="/shipping" title="t">details</a> <img src="/a.png" alt="A" style="width:2em">';
    expect(sanitizeHtml(html)).toEqual({ html, removed: [] });
  });

  it("drops scripts, frames, plugins, style sheets and what changes how the page loads", () => {
    const { html, removed } = sanitizeHtml(
      'a<script>alert(1)</script><iframe src="https://x.test"></iframe><object data="x"></object><embed src="x">' +
        '<style>body{display:none}</style><link rel="stylesheet" href="x.css"><base href="https://evil.test/"><meta http-equiv="refresh" content="0">b',
    );
    expect(html).toBe("ab");
    expect(removed).toEqual(["<script>", "<iframe>", "<object>", "<embed>", "<style>", "<link>", "<base>", "<meta>"]);
  });

  it("drops event handlers and script URLs wherever they are", () => {
    const { html, removed } = sanitizeHtml(
      '<img src="x" onerror="alert(1)"><a href=" jav&#x09;ascript:alert(1)">x</a><a href="JavaScript:alert(2)">y</a>' +
        '<div><p ONCLICK="alert(7)">p</p></div><a href="data:text/html,<script>alert(8)</script>">z</a>',
    );
    expect(html).toBe('<img src="x"><a>x</a><a>y</a><div><p>p</p></div><a>z</a>');
    expect(removed).toEqual(["onerror", "href (script or data: URL)", "onclick"]);
  });

  it("keeps SVG shapes and drops SVG's handlers, scripts and animations", () => {
    const { html } = sanitizeHtml(
      '<svg onload="alert(3)"><a xlink:href="javascript:alert(4)"><circle r="1"></circle></a><animate attributeName="href" to="javascript:alert(5)"></animate><script>alert(6)</script></svg>',
    );
    expect(html).not.toMatch(/alert|javascript|onload|<script|<animate/i);
    expect(html).toContain('<circle r="1"></circle>');
  });

  it("runs nothing while parsing (the template's content is inert)", () => {
    const w = window as unknown as { sanitizedRan?: boolean };
    sanitizeHtml('<img src="missing.png" onerror="window.sanitizedRan = true"><script>window.sanitizedRan = true</script>');
    expect(w.sanitizedRan).toBeUndefined();
  });
});

describe("unsafeUrl", () => {
  it("refuses script and document URLs, allows web, relative and image data URLs", () => {
    for (const url of ["javascript:x", " JAVASCRIPT:x", "java\nscript:x", "vbscript:x", "data:text/html,x", "data:image/svg+xml,<svg onload=x>"]) expect(unsafeUrl(url), url).toBe(true);
    for (const url of ["https://a.test/x", "/cart", "#top", "mailto:a@b.test", "tel:+1", "data:image/png;base64,AAAA"]) expect(unsafeUrl(url), url).toBe(false);
  });
});

// The same rule as the server's (app/wire/rules/markup.ts): what the editor keeps, the server accepts.
describe("sanitizeHtml against the server's rule (app/wire/rules/markup.cases.json)", () => {
  // Cases marked "quirk" are parsed differently by happy-dom than by browsers: tests/browser/markup-rule.test.ts reads them in Chromium.
  const refused = cases.refused.filter((c) => !("quirk" in c));
  it.each(refused)("cleans $html into markup the server accepts, removing $problem", ({ html, problem }) => {
    const clean = sanitizeHtml(html);
    expect(markupProblems(clean.html)).toEqual([]);
    if (problem !== "<![CDATA[") expect(clean.removed).toContain(problem);
  });
  it.each(cases.accepted)("keeps %j as it is", (html) => {
    expect(sanitizeHtml(html).removed).toEqual([]);
    expect(markupProblems(sanitizeHtml(html).html)).toEqual([]);
  });
  it.each(cases.unsafeUrls)("refuses the URL %j", (url) => expect(unsafeUrl(url)).toBe(true));
  it.each(cases.safeUrls)("allows the URL %j", (url) => expect(unsafeUrl(url)).toBe(false));
});
