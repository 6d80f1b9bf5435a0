import { afterEach, describe, expect, it } from "vitest";
import { markRedirect, redirectTarget, takeRedirectMark } from "../src/redirect";

describe("redirectTarget", () => {
  const here = "https://shop.example/products/a?utm_source=x&view=old#reviews";
  it("keeps the current query and hash", () => {
    expect(redirectTarget("/landing-b", here)).toBe("https://shop.example/landing-b?utm_source=x&view=old#reviews");
  });
  it("lets the target's own parameters win (Shopify alternate template)", () => {
    expect(redirectTarget("?view=b", here)).toBe("https://shop.example/products/a?utm_source=x&view=b#reviews");
  });
  it("keeps the target's hash when it has one", () => {
    expect(redirectTarget("/b#top", here)).toBe("https://shop.example/b?utm_source=x&view=old#top");
  });
  it('returns "" when the visitor is already there (no loop)', () => {
    expect(redirectTarget("?view=old", here)).toBe("");
    expect(redirectTarget("https://shop.example/products/a", here)).toBe("");
    expect(redirectTarget("/products/a?view=old#other", here)).toBe("");
    expect(redirectTarget("/products/a?utm_source=x&view=old", "https://shop.example/products/a?view=old&utm_source=x")).toBe("");
  });
  it("refuses other origins and non-http URLs", () => {
    expect(redirectTarget("https://evil.example/x", here)).toBeUndefined();
    expect(redirectTarget("javascript:alert(1)", here)).toBeUndefined();
    expect(redirectTarget("http://[bad", here)).toBeUndefined();
  });
});

describe("redirect mark", () => {
  afterEach(() => sessionStorage.clear());
  it("is read once, and only while fresh", () => {
    markRedirect("t1", "b", 0);
    const m = takeRedirectMark(Date.now());
    expect(m).toMatchObject({ test: "t1", arm: "b" });
    expect(takeRedirectMark(Date.now())).toBeUndefined();
    markRedirect("t1", "b", 0);
    expect(takeRedirectMark(Date.now() + 60_000)).toBeUndefined();
  });
  it("starts the landing's clock after the first page's wait for consent, not at its navigation start", () => {
    markRedirect("t1", "b", 4000);
    expect(takeRedirectMark(Date.now())?.origin).toBe(performance.timeOrigin + 4000);
  });
  it("ignores garbage", () => {
    sessionStorage.setItem("svc_rd", "{nope");
    expect(takeRedirectMark(Date.now())).toBeUndefined();
  });
});
