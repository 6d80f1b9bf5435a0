// The demo Shopify storefront (/demo/shopify) in Chromium against the real app in demo mode: the real app
// embed under stand-ins of Shopify's globals. Nothing of svc runs before the Customer Privacy API allows
// it; after "Accept" the shopper sees an arm, the snippet's `_svc_sid` reaches the cart, and the demo
// checkout's signed orders/paid webhook counts the purchase for that arm on the results page. A new visitor's arm
// comes from the plan the embed prints (issue 24): applied before /api/patches answers, and always the server's arm.
import { describe, expect, it } from "vitest";
import type { BrowserContext, Page, Request, Route } from "playwright-core";
import { DEMO_SHOPIFY_ARM_IDS, DEMO_SHOPIFY_SITE_ID, DEMO_SHOPIFY_TEST_ID } from "~/demo/constants";
import type { PatchesResponse } from "~/wire";
import { parseCsv } from "../support/csv";
import { collectPageProblems } from "../support/browser";
import { useDemoInChromium } from "../support/demo-in-chromium";

const [CONTROL, VARIANT] = DEMO_SHOPIFY_ARM_IDS;
const TITLES = { [CONTROL]: "Stoneware mug", [VARIANT]: "Stoneware mug: free shipping today" } as Record<string, string>;
const ARM_NAMES = { [CONTROL]: "Original headline", [VARIANT]: "Free-shipping headline" } as Record<string, string>;
// Beside the other browser tests' screenshots, outside the repository.
const SCREENSHOT = "/tmp/svc-shopify-storefront.png";

/** Requests to svc itself (its snippet and its API), as paths; the store's own pages and cart are not svc. */
function svcRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on("request", (request: Request) => {
    const { pathname } = new URL(request.url());
    if (pathname === "/snippet.js" || pathname.startsWith("/api/")) seen.push(pathname);
  });
  return seen;
}

/** What the snippet left in web storage (all its keys start with svc_). */
const svcStorage = (page: Page) =>
  page.evaluate(() => [...Object.keys(localStorage), ...Object.keys(sessionStorage)].filter((key) => key.startsWith("svc_")));

const cartOf = (page: Page) =>
  page.evaluate(() => fetch("/cart.js").then((r) => r.json())) as Promise<{ item_count: number; total_price: number; attributes: Record<string, string> }>;

/** Waits until the page's scripts have run: the snippet booted and the Customer Privacy API is loaded. */
async function settled(page: Page) {
  await page.waitForFunction(() => (window as any)[Symbol.for("svc.snippet")] === true && !!(window as any).Shopify?.customerPrivacy);
}

const pathIs = (path: string) => (response: { url(): string }) => new URL(response.url()).pathname === path;

describe("demo Shopify storefront in Chromium", () => {
  const demo = useDemoInChromium();

  it("follows the banner's Accept: an arm is shown, the session rides on the cart, and the purchase counts for that arm", async () => {
    const context = await demo.browser.newContext({ viewport: { width: 1000, height: 800 } });
    const page = await context.newPage();
    const problems = collectPageProblems(page);
    const requests = svcRequests(page);
    await page.goto(`${demo.server.url}/demo/shopify`);

    // Before consent: the embed's script loads, and that is all; nothing stored, nothing sent, no cart attribute.
    const banner = page.getByRole("region", { name: "Cookie consent" });
    await banner.waitFor({ state: "visible" });
    await settled(page);
    await page.waitForTimeout(500);
    expect(requests).toEqual(["/snippet.js"]);
    expect(await svcStorage(page)).toEqual([]);
    expect(await page.evaluate(() => (window as any).Shopify.customerPrivacy.currentVisitorConsent())).toEqual({
      marketing: "",
      analytics: "",
      preferences: "",
      sale_of_data: "",
    });
    expect((await cartOf(page)).attributes).toEqual({});
    expect(await page.locator("#product-title").textContent()).toBe(TITLES[CONTROL]);
    await page.screenshot({ path: SCREENSHOT.replace(".png", "-banner.png") });

    const patches = page.waitForResponse(pathIs("/api/patches"));
    const exposed = page.waitForResponse((r) => pathIs("/api/collect")(r) && (r.request().postData() ?? "").includes('"exposure"'));
    const cartWritten = page.waitForResponse(pathIs("/cart/update.js"));
    await banner.getByRole("button", { name: "Accept" }).click();
    await banner.waitFor({ state: "hidden" });

    const assignment = ((await (await patches).json()) as PatchesResponse).tests.find((t) => t.test === DEMO_SHOPIFY_TEST_ID);
    const arm = assignment?.arm ?? "";
    expect(DEMO_SHOPIFY_ARM_IDS as readonly string[]).toContain(arm);
    await page.waitForFunction((title) => document.getElementById("product-title")?.textContent === title, TITLES[arm]);
    // The exposure is committed before anything is bought (the batch is answered after its commit).
    expect((await exposed).status()).toBe(200);
    expect((await cartWritten).status()).toBe(200);

    await page.getByRole("button", { name: "Add to cart" }).click();
    await expect.poll(() => page.getByRole("status").textContent()).toBe("Cart: 1 item");
    const sid = await page.evaluate(() => localStorage.getItem("svc_sid"));
    expect(sid).toMatch(/^[A-Za-z0-9_-]+$/);
    // With the app embed, the visitor id too: svc's Discount Function assigns the offer's arm from it (app/wire/offers.ts).
    const vid = await page.evaluate(() => localStorage.getItem("svc_vid"));
    expect(vid).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(await cartOf(page)).toMatchObject({ item_count: 1, total_price: 2000, attributes: { _svc_sid: sid, _svc_vid: vid } });

    const checkout = page.waitForResponse(pathIs("/demo/shopify/checkout"));
    await page.getByRole("button", { name: "Buy" }).click();
    const placed = (await (await checkout).json()) as { order: { id: number; name: string; total_price: string; currency: string }; webhook: number };
    expect(placed).toMatchObject({ webhook: 200, order: { total_price: "20.00", currency: "USD", name: expect.stringMatching(/^#\d+$/) } });
    await expect.poll(() => page.getByRole("status").textContent()).toContain(`Order ${placed.order.name} placed`);
    // Like Shopify, the checkout ended the cart.
    expect(await cartOf(page)).toMatchObject({ item_count: 0, attributes: {} });
    await page.screenshot({ path: SCREENSHOT, fullPage: true });
    expect(problems).toEqual([]);

    // The results page counts the purchase for the arm the shopper saw, with its $20.00.
    const admin = await context.newPage();
    const adminProblems = collectPageProblems(admin);
    await admin.goto(`${demo.server.url}/app/tests/${DEMO_SHOPIFY_TEST_ID}`, { waitUntil: "networkidle" });
    await expect(admin.getByRole("heading", { name: "Demo: product headline" }).isVisible()).resolves.toBe(true);
    const purchase = admin.getByRole("region", { name: "purchase", exact: true });
    const conversions = await purchaseConversions(purchase.locator("table").first(), ARM_NAMES[arm] ?? "");
    expect(conversions).toBe(1);
    expect(await purchase.locator("table").nth(1).locator("tbody tr", { hasText: ARM_NAMES[arm] ?? "" }).innerText()).toContain("$20.00");
    // Its profit uses the demo mug's unit cost (8.00), answered by the demo's stand-in Admin API: 20.00 − 8.00.
    const profit = await purchase.locator("table").nth(2).locator("tbody tr", { hasText: ARM_NAMES[arm] ?? "" }).innerText();
    expect(profit).toContain("$12.00");
    expect(adminProblems).toEqual([]);

    const csv = await (await fetch(`${demo.server.url}/app/tests/${DEMO_SHOPIFY_TEST_ID}/export.csv`)).text();
    const [header = [], ...rows] = parseCsv(csv);
    const byArm = new Map(
      rows
        .map((row) => Object.fromEntries(header.map((name, i) => [name, row[i] ?? ""])))
        .filter((row) => row.goal === "purchase")
        .map((row) => [row.arm_id, { conversions: Number(row.conversions), revenue: Number(row.revenue), profit: row.profit }]),
    );
    expect(byArm.get(arm)).toEqual({ conversions: 1, revenue: 20, profit: "12.00" });
    expect(byArm.get(arm === CONTROL ? VARIANT : CONTROL)).toEqual({ conversions: 0, revenue: 0, profit: "0.00" });
    await context.close();
  });

  it("follows the banner's Decline: no request to svc's API and nothing stored, on this page or the next", async () => {
    const context = await demo.browser.newContext();
    const page = await context.newPage();
    const problems = collectPageProblems(page);
    const requests = svcRequests(page);
    await page.goto(`${demo.server.url}/demo/shopify`);
    const banner = page.getByRole("region", { name: "Cookie consent" });
    await banner.getByRole("button", { name: "Decline" }).click();
    await banner.waitFor({ state: "hidden" });
    expect(await page.evaluate(() => (window as any).Shopify.customerPrivacy.currentVisitorConsent())).toMatchObject({ analytics: "no" });

    // Longer than the snippet's batching delay (2 s), then a second page: the choice is remembered.
    await page.waitForTimeout(2500);
    await page.reload();
    await settled(page);
    await page.waitForTimeout(500);
    await expect(banner.isVisible()).resolves.toBe(false);
    await page.getByRole("button", { name: "Add to cart" }).click();
    await expect.poll(() => page.getByRole("status").textContent()).toBe("Cart: 1 item");

    expect(requests.filter((path) => path !== "/snippet.js")).toEqual([]);
    expect(await svcStorage(page)).toEqual([]);
    expect((await cartOf(page)).attributes).toEqual({});
    expect(problems).toEqual([]);
    await context.close();
  });

  // Issue 24: a new visitor's arm from the page's plan, with no request before applying it.
  const granted = encodeURIComponent(JSON.stringify({ analytics: true, marketing: true, preferences: true, sale_of_data: true }));

  /** The server's answer for a visitor id, as /api/patches gives it. */
  const serverArm = async (vid: string) => {
    const res = await fetch(`${demo.server.url}/api/patches?site=${DEMO_SHOPIFY_SITE_ID}&vid=${vid}&sid=${"s".repeat(32)}`);
    return ((await res.json()) as PatchesResponse).tests.find((t) => t.test === DEMO_SHOPIFY_TEST_ID)?.arm ?? "none";
  };

  /** Holds every /api/patches request of the context until `release`: the page must do without it. */
  async function holdPatches(context: BrowserContext) {
    const held: Route[] = [];
    await context.route((url) => url.pathname === "/api/patches", (route) => void held.push(route));
    return { held, release: () => Promise.all(held.splice(0).map((r) => r.continue())) };
  }

  /** The title once the snippet has settled the page (the embed's hiding style turned off), and when, in ms from navigation start. */
  const settledTitle = (page: Page) =>
    page
      .waitForFunction(() => {
        const style = document.querySelector<HTMLStyleElement>("style[data-svc-hide]");
        const title = document.getElementById("product-title");
        return style?.disabled && title && getComputedStyle(title).opacity === "1" ? { title: title.textContent, at: performance.now() } : null;
      })
      .then((handle) => handle.jsonValue() as Promise<{ title: string; at: number }>);

  it("applies the server's own arm before /api/patches answers, for forced and fresh visitor ids", async () => {
    // One visitor id the server puts in each arm, and two the snippet makes itself.
    const forced: Record<string, string> = {};
    for (let i = 0; Object.keys(forced).length < 2 && i < 200; i++) forced[await serverArm(`bench${i}visitor`)] ??= `bench${i}visitor`;
    const cases = [forced[CONTROL], forced[VARIANT], undefined, undefined];
    const shown = new Set<string>();
    for (const presetVid of cases) {
      const context = await demo.browser.newContext();
      await context.addCookies([{ name: "_tracking_consent", value: granted, url: demo.server.url }]);
      if (presetVid) await context.addInitScript((vid) => localStorage.setItem("svc_vid", vid), presetVid);
      const { held, release } = await holdPatches(context);
      const page = await context.newPage();
      const problems = collectPageProblems(page);
      await page.goto(`${demo.server.url}/demo/shopify`);
      const plan = await page.locator("script[data-svc-plan]").textContent();
      expect(JSON.parse(plan ?? "null")).toMatchObject({ l: { s: expect.any(String) }, t: [expect.objectContaining({ id: DEMO_SHOPIFY_TEST_ID })] });
      const { title, at } = await settledTitle(page);
      // Applied while the request was still held: nothing but the page and the snippet came before it.
      expect(held.length).toBe(1);
      expect(at).toBeLessThan(1000);
      const vid = await page.evaluate(() => localStorage.getItem("svc_vid"));
      if (presetVid) expect(vid).toBe(presetVid);
      const arm = await serverArm(vid ?? "");
      expect(title, `visitor ${vid}`).toBe(TITLES[arm]);
      shown.add(arm);
      // The request still refreshes the cache: released, it answers the same arm, and the snippet keeps it.
      const answered = page.waitForResponse(pathIs("/api/patches"));
      await release();
      expect(((await (await answered).json()) as PatchesResponse).tests.find((t) => t.test === DEMO_SHOPIFY_TEST_ID)?.arm).toBe(arm);
      await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem("svc_cfg") ?? "{}").res?.tests?.[0]?.arm)).toBe(arm);
      expect(problems).toEqual([]);
      await context.close();
    }
    expect([...shown].sort()).toEqual([CONTROL, VARIANT].sort());
  });

  it("applies nothing, stores nothing and sends nothing before consent, then the arm at once on Accept", async () => {
    const context = await demo.browser.newContext();
    const { held } = await holdPatches(context);
    const page = await context.newPage();
    const requests = svcRequests(page);
    await page.goto(`${demo.server.url}/demo/shopify`);
    const banner = page.getByRole("region", { name: "Cookie consent" });
    await banner.waitFor({ state: "visible" });
    await settled(page);
    await page.waitForTimeout(300);
    expect(requests).toEqual(["/snippet.js"]);
    expect(await svcStorage(page)).toEqual([]);
    expect(await page.locator("#product-title").textContent()).toBe(TITLES[CONTROL]);
    // Asked, not yet answered: the page shows as without svc (the hiding style is off, the title visible).
    expect(await page.evaluate(() => getComputedStyle(document.getElementById("product-title")!).opacity)).toBe("1");

    const exposed = page.waitForRequest((r) => pathIs("/api/collect")(r) && (r.postData() ?? "").includes('"exposure"'));
    await banner.getByRole("button", { name: "Accept" }).click();
    const vid = await page.waitForFunction(() => localStorage.getItem("svc_vid")).then((h) => h.jsonValue() as Promise<string>);
    const arm = await serverArm(vid);
    await page.waitForFunction((title) => document.getElementById("product-title")?.textContent === title, TITLES[arm]);
    // The exposure names the server's arm, and went out with /api/patches still unanswered.
    const body = JSON.parse((await exposed).postData() ?? "{}") as { vid: string; events: Array<{ type: string; test?: string; arm?: string }> };
    expect(body.vid).toBe(vid);
    expect(body.events.find((e) => e.type === "exposure")).toMatchObject({ test: DEMO_SHOPIFY_TEST_ID, arm });
    expect(held.length).toBe(1);
    await context.close();
  });
});

/** The Conversions cell of the arm's row in a goal's conversion table. */
async function purchaseConversions(table: ReturnType<Page["locator"]>, armName: string): Promise<number> {
  const headings = (await table.locator("thead tr").first().locator("th").allInnerTexts()).map((h) => h.trim());
  const cells = await table.locator("tbody tr", { hasText: armName }).first().locator("th, td").allInnerTexts();
  return Number((cells[headings.indexOf("Conversions")] ?? "").replace(/[^\d-]/g, ""));
}
