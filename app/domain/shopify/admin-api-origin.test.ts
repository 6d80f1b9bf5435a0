import { describe, expect, it } from "vitest";
import { adminApiUrlAt } from "./admin-api-origin";

const ORIGIN = "http://127.0.0.1:4000";

describe("adminApiUrlAt", () => {
  it.each([
    ["https://a.myshopify.com/admin/oauth/access_token", `${ORIGIN}/a.myshopify.com/admin/oauth/access_token`],
    ["https://a.myshopify.com/admin/api/2026-07/graphql.json", `${ORIGIN}/a.myshopify.com/admin/api/2026-07/graphql.json`],
    ["https://a.myshopify.com/admin/api/2026-07/shop.json?fields=id", `${ORIGIN}/a.myshopify.com/admin/api/2026-07/shop.json?fields=id`],
    ["https://a.myshopify.com/admin", `${ORIGIN}/a.myshopify.com/admin`],
  ])("sends %s to the stand-in", (url, expected) => {
    expect(adminApiUrlAt(ORIGIN, url)).toBe(expected);
  });

  it.each([
    "https://a.myshopify.com/api/2026-07/graphql.json",
    "https://a.myshopify.com/administrator",
    "http://a.myshopify.com/admin/oauth/access_token",
    "https://cdn.shopify.com/shopifycloud/app-bridge.js",
  ])("leaves %s alone", (url) => {
    expect(adminApiUrlAt(ORIGIN, url)).toBe(url);
  });
});
