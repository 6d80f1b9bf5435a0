// Issue 23 on the demo Shopify storefront in Chromium: the real web pixel, in a stand-in of Shopify's pixel
// runtime, reports the shopper's product view, add to cart, checkout start and purchase. Each counts once in
// its funnel step for the shopper's arm, the same events delivered again count once, the results page shows
// the funnel, the purchase's profit uses the demo mug's unit cost, and refunding the order lowers that arm's
// net revenue and profit.
import { describe, expect, it } from "vitest";
import type { Page, Response } from "playwright-core";
import { DEMO_SHOPIFY_ARM_IDS, DEMO_SHOPIFY_TEST_ID } from "~/demo/constants";
import type { PatchesResponse } from "~/wire";
import { collectPageProblems } from "../support/browser";
import { parseCsv } from "../support/csv";
import { useDemoInChromium } from "../support/demo-in-chromium";

const [CONTROL, VARIANT] = DEMO_SHOPIFY_ARM_IDS;
const ARM_NAMES = { [CONTROL]: "Original headline", [VARIANT]: "Free-shipping headline" } as Record<string, string>;
const STEPS = ["product_viewed", "added_to_cart", "checkout_started", "purchase"];

/** The next answer of /api/collect to a report holding `text`. */
const collected = (page: Page, text: string) =>
  page.waitForResponse((r: Response) => new URL(r.url()).pathname === "/api/collect" && (r.request().postData() ?? "").includes(text));

/** A CSV export of the demo test as records. */
async function csvRecords(baseUrl: string, query: string): Promise<Array<Record<string, string>>> {
  const [header = [], ...rows] = parseCsv(await (await fetch(`${baseUrl}/app/tests/${DEMO_SHOPIFY_TEST_ID}/export.csv${query}`)).text());
  return rows.map((row) => Object.fromEntries(header.map((name, i) => [name, row[i] ?? ""])));
}

describe("Shopify's funnel on the demo storefront in Chromium", () => {
  const demo = useDemoInChromium();

  it("counts view, add to cart, checkout and purchase once each for the arm, a resend once, profit from the unit cost, and a refund in net revenue", async () => {
    const context = await demo.browser.newContext();
    const page = await context.newPage();
    const problems = collectPageProblems(page);
    // The reports to /api/collect, once sent and once answered (so none is still being written when counted).
    const reports: string[] = [];
    const answered: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/api/collect") reports.push(request.postData() ?? "");
    });
    page.on("response", (response) => {
      if (new URL(response.url()).pathname === "/api/collect") answered.push(`${response.status()} ${response.request().postData() ?? ""}`);
    });
    await page.goto(`${demo.server.url}/demo/shopify`);
    await page.waitForFunction(() => !!(window as any).svcDemoPixel && !!(window as any).Shopify?.customerPrivacy);
    // The pixel saw this product view before consent: svc has no ids yet, so nothing was sent.
    await page.waitForTimeout(500);
    expect(reports).toEqual([]);

    const patches = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/patches");
    const exposed = collected(page, '"exposure"');
    await page.getByRole("region", { name: "Cookie consent" }).getByRole("button", { name: "Accept" }).click();
    const arm = ((await (await patches).json()) as PatchesResponse).tests.find((t) => t.test === DEMO_SHOPIFY_TEST_ID)?.arm ?? "";
    expect(DEMO_SHOPIFY_ARM_IDS as readonly string[]).toContain(arm);
    expect((await exposed).status()).toBe(200);
    const other = arm === CONTROL ? VARIANT : CONTROL;

    // The next product page: viewed with svc's ids.
    const viewed = collected(page, '"product_viewed"');
    await page.reload();
    expect((await viewed).status()).toBe(200);
    const added = collected(page, '"added_to_cart"');
    await page.getByRole("button", { name: "Add to cart" }).click();
    expect((await added).status()).toBe(200);
    const started = collected(page, '"checkout_started"');
    const completed = collected(page, '"checkout"');
    await page.getByRole("button", { name: "Buy" }).click();
    expect((await started).status()).toBe(200);
    // (Status only: Chromium keeps no body of a keepalive request's answer to read.)
    expect((await completed).status()).toBe(200);
    await expect.poll(() => page.getByRole("status").textContent()).toMatch(/Order #\d+ placed/);

    // Shopify delivers this page's four events again, same ids: every report is a duplicate (the counts below).
    await expect.poll(() => answered.length).toBe(reports.length);
    const resent = answered.length;
    await page.evaluate(() => (window as any).svcDemoPixel.resend());
    const pixelReport = /^200 .*"(product_viewed|added_to_cart|checkout_started|checkout)"/;
    await expect.poll(() => answered.slice(resent).filter((r) => pixelReport.test(r)).length).toBe(4);

    const funnel = await csvRecords(demo.server.url, "?funnel=1");
    const visitorsAt = (armId: string) => STEPS.map((step) => Number(funnel.find((r) => r.arm_id === armId && r.step === step)?.step_visitors));
    expect(visitorsAt(arm)).toEqual([1, 1, 1, 1]);
    expect(visitorsAt(other)).toEqual([0, 0, 0, 0]);
    const summary = await csvRecords(demo.server.url, "");
    const goalRow = (goal: string) => summary.find((r) => r.goal === goal && r.arm_id === arm);
    for (const goal of STEPS) expect(goalRow(goal), goal).toMatchObject({ converting_visitors: "1", conversions: "1" });
    // Profit: the demo mug's unit cost (8.00) comes from the demo's stand-in of the Admin API.
    expect(goalRow("purchase")).toMatchObject({ revenue: "20.00", net_revenue: "20.00", order_cost: "8.00", profit: "12.00", costed_orders: "1", uncosted_orders: "0" });

    // The results page shows the funnel for both arms.
    const admin = await context.newPage();
    const adminProblems = collectPageProblems(admin);
    await admin.goto(`${demo.server.url}/app/tests/${DEMO_SHOPIFY_TEST_ID}`, { waitUntil: "networkidle" });
    const table = admin.locator("#svc-funnel table");
    await expect(table.isVisible()).resolves.toBe(true);
    const text = await table.innerText();
    for (const name of ["Product viewed", "Added to cart", "Checkout started", "Purchase", ARM_NAMES[arm]!, ARM_NAMES[other]!]) expect(text).toContain(name);
    await admin.screenshot({ path: "/tmp/svc-shopify-funnel.png", fullPage: true });
    expect(adminProblems).toEqual([]);

    // The merchant refunds the order: the arm's net revenue drops to 0, its gross revenue stays.
    const refund = page.waitForResponse((r) => new URL(r.url()).pathname === "/demo/shopify/refund");
    await page.getByRole("button", { name: "Refund the order" }).click();
    expect(await (await refund).json()).toMatchObject({ refunded: "20.00", webhook: 200 });
    await expect.poll(() => page.getByRole("status").textContent()).toMatch(/refunded/);
    const refunded = (await csvRecords(demo.server.url, "")).find((r) => r.goal === "purchase" && r.arm_id === arm);
    // The goods' cost stays spent: the refunded order now costs the arm its cost.
    expect(refunded).toMatchObject({ revenue: "20.00", net_revenue: "0.00", refunded_orders: "1", profit: "-8.00" });
    expect(problems).toEqual([]);
    await context.close();
  });
});
