import { describe, expect, it } from "vitest";
import { selectorError } from "./css-selector";

describe("selectorError", () => {
  it("accepts selectors browsers parse", () => {
    for (const sel of ["h1", ".hero > h1.title", "#buy", "a[href^='/products']", "li:nth-child(2n+1)", "form:has(input[type=email])", "div:not(.x, .y)", "button.add, .cart button"]) {
      expect(selectorError(sel)).toBeNull();
    }
  });

  it("refuses blanks, syntax errors, pseudo-elements and unknown pseudo-classes", () => {
    expect(selectorError(" ")).toBe("Enter a CSS selector");
    expect(selectorError("div[")).toMatch(/not a valid/);
    expect(selectorError("##x")).toMatch(/not a valid/);
    expect(selectorError("a,")).toMatch(/not a valid/);
    expect(selectorError("p::before")).toMatch(/::before/);
    expect(selectorError("a:hovr")).toMatch(/:hovr/);
    expect(selectorError("div:not(:bogus)")).toMatch(/:bogus/);
    expect(selectorError(`.${"a".repeat(600)}`)).toMatch(/under 500/);
  });
});
