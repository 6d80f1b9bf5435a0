import { describe, expect, it } from "vitest";
import { renderAppEmbed } from "~/demo/render-app-embed.server";
import { withEmptyTag, withoutEmbed } from "./pages.mjs";

describe("withoutEmbed", () => {
  it("takes out everything the app embed prints and keeps the store's own head and scripts", () => {
    const plan = { v: 1 as const, tests: [{ id: "t", pages: [{}], sel: ["#x"], a: '{"id":"t","p":100,"a":[]}' }], l: '{"s":"site"}', b: "abcdefabcdef" };
    const embed = renderAppEmbed({
      app: { metafields: { svc: { base_url: "https://svc.example.com", site_id: "k3v9q2m7x1c8b4n6", hide: { value: plan } } } },
      shop: { permanent_domain: "ceramics.myshopify.com" },
      template: { name: "page" },
      request: { design_mode: false, path: "/pages/about" },
    });
    expect(embed).toMatch(/data-svc-hide[\s\S]*data-svc-plan[\s\S]*preconnect[\s\S]*snippet\.js/);
    const store = `<script>window.Shopify = { shop: "ceramics.myshopify.com" }; // _svc_sid rides on the cart</script>`;
    const html = `<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,">${store}\n${embed}</head><body><h1>About</h1></body></html>`;
    expect(withoutEmbed(html)).toBe(`<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,">${store}\n</head><body><h1>About</h1></body></html>`);
  });

  it("takes out the loader the embed prints instead of its tag on a page no test targets", () => {
    const plan = { v: 1 as const, tests: [{ id: "t", pages: [{ eq: "/products/mug" }], sel: ["#x"], a: '{"id":"t","p":100,"a":[]}' }], l: '{"s":"site"}', b: "abcdefabcdef" };
    const embed = renderAppEmbed({
      app: { metafields: { svc: { base_url: "https://svc.example.com", site_id: "k3v9q2m7x1c8b4n6", hide: { value: plan } } } },
      shop: { permanent_domain: "ceramics.myshopify.com" },
      template: { name: "page" },
      request: { design_mode: false, path: "/pages/about" },
    });
    expect(embed).toMatch(/data-svc-plan[\s\S]*preconnect[\s\S]*data-svc-src="[^"]*snippet\.js/);
    const html = `<!doctype html><html><head><meta charset="utf-8">${embed}</head><body><h1>About</h1></body></html>`;
    expect(withoutEmbed(html)).toBe(`<!doctype html><html><head><meta charset="utf-8"></head><body><h1>About</h1></body></html>`);
  });
});

describe("withEmptyTag", () => {
  it("puts an async tag to the given script where svc's tag was, and takes out every other svc script", () => {
    const html =
      `<!doctype html><html><head><meta charset="utf-8"><script>/* svc head helper */</script>\n` +
      `<script src="http://127.0.0.1:4000/snippet.js" async data-svc-site="demo"></script>\n<title>Shop</title></head><body><h1>Hi</h1></body></html>`;
    expect(withEmptyTag(html, "http://127.0.0.1:5000/snippet.js")).toBe(
      `<!doctype html><html><head><meta charset="utf-8"><script src="http://127.0.0.1:5000/snippet.js" async></script>\n<title>Shop</title></head><body><h1>Hi</h1></body></html>`,
    );
    expect(withEmptyTag("<html><head></head></html>", "http://127.0.0.1:5000/snippet.js")).toBeNull();
  });
});
