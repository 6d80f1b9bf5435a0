// Shopify template targeting in Chromium: on the demo Shopify storefront (a product page, whose app embed
// prints data-svc-template="product"), a test on template:product shows its variant and one on
// template:collection does not. Each variant is forced through its preview link, so no assignment is random.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { openDatabase } from "~/db/connection.server";
import { DEMO_SHOPIFY_SITE_ID } from "~/demo/constants";
import { createTestDatabase, type TestDatabase } from "../support/databases";
import { startServer, type RunningServer } from "../support/server";
import { launchChromium } from "../support/browser";

const ORIGINAL = "Stoneware mug";
const TESTS = {
  "tpl-product": { pattern: "template:product", title: "Made for the product template" },
  "tpl-collection": { pattern: "template:collection", title: "Made for the collection template" },
} as const;

describe("template targeting on the demo Shopify storefront", () => {
  let db: TestDatabase;
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    db = await createTestDatabase("pglite");
    browser = await launchChromium();
    // The first start seeds the demo; the tests go on its Shopify site while no server holds the database.
    await (await startServer({ env: { ...db.env, SVC_DEMO: "1" } })).stop();
    const database = await openDatabase(db.config);
    try {
      const [site] = await database.sql.query<{ id: string }>(`SELECT id FROM "Site" WHERE "publicId" = $1`, [DEMO_SHOPIFY_SITE_ID]);
      for (const [id, { pattern, title }] of Object.entries(TESTS)) {
        await database.sql.query(
          `INSERT INTO "Test" (id, "siteId", name, status, pages, "updatedAt") VALUES ($1, $2, $1, 'draft', ARRAY[$3], now())`,
          [id, site?.id, pattern],
        );
        await database.sql.query(
          `INSERT INTO "Arm" (id, "testId", key, name, position, weight, patches) VALUES
             ($1 || '-a', $1, 'control', 'Original', 0, 1, '[]'), ($1 || '-b', $1, 'b', 'Variant', 1, 1, $2::jsonb)`,
          [id, JSON.stringify([{ op: "text", sel: "#product-title", value: title }])],
        );
      }
    } finally {
      await database.close();
    }
    server = await startServer({ env: { ...db.env, SVC_DEMO: "1" } });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await db?.drop();
  });

  /** The product page with the variant of `testId` forced, once the snippet has run. */
  async function productTitleWithVariantOf(testId: string): Promise<string | null> {
    const { links } = (await (await fetch(`${server.url}/app/tests/${testId}/preview`)).json()) as { links: { key: string; url: string }[] };
    const token = new URL(links.find((l) => l.key === "b")!.url).searchParams.get("svc_preview");
    // Template-only tests land on a page of their template, which the demo does not serve: use its product page.
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${server.url}/demo/shopify?svc_preview=${token}`);
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
