import { describe, expect, it } from "vitest";
import { guardSelector, splitSelectorList } from "../src/styles";

describe("splitSelectorList", () => {
  it("splits at top-level commas only", () => {
    expect(splitSelectorList("a, b")).toEqual(["a", " b"]);
    expect(splitSelectorList(":is(a,b) c,[x=\\,]")).toEqual([":is(a,b) c", "[x=\\,]"]);
    expect(splitSelectorList(":not([a],[b])")).toEqual([":not([a],[b])"]);
  });
});

describe("guardSelector", () => {
  it("excludes html, head and body from every part", () => {
    expect(guardSelector("body, .x")).toBe(":is(body):not(html,head,body),:is(.x):not(html,head,body)");
  });
  it("keeps pseudo-elements outside :is()", () => {
    expect(guardSelector(".a::before")).toBe(":is(.a):not(html,head,body)::before");
    expect(guardSelector(".a:after")).toBe(":is(.a):not(html,head,body):after");
    expect(guardSelector("::selection")).toBe(":is(*):not(html,head,body)::selection");
  });
  it("yields selectors that never match the root elements", () => {
    document.body.innerHTML = '<p class="x">x</p>';
    for (const sel of ["html", "body", ":root", "*", "head", "html > body", "body, p"]) {
      const matched = [...document.querySelectorAll(guardSelector(sel))];
      expect(matched).not.toContain(document.documentElement);
      expect(matched).not.toContain(document.body);
      expect(matched).not.toContain(document.head);
    }
    expect(document.querySelectorAll(guardSelector("body, p")).length).toBe(1);
  });
});
