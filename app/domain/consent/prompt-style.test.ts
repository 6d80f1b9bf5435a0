import { describe, expect, it } from "vitest";
import { PROMPT_STYLE } from "./prompt-style";

describe("the consent prompt's style sheet", () => {
  it("is plain CSS that cannot end its <style> element or reach the page", () => {
    expect(PROMPT_STYLE).not.toMatch(/[<>]|@import|url\(/i);
    // Every rule aims at the shadow root's own content or its host; none names the page's elements.
    const selectors = [...PROMPT_STYLE.matchAll(/(?:^|\})([^{}]+)\{/g)].map((m) => m[1]!);
    expect(selectors).toEqual([":host", "div", "p", "button", "#y", "button:focus-visible"]);
    expect(PROMPT_STYLE).not.toMatch(/\b(html|body|head)\b|:root/);
  });

  it("pins the host over the page and shows a focus ring", () => {
    expect(PROMPT_STYLE).toContain(":host{all:initial!important;position:fixed!important");
    expect(PROMPT_STYLE).toMatch(/button:focus-visible\{outline:3px solid/);
  });

  it("has no left- or right-specific rule, so a right-to-left prompt mirrors by itself", () => {
    expect(PROMPT_STYLE).not.toMatch(/left|right/);
  });
});
