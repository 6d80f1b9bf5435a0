import { describe, expect, it } from "vitest";
import { checkEditorPageUrl, editorPagePath, editorUrl, storefrontOrigins } from "./editor-page";

describe("storefront origins", () => {
  it("are a Shopify shop's myshopify.com origin, and its own domain when it has one", () => {
    expect(storefrontOrigins({ kind: "shopify", domain: null, shopDomain: "mugs.myshopify.com" })).toEqual(["https://mugs.myshopify.com"]);
    expect(storefrontOrigins({ kind: "shopify", domain: "www.mugs.com", shopDomain: "mugs.myshopify.com" })).toEqual([
      "https://mugs.myshopify.com",
      "https://www.mugs.com",
    ]);
  });

  it("are a web site's domain, or none when it has none", () => {
    expect(storefrontOrigins({ kind: "web", domain: "https://blog.example.com/path", shopDomain: "s.myshopify.com" })).toEqual(["https://blog.example.com"]);
    expect(storefrontOrigins({ kind: "web", domain: "http://localhost:8080", shopDomain: "s.myshopify.com" })).toEqual(["http://localhost:8080"]);
    expect(storefrontOrigins({ kind: "web", domain: null, shopDomain: "s.myshopify.com" })).toEqual([]);
    expect(storefrontOrigins({ kind: "web", domain: "not a domain", shopDomain: "s.myshopify.com" })).toEqual([]);
  });

  it("are the app's own origin alone for the demo's sites", () => {
    const demo = { kind: "shopify", domain: null, shopDomain: "svc-demo.myshopify.com" } as const;
    expect(storefrontOrigins(demo, "http://127.0.0.1:3000")).toEqual(["http://127.0.0.1:3000", "http://localhost:3000"]);
    expect(storefrontOrigins(demo, "http://localhost:3000")).toEqual(["http://localhost:3000", "http://127.0.0.1:3000"]);
    expect(storefrontOrigins(demo, "https://demo.example:8443")).toEqual(["https://demo.example:8443"]);
  });
});

describe("the editor's page", () => {
  it("is the test's first plain path, skipping wildcards and templates", () => {
    expect(editorPagePath(["/products/*", "template:product", "/pages/about", "/"])).toBe("/pages/about");
    expect(editorPagePath(["/"])).toBe("/");
    expect(editorPagePath(["/products/*"])).toBe("/products/");
  });

  it("stays on the demo's storefront page on the demo", () => {
    expect(editorPagePath(["/demo"], "/demo")).toBe("/demo");
    expect(editorPagePath(["/", "*"], "/demo/shopify")).toBe("/demo/shopify");
    expect(editorPagePath(["/demo/shopify/pages/about"], "/demo/shopify")).toBe("/demo/shopify/pages/about");
    expect(editorPagePath(["/demonstration"], "/demo")).toBe("/demo");
  });

  it("accepts the merchant's page on the site's origins only, without its fragment", () => {
    const origins = ["https://mugs.myshopify.com", "https://www.mugs.com"];
    expect(checkEditorPageUrl(" https://www.mugs.com/products/mug?variant=1#reviews ", origins)).toEqual({ ok: true, url: "https://www.mugs.com/products/mug?variant=1" });
    expect(checkEditorPageUrl("https://mugs.myshopify.com", origins)).toEqual({ ok: true, url: "https://mugs.myshopify.com/" });
    for (const text of ["https://evil.example/", "http://www.mugs.com/", "https://www.mugs.com.evil.example/", "https://www.mugs.com:8443/"]) {
      expect(checkEditorPageUrl(text, origins)).toEqual({ ok: false, error: "Open a page of this site: https://mugs.myshopify.com or https://www.mugs.com" });
    }
    for (const text of ["", "/products/mug", "www.mugs.com/products"]) expect(checkEditorPageUrl(text, origins).ok).toBe(false);
    expect(checkEditorPageUrl("javascript:alert(1)", ["null"])).toEqual({ ok: false, error: "Enter an http:// or https:// address" });
    expect(checkEditorPageUrl("https://a.example/", [])).toEqual({ ok: false, error: "This site has no domain to open pages on" });
  });

  it("carries the token in the fragment, replacing any other", () => {
    expect(editorUrl("https://www.mugs.com/products/mug?x=1", "abc.DEF")).toBe("https://www.mugs.com/products/mug?x=1#svc-editor=abc.DEF");
    expect(editorUrl("https://www.mugs.com/#top", "abc.DEF")).toBe("https://www.mugs.com/#svc-editor=abc.DEF");
  });
});
