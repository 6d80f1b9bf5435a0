import { describe, expect, it } from "vitest";
import { shopMismatch } from "./webhook-shop";

const SHOP = "a.myshopify.com";

describe("shopMismatch", () => {
  it("lets a body naming the header's shop through", () => {
    expect(shopMismatch({ shop_domain: SHOP }, "shop_domain", SHOP, { required: true })).toBeNull();
  });

  it("lets a body without the field through unless it is required", () => {
    expect(shopMismatch({ id: 1 }, "myshopify_domain", SHOP, { required: false })).toBeNull();
    expect(shopMismatch({ id: 1 }, "shop_domain", SHOP, { required: true })?.status).toBe(400);
  });

  it("answers a problem for another shop's body", async () => {
    const res = shopMismatch({ shop_domain: "b.myshopify.com" }, "shop_domain", SHOP, { required: true });
    expect(res?.status).toBe(400);
    expect(res?.headers.get("content-type")).toBe("application/problem+json");
    expect(await res?.json()).toMatchObject({ type: "https://svc.dev/problems/webhook-shop-mismatch" });
  });

  it("refuses a payload that is not an object when the field is required", () => {
    expect(shopMismatch(null, "shop_domain", SHOP, { required: true })?.status).toBe(400);
    expect(shopMismatch("x", "shop_domain", SHOP, { required: false })).toBeNull();
  });
});
