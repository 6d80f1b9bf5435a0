import { describe, expect, it } from "vitest";
import { previewPath, previewUrl, storefrontOrigin } from "./preview-link";

describe("previewPath", () => {
  it.each([
    [["/"], "/"],
    [["/demo"], "/demo"],
    [["/products/*"], "/products/"],
    [["/products/*/reviews", "/"], "/"],
    [["/products/*/reviews", "/blog/*"], "/products/"],
    [["/collections/*", "/products/mug"], "/products/mug"],
    [["*"], "/"],
    [[], "/"],
    [["template:product", "/products/mug"], "/products/mug"],
    [["template:collection", "/collections/*"], "/collections/"],
    [["template:cart", "*"], "/"],
    [["template:index"], "/"],
    [["template:product"], "/collections/all"],
    [["template:collection"], "/collections"],
    [["template:cart"], "/cart"],
    [["template:search"], "/search"],
    [["template:article"], "/"],
    [["template:search", "template:product"], "/search"],
  ])("lands %j on %s", (pages, path) => {
    expect(previewPath(pages)).toBe(path);
  });
});

describe("previewUrl", () => {
  it("puts the token in svc_preview on the storefront's page", () => {
    expect(previewUrl("https://shop.example", "/products/", "abc.def-_")).toBe("https://shop.example/products/?svc_preview=abc.def-_");
  });
});

describe("storefrontOrigin", () => {
  it.each([
    ["https://www.example.com", "https://www.example.com"],
    ["www.example.com", "https://www.example.com"],
    ["https://www.example.com/shop/", "https://www.example.com"],
    ["http://localhost:3000", "http://localhost:3000"],
    ["not a domain", null],
    ["nodots", null],
  ])("reads %j as %j", (domain, origin) => {
    expect(storefrontOrigin(domain)).toBe(origin);
  });
});
