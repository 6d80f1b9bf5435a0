// Shopify template targeting in Chromium: on the demo Shopify storefront (a product page, whose app embed
// prints data-svc-template="product"), a test on template:product shows its variant and one on
// template:collection does not. Each variant is forced through its preview link, so no assignment is random.
import { describe, expect, it } from "vitest";
import { DEMO_SHOPIFY_SITE_ID } from "~/demo/constants";
import { useDemoInChromium } from "../support/demo-in-chromium";
import { seedTest } from "../support/seed";

const ORIGINAL = "Stoneware mug";
const TESTS = {
  "tpl-product": { pattern: "template:product", title: "Made for the product template" },
  "tpl-collection": { pattern: "template:collection", title: "Made for the collection template" },
} as const;

describe("template targeting on the demo Shopify storefront", () => {
  // Two drafts on the demo's Shopify site, each changing the product title in its variant.
  const demo = useDemoInChromium("pglite", {
    async seed(sql) {
      for (const [id, { pattern, title }] of Object.entries(TESTS)) {
        await seedTest(sql, { id, site: DEMO_SHOPIFY_SITE_ID, pages: [pattern], arms: [{}, { patches: [{ op: "text", sel: "#product-title", value: title }] }] });
      }
    },
  });

  /** The product page with the variant of `testId` forced, once the snippet has run. */
  async function productTitleWithVariantOf(testId: string): Promise<string | null> {
    const { links } = (await (await fetch(`${demo.server.url}/app/tests/${testId}/preview`)).json()) as { links: { key: string; url: string }[] };
    const token = new URL(links.find((l) => l.key === "b")!.url).searchParams.get("svc_preview");
    // Template-only tests land on a page of their template, which the demo does not serve: use its product page.
    const context = await demo.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${demo.server.url}/demo/shopify?svc_preview=${token}`);
    await page.getByRole("button", { name: "Accept" }).click();
    await page.waitForFunction(() => "svc" in window, undefined, { timeout: 15_000 });
    await page.waitForTimeout(500);
    const title = await page.locator("#product-title").textContent();
    expect(await page.locator("script[data-svc-template]").getAttribute("data-svc-template")).toBe("product");
    await context.close();
    return title;
  }

  it("serves a test on template:product on a product page", async () => {
    await expect(productTitleWithVariantOf("tpl-product")).resolves.toBe(TESTS["tpl-product"].title);
  });

  it("does not serve a test on template:collection on a product page", async () => {
    await expect(productTitleWithVariantOf("tpl-collection")).resolves.toBe(ORIGINAL);
  });
});
