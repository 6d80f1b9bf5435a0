import { describe, expect, it } from "vitest";
import { browserMayReport, isTrustedSource, moneySource } from "./money-source";

describe("moneySource: where a goal's conversions and money may come from", () => {
  const shopify = { kind: "shopify" as const };
  const web = { kind: "web" as const, serverGoals: ["order", "purchase"] };

  it("takes a Shopify site's purchases from its signed orders only", () => {
    expect(moneySource("purchase", shopify)).toBe("orders");
    expect(browserMayReport("purchase", shopify)).toBe(false);
  });

  it("leaves a Shopify site's funnel steps and custom goals to the browser", () => {
    for (const goal of ["added_to_cart", "product_viewed", "checkout_started", "signup"]) expect(moneySource(goal, shopify)).toBe("browser");
  });

  it("takes the goals a site lists from its server only, and every other from the browser", () => {
    expect(moneySource("order", web)).toBe("server");
    expect(moneySource("purchase", web)).toBe("server");
    expect(moneySource("signup", web)).toBe("browser");
    expect(browserMayReport("order", web)).toBe(false);
    expect(browserMayReport("signup", web)).toBe(true);
    expect(moneySource("purchase", { kind: "web" })).toBe("browser");
  });

  it("calls orders and server conversions trustworthy, never the browser", () => {
    expect(isTrustedSource("orders")).toBe(true);
    expect(isTrustedSource("server")).toBe(true);
    expect(isTrustedSource("browser")).toBe(false);
  });
});
