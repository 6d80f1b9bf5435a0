import { describe, expect, it } from "vitest";
import { MAX_TEST_SELECTORS, changedSelectors, safeSelector } from "./changed-selectors";

describe("changedSelectors", () => {
  it("collects each element selector once, in arm then patch order, leaving out css patches, redirect arms and unservable arms", () => {
    const arms = [
      { patches: [{ op: "text", sel: "#a", value: "x" }, { op: "css", value: "p{color:red}" }, { op: "hide", sel: ".b" }], redirectUrl: null },
      { patches: [{ op: "style", sel: "#a", props: { color: "red" } }, { op: "attr", sel: "img.c", name: "alt", value: "y" }], redirectUrl: null },
      { patches: [], redirectUrl: "https://example.com/b" },
      { patches: [{ op: "text", sel: "#unserved" }, { op: "nonsense" }], redirectUrl: null },
      { patches: [{ op: "text", sel: "a{}", value: "x" }], redirectUrl: null },
    ];
    expect(changedSelectors(arms)).toEqual(["#a", ".b", "img.c"]);
  });

  it(`answers null past ${MAX_TEST_SELECTORS} distinct selectors`, () => {
    const many = (n: number) => Array.from({ length: n }, (_, i) => ({ op: "hide", sel: `#e${i}` }));
    expect(changedSelectors([{ patches: many(MAX_TEST_SELECTORS), redirectUrl: null }])).toHaveLength(MAX_TEST_SELECTORS);
    const more = Array.from({ length: 2 }, () => ({ op: "hide", sel: `#more` }));
    expect(changedSelectors([{ patches: many(MAX_TEST_SELECTORS), redirectUrl: null }, { patches: more, redirectUrl: null }])).toBeNull();
  });
});

describe("safeSelector", () => {
  it.each(["#title", ".price > span", "a[href*='sale']", 'div[data-x="a,b)"]', "li:nth-child(2n+1)", ":is(h1, h2).x", "#\\31 23", "main :not(.x)"])(
    "keeps %s",
    (sel) => expect(safeSelector(sel)).toBe(sel),
  );

  it.each([
    ["a{color:red}", "a brace"],
    ["a}html{opacity:0", "a brace"],
    ["a;b", "a semicolon"],
    ["a</style><script>", "a tag"],
    ["a/*", "a comment"],
    ["a),html,:is(b", "a parenthesis it did not open"],
    ["a[x", "a bracket left open"],
    ['a[x="', "a string left open"],
    ["a\\", "an escape left open"],
    ["a\nb", "a line break"],
    ["a::before", "a pseudo-element"],
    ["", "nothing"],
    ["   ", "nothing"],
    ["#", "no valid selector"],
  ])("refuses %j (%s)", (sel) => expect(safeSelector(sel)).toBeNull());
});
