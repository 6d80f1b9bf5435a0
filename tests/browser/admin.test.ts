// The demo admin in a real browser: Polaris renders the demo shop's page and it hydrates without errors.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { createTestDatabase, type TestDatabase } from "../support/databases";
import { startServer, type RunningServer } from "../support/server";
import { collectPageProblems, launchChromium } from "../support/browser";

describe("demo admin in Chromium", () => {
  let db: TestDatabase;
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    db = await createTestDatabase("pglite");
    [server, browser] = await Promise.all([
      startServer({ env: { ...db.env, SVC_DEMO: "1" } }),
      launchChromium(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await db?.drop();
  });

  it("shows the Polaris page with the demo site and its install tag", async () => {
    const page = await browser.newPage();
    const errors = collectPageProblems(page);
    await page.goto(`${server.url}/app`, { waitUntil: "networkidle" });
    await expect(page.locator(".Polaris-Page").first().isVisible()).resolves.toBe(true);
    await expect(page.getByRole("heading", { name: "svc: A/B tests" }).isVisible()).resolves.toBe(true);
    await expect(page.getByText("Site ID demo", { exact: true }).isVisible()).resolves.toBe(true);
    expect(await page.locator("code").first().textContent()).toContain('data-svc-site="demo"');
    // Polaris' stylesheet is applied, not just its markup.
    const background = await page.locator(".Polaris-Card, .Polaris-ShadowBevel").first()
      .evaluate((el) => getComputedStyle(el).borderRadius);
    expect(background).not.toBe("0px");
    expect(errors).toEqual([]);
    await page.close();
  });
});
