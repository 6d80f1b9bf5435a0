import { afterEach, describe, expect, it } from "vitest";
import siteIds from "../../app/wire/rules/site-id.cases.json";
import { readTag } from "../src/tag";

function addTag(attrs: Record<string, string>) {
  const s = document.createElement("script");
  for (const [k, v] of Object.entries(attrs)) s.setAttribute(k, v);
  // Not executed: happy-dom would try to fetch it.
  s.type = "text/plain";
  document.head.append(s);
  return s;
}

afterEach(() => {
  document.head.innerHTML = "";
});

describe("readTag", () => {
  it("reads site, base origin and shop", () => {
    addTag({ src: "https://svc.example:8443/snippet.js?x=1", "data-svc-site": "site-1", "data-svc-shop": "demo.myshopify.com" });
    expect(readTag()).toEqual({ site: "site-1", base: "https://svc.example:8443", shop: "demo.myshopify.com", preconsented: false });
    expect(readTag()).toMatchObject({ template: undefined, lang: undefined, aud: undefined });
  });
  it("reads the Shopify facts the app embed prints for audience rules, as written", () => {
    addTag({ src: "https://svc.example/snippet.js", "data-svc-site": "site-1", "data-svc-aud": "us|en|USD|1" });
    expect(readTag()?.aud).toBe("us|en|USD|1");
  });
  it("reads the prompt language the merchant declares, as written (the server's promptLanguage judges it)", () => {
    addTag({ src: "https://svc.example/snippet.js", "data-svc-site": "site-1", "data-svc-lang": "fr-CA" });
    expect(readTag()?.lang).toBe("fr-CA");
  });
  it("reads the Shopify template the app embed prints", () => {
    addTag({ src: "https://svc.example/snippet.js", "data-svc-site": "site-1", "data-svc-template": "customers/account" });
    expect(readTag()?.template).toBe("customers/account");
  });
  it("reads the consent declaration", () => {
    addTag({ src: "https://svc.example/snippet.js", "data-svc-site": "site-1", "data-svc-consent": "granted" });
    expect(readTag()?.preconsented).toBe(true);
  });
  it("does nothing without a valid Site ID", () => {
    expect(readTag()).toBeUndefined();
    addTag({ src: "https://svc.example/snippet.js", "data-svc-site": "" });
    expect(readTag()).toBeUndefined();
    document.head.innerHTML = "";
    addTag({ src: "https://svc.example/snippet.js", "data-svc-site": "bad id!" });
    expect(readTag()).toBeUndefined();
  });
  // The same table the server's tests run (app/wire/rules/site-id.test.ts): one rule on both sides.
  it.each(siteIds.valid)("takes the Site ID %j", (id) => {
    addTag({ src: "https://svc.example/snippet.js", "data-svc-site": id });
    expect(readTag()?.site).toBe(id);
  });
  it.each(siteIds.invalid)("does nothing for the Site ID %j", (id) => {
    addTag({ src: "https://svc.example/snippet.js", "data-svc-site": id });
    expect(readTag()).toBeUndefined();
  });
  it("ignores a malformed shop", () => {
    addTag({ src: "https://svc.example/snippet.js", "data-svc-site": "site-1", "data-svc-shop": "evil.com" });
    expect(readTag()?.shop).toBeUndefined();
  });
});
