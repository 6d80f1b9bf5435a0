import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { matchesPath } from "~/wire";
import { describeConflict, overlapAdvice, overlapConflicts, patternsOverlap, selectorsOverlap, subjectsMayMeet, touchedBy, WHOLE_PAGE, type OverlapTest } from "./test-overlap";

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

describe("subjectsMayMeet", () => {
  it.each([
    // One element under two selectors: only the page can tell.
    ["h1", "#headline", true],
    ["h1.title", "#headline", true],
    [".promo-bar", "#headline", true],
    ["button.cta", ".primary", true],
    ["main h1", "header #headline", true],
    ["*", "#headline", true],
    ["H1", "h1#headline", true],
    // Never one element: two element types, or two ids.
    ["h1", "p", false],
    ["#headline", "#lede", false],
    ["h1#headline", "p.lede", false],
    ["#hero h1", "#hero p", false],
    // What sits inside :not() or an attribute is not the subject's type or id.
    ["p:not(#headline)", "#headline", true],
    ["[id='lede']", "#headline", true],
    ["h1, p", "p.lede", true],
  ])("%s and %s → %s", (a, b, expected) => {
    expect(subjectsMayMeet(a, b)).toBe(expected);
    expect(subjectsMayMeet(b, a)).toBe(expected);
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
    expect(conflicts).toEqual([{ testId: "demo", testName: "Demo: headline", groupId: null, groupName: null, pages: ["/demo"], selectors: ["#headline"], possible: [] }]);
    expect(describeConflict(conflicts[0]!)).toBe("“Demo: headline” runs on /demo and changes #headline");
  });

  it("asks about two selectors the page could make one element, and says that only the page can tell", () => {
    const conflicts = overlapConflicts(test("new", ["/demo"], [text("h1"), text("#lede")]), [headline]);
    expect(conflicts).toEqual([{ testId: "demo", testName: "Demo: headline", groupId: null, groupName: null, pages: ["/demo"], selectors: [], possible: ["h1 ∩ #headline"] }]);
    expect(describeConflict(conflicts[0]!)).toBe(
      "“Demo: headline” runs on /demo and may change the same element under another selector (h1 ∩ #headline): svc cannot tell them apart without the page",
    );
    const both = overlapConflicts(test("new", ["/demo"], [text("#headline"), text(".title")]), [{ ...headline, groupId: "g" }]);
    expect(both).toEqual([{ testId: "demo", testName: "Demo: headline", groupId: "g", groupName: null, pages: ["/demo"], selectors: ["#headline"], possible: [".title ∩ #headline"] }]);
    expect(describeConflict(both[0]!)).toBe(
      "“Demo: headline” runs on /demo and changes #headline; may change the same element under another selector (.title ∩ #headline): svc cannot tell them apart without the page",
    );
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
    expect(overlapConflicts(split, [headline])).toEqual([{ testId: "demo", testName: "Demo: headline", groupId: null, groupName: null, pages: ["/* ∩ /demo"], selectors: [WHOLE_PAGE], possible: [] }]);
  });

  it("never conflicts with itself, nor when it changes nothing", () => {
    expect(overlapConflicts(headline, [headline])).toEqual([]);
    expect(overlapConflicts(test("empty", ["/demo"], []), [headline])).toEqual([]);
  });
});

describe("overlapAdvice", () => {
  const headline = test("demo", ["/demo"], [text("#headline")], { name: "Demo: headline" });
  const ours = test("new", ["/demo"], [text("#headline")]);

  it("offers pausing or completing the running test, or confirming, and no group when the running test has none", () => {
    const advice = overlapAdvice(overlapConflicts(ours, [headline]), "start");
    expect(advice).toBe("Pause or complete “Demo: headline” first, or confirm that the tests are independent and start this one anyway.");
    expect(advice).not.toContain("group");
  });

  it("offers the running test's group to a draft only: a started test's group is locked", () => {
    const grouped = { ...headline, groupId: "g", groupName: "Headlines" };
    const conflicts = overlapConflicts(ours, [grouped]);
    expect(overlapAdvice(conflicts, "start")).toBe(
      "Pause or complete “Demo: headline” first, or confirm that the tests are independent and start this one anyway. " +
        "Or put this test in the group “Demo: headline” is in (“Headlines”; Edit, then Group), so that no visitor is in both.",
    );
    expect(overlapAdvice(conflicts, "resume")).toBe("Pause or complete “Demo: headline” first, or confirm that the tests are independent and resume this one anyway.");
    // Two running tests in two groups: no one group keeps this test apart from both.
    const other = test("other", ["/demo"], [text("#headline")], { name: "Other", groupId: "h", groupName: "Others" });
    expect(overlapAdvice(overlapConflicts(ours, [grouped, other]), "start")).toBe(
      "Pause or complete “Demo: headline” and “Other” first, or confirm that the tests are independent and start this one anyway.",
    );
  });
});
