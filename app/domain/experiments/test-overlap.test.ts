import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { matchesPath } from "~/wire";
import { describeConflict, overlapConflicts, patternsOverlap, selectorsOverlap, touchedBy, WHOLE_PAGE, type OverlapTest } from "./test-overlap";

const text = (sel: string) => ({ op: "text", sel, value: "x" });
const test = (id: string, pages: string[], patches: unknown[], over: Partial<OverlapTest> = {}): OverlapTest => ({
  id,
  name: `Test ${id}`,
  pages,
  groupId: null,
  arms: [
    { patches: [], redirectUrl: null },
    { patches, redirectUrl: null },
  ],
  ...over,
});

describe("patternsOverlap", () => {
  it.each([
    ["/demo", "/demo", true],
    ["/demo/", "/demo", true],
    ["/demo", "/demo/shopify", false],
    ["/products/*", "*sale*", true],
    ["/products/*", "/collections/*", false],
    ["*", "/anything", true],
    ["/a*b", "/a*c", false],
    ["/a*", "*b", true],
    ["template:product", "template:product", true],
    ["template:product", "template:collection", false],
    ["template:product", "/products/*", true],
    ["template:product", "/fr/products/mug", true],
    ["template:product", "/collections/mugs/products/mug", true],
    ["template:collection", "/", false],
    ["template:index", "/", true],
    ["template:index", "*", true],
    ["template:cart", "/pages/about", false],
    ["template:unknown", "/anything", true],
  ])("%s and %s → %s", (a, b, expected) => {
    expect(patternsOverlap(a, b)).toBe(expected);
    expect(patternsOverlap(b, a)).toBe(expected);
  });

  it("agrees with the snippet's matcher: a path both match means they overlap", () => {
    const chars = fc.constantFrom("/", "a", "b", "*");
    const pattern = fc.array(chars, { minLength: 1, maxLength: 6 }).map((cs) => "/" + cs.join(""));
    const path = fc.array(fc.constantFrom("/", "a", "b"), { maxLength: 6 }).map((cs) => "/" + cs.join(""));
    fc.assert(
      fc.property(pattern, pattern, path, (a, b, p) => {
        if (matchesPath(a, p) && matchesPath(b, p)) expect(patternsOverlap(a, b)).toBe(true);
      }),
    );
  });
});

describe("selectorsOverlap", () => {
  it.each([
    ["#headline", "#headline", true],
    ["#headline", "  #headline ", true],
    ["h1#headline", "#headline", true],
    ["#hero", "#hero h1", true],
    ["#hero", "#hero > h1", true],
    ["#hero", "#hero + p", false],
    ["#headline", "#lede", false],
    ["h1, #lede", "#lede", true],
    [".a [data-x='1,2']", ".b", false],
    ["h1", "#headline", false],
  ])("%s and %s → %s", (a, b, expected) => {
    expect(selectorsOverlap(a, b)).toBe(expected);
    expect(selectorsOverlap(b, a)).toBe(expected);
  });
});

describe("touchedBy", () => {
  it("lists patched selectors, and the whole page for redirects and style sheets", () => {
    expect(touchedBy(test("a", ["/"], [text("#h"), { op: "hide", sel: ".x" }]))).toEqual(["#h", ".x"]);
    expect(touchedBy(test("a", ["/"], [{ op: "css", value: "h1{color:red}" }]))).toEqual([WHOLE_PAGE]);
    expect(touchedBy({ arms: [{ patches: [], redirectUrl: "/b" }] })).toEqual([WHOLE_PAGE]);
    expect(touchedBy({ arms: [{ patches: [], redirectUrl: null }] })).toEqual([]);
  });
});

describe("overlapConflicts", () => {
  const headline = test("demo", ["/demo"], [text("#headline")], { name: "Demo: headline" });

  it("names the running test, the pages and the elements both change", () => {
    const conflicts = overlapConflicts(test("new", ["/demo"], [text("#headline")]), [headline]);
    expect(conflicts).toEqual([{ testId: "demo", testName: "Demo: headline", pages: ["/demo"], selectors: ["#headline"] }]);
    expect(describeConflict(conflicts[0]!)).toBe("“Demo: headline” runs on /demo and changes #headline");
  });

  it("sees no conflict on other elements, other pages, or within one group", () => {
    expect(overlapConflicts(test("new", ["/demo"], [text("#lede")]), [headline])).toEqual([]);
    expect(overlapConflicts(test("new", ["/demo/shopify"], [text("#headline")]), [headline])).toEqual([]);
    const grouped = { ...headline, groupId: "g" };
    expect(overlapConflicts(test("new", ["/demo"], [text("#headline")], { groupId: "g" }), [grouped])).toEqual([]);
    expect(overlapConflicts(test("new", ["/demo"], [text("#headline")], { groupId: "h" }), [grouped])).toHaveLength(1);
  });

  it("takes a redirect as touching everything on its pages", () => {
    const split = test("split", ["/*"], [], { arms: [{ patches: [], redirectUrl: null }, { patches: [], redirectUrl: "/b" }] });
    expect(overlapConflicts(split, [headline])).toEqual([{ testId: "demo", testName: "Demo: headline", pages: ["/* ∩ /demo"], selectors: [WHOLE_PAGE] }]);
  });

  it("never conflicts with itself, nor when it changes nothing", () => {
    expect(overlapConflicts(headline, [headline])).toEqual([]);
    expect(overlapConflicts(test("empty", ["/demo"], []), [headline])).toEqual([]);
  });
});
