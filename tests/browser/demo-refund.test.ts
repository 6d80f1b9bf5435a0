// The demo storefront's "Refund the order" in Chromium: the order a tab placed stays refundable after a reload
// (it once lived only in the page's memory, so the button vanished), refunds once, and is gone after that.
import { describe, expect, it } from "vitest";
import { collectPageProblems } from "../support/browser";
import { useDemoInChromium } from "../support/demo-in-chromium";

describe("the demo storefront's refund button in Chromium", () => {
  const demo = useDemoInChromium();

  it("stays after a reload until the order is refunded", async () => {
    const context = await demo.browser.newContext();
    const page = await context.newPage();
    const problems = collectPageProblems(page);
    await page.goto(`${demo.server.url}/demo/shopify`);
    await page.waitForFunction(() => !!(window as { Shopify?: { customerPrivacy?: unknown } }).Shopify?.customerPrivacy);
    await page.getByRole("region", { name: "Cookie consent" }).getByRole("button", { name: "Accept" }).click();
    const refund = page.getByRole("button", { name: "Refund the order" });
    await expect(refund.isVisible()).resolves.toBe(false);

    await page.getByRole("button", { name: "Add to cart" }).click();
    await expect.poll(() => page.getByRole("status").textContent(), { timeout: 15_000 }).toBe("Cart: 1 item");
    await page.getByRole("button", { name: "Buy" }).click();
    await expect.poll(() => page.getByRole("status").textContent(), { timeout: 15_000 }).toMatch(/^Thank you! Order \S+ placed/);
    await refund.waitFor();

    await page.reload();
    await refund.waitFor();
    const refunded = page.waitForResponse((r) => new URL(r.url()).pathname === "/demo/shopify/refund");
    await refund.click();
    expect((await refunded).status()).toBe(200);
    await expect.poll(() => page.getByRole("status").textContent(), { timeout: 15_000 }).toMatch(/refunded/);
    await expect(refund.isVisible()).resolves.toBe(false);

    // Refunded once: no button to refund it again after the next reload.
    await page.reload();
    await page.waitForFunction(() => !!(window as { Shopify?: { customerPrivacy?: unknown } }).Shopify?.customerPrivacy);
    await expect(refund.isVisible()).resolves.toBe(false);
    expect(problems).toEqual([]);
    await context.close();
  });
});
