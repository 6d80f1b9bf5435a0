import { describe, expect, it } from "vitest";
import { pageRuleError, pageRuleToPattern, patternToPageRule, testPageUrl, type PageRule } from "./page-rule";

describe("page rules", () => {
  it("turns each kind into its stored pattern", () => {
    expect(pageRuleToPattern({ kind: "exact", value: "/a" })).toBe("/a");
    expect(pageRuleToPattern({ kind: "prefix", value: "/products/" })).toBe("/products/*");
    expect(pageRuleToPattern({ kind: "contains", value: "sale" })).toBe("*sale*");
    expect(pageRuleToPattern({ kind: "wildcard", value: "/c/*/p" })).toBe("/c/*/p");
    expect(pageRuleToPattern({ kind: "exact", value: "  /a " })).toBe("/a");
  });

  it("shows a stored pattern as the most specific kind, and back to the same pattern", () => {
    const cases: Array<[string, PageRule]> = [
      ["/", { kind: "exact", value: "/" }],
      ["/a", { kind: "exact", value: "/a" }],
      ["/products/*", { kind: "prefix", value: "/products/" }],
      ["*sale*", { kind: "contains", value: "sale" }],
      ["*", { kind: "wildcard", value: "*" }],
      ["**", { kind: "wildcard", value: "**" }],
      ["/c/*/p", { kind: "wildcard", value: "/c/*/p" }],
      ["*/p", { kind: "wildcard", value: "*/p" }],
      ["*a*b*", { kind: "wildcard", value: "*a*b*" }],
    ];
    for (const [pattern, rule] of cases) {
      expect(patternToPageRule(pattern)).toEqual(rule);
      expect(pageRuleToPattern(patternToPageRule(pattern))).toBe(pattern);
    }
  });

  it("refuses * outside wildcard rules, paths without a leading /, and blanks", () => {
    expect(pageRuleError({ kind: "exact", value: "/a*" })).toMatch(/wildcard/);
    expect(pageRuleError({ kind: "prefix", value: "/a*" })).toMatch(/wildcard/);
    expect(pageRuleError({ kind: "contains", value: "a*" })).toMatch(/wildcard/);
    expect(pageRuleError({ kind: "exact", value: "a" })).toMatch(/starts with \//);
    expect(pageRuleError({ kind: "wildcard", value: "a*" })).toMatch(/starts with \//);
    expect(pageRuleError({ kind: "wildcard", value: "*/reviews" })).toBeNull();
    expect(pageRuleError({ kind: "contains", value: "sale" })).toBeNull();
    expect(pageRuleError({ kind: "wildcard", value: "*" })).toBeNull();
    expect(pageRuleError({ kind: "exact", value: "  " })).toBe("Enter a path");
    expect(pageRuleError({ kind: "exact", value: "/a b" })).toMatch(/spaces/);
    expect(pageRuleError({ kind: "exact", value: `/${"a".repeat(600)}` })).toMatch(/under/);
  });

  it("tests a URL with the snippet's rule, ignoring query, hash and invalid rules", () => {
    const rules: PageRule[] = [
      { kind: "prefix", value: "/products/" },
      { kind: "exact", value: "no-slash" },
    ];
    expect(testPageUrl(rules, "https://shop.example/products/hat?x=1#top")).toEqual({ path: "/products/hat", matches: true, templates: 0 });
    expect(testPageUrl(rules, "/products/hat?x=1")).toEqual({ path: "/products/hat", matches: true, templates: 0 });
    expect(testPageUrl(rules, "shop.example/cart")).toEqual({ path: "/cart", matches: false, templates: 0 });
    expect(testPageUrl([{ kind: "exact", value: "/a" }], "/a/")).toEqual({ path: "/a/", matches: true, templates: 0 });
    expect(testPageUrl(rules, "")).toBeNull();
    expect(testPageUrl(rules, "http://[bad")).toBeNull();
  });

  it("stores a template rule as template:<name> and reads it back", () => {
    expect(pageRuleToPattern({ kind: "template", value: "product" })).toBe("template:product");
    expect(pageRuleToPattern({ kind: "template", value: " index " })).toBe("template:index");
    for (const name of ["index", "product", "collection", "list-collections", "page", "blog", "article", "cart", "search"]) {
      expect(patternToPageRule(`template:${name}`)).toEqual({ kind: "template", value: name });
      expect(pageRuleToPattern(patternToPageRule(`template:${name}`))).toBe(`template:${name}`);
      expect(pageRuleError({ kind: "template", value: name })).toBeNull();
    }
  });

  it("refuses template rules naming no known template type", () => {
    for (const value of ["", "Product", "products", "/products/", "customers/account", "template:product"]) {
      expect(pageRuleError({ kind: "template", value })).toBe("Choose a template type");
    }
  });

  it("leaves template rules out of the URL tester, and says how many there are", () => {
    const rules: PageRule[] = [
      { kind: "template", value: "product" },
      { kind: "template", value: "bogus" },
    ];
    expect(testPageUrl(rules, "/products/hat")).toEqual({ path: "/products/hat", matches: false, templates: 1 });
    expect(testPageUrl([...rules, { kind: "prefix", value: "/products/" }], "/products/hat")).toEqual({ path: "/products/hat", matches: true, templates: 1 });
  });
});
