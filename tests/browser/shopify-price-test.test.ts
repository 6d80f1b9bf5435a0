// Issue 38's price test on the demo Shopify storefront in Chromium, end to end: 20 fresh shoppers each see one price
// of the bowl on its product page, in the collection grid, in the cart drawer and on the cart page, and the demo
// checkout (svc's Discount Function's own code, with the configuration svc writes) charges exactly that; no frame
// shows the list price to a shopper of the cheaper arm; pages without a price test load no price bundle; the results
// count the orders by arm, with their revenue and profit, and the orders check finds none charged otherwise.
import { describe, expect, it } from "vitest";
import type { Page, Request } from "playwright-core";
import { DEMO_PRICE_ARM_IDS, DEMO_PRICE_ARM_PRICE, DEMO_PRICE_TEST_ID, DEMO_SHOPIFY_SITE_ID } from "~/demo/constants";
import type { PatchesResponse } from "~/wire";
import { PRICE_HIDE_ATTRIBUTE, PRICE_SELECTOR } from "~/wire/price-display";
import { parseCsv } from "../support/csv";
import { collectPageProblems } from "../support/browser";
import { useDemoInChromium } from "../support/demo-in-chromium";

const [CONTROL, CHEAPER] = DEMO_PRICE_ARM_IDS;
const LIST_PRICE = "$30.00";
const PRICE_OF: Record<string, string> = { [CONTROL]: LIST_PRICE, [CHEAPER]: `$${DEMO_PRICE_ARM_PRICE.toFixed(2)}` };
/** What the demo bowl costs the shop (app/demo/admin-api.server.ts), for its profit. */
const UNIT_COST = 12;
const SHOPPERS = 20;
const BOWL = "/demo/shopify/products/stoneware-bowl";
const GRID = "/demo/shopify/collections/all";
const CART = "/demo/shopify/cart";
/** Frames are sampled until this long after navigation start: past the hiding's 1,000 ms timeout. */
const WATCH_MS = 1500;

const granted = encodeURIComponent(JSON.stringify({ analytics: true, marketing: true, preferences: true, sale_of_data: true }));

interface Frame {
  t: number;
  /** Each `[data-svc-price]` element's text and computed opacity in this frame. */
  prices: Array<{ text: string; opacity: string }>;
}

/** The test's probe, before any of the page's scripts: every animation frame's price elements, until `until` ms. */
function sampleFrames(args: { selector: string; until: number }) {
  const frames: Frame[] = [];
  (window as unknown as { __frames: Frame[] }).__frames = frames;
  const sample = (t: number) => {
    frames.push({ t, prices: [...document.querySelectorAll(args.selector)].map((el) => ({ text: el.textContent ?? "", opacity: getComputedStyle(el).opacity })) });
    if (t < args.until) requestAnimationFrame(() => sample(performance.now()));
    else (window as unknown as { __done: boolean }).__done = true;
  };
  requestAnimationFrame(() => sample(performance.now()));
}

/** Opens `path` and answers the price shown once the page has settled (the price's hiding ended), with every frame until then. */
async function shownPrice(page: Page, url: string, selector: string): Promise<{ price: string; frames: Frame[] }> {
  await page.goto(url);
  const handle = await page.waitForFunction(
    ({ sel, attr }) => {
      const style = document.querySelector<HTMLStyleElement>(`style[${attr}]`);
      const el = document.querySelector(sel);
      return style?.disabled && el && getComputedStyle(el).opacity === "1" ? el.textContent : null;
    },
    { sel: selector, attr: PRICE_HIDE_ATTRIBUTE },
  );
  const price = (await handle.jsonValue()) as string;
  await page.waitForFunction(() => (window as unknown as { __done?: boolean }).__done === true, null, { timeout: 20_000 });
  return { price, frames: await page.evaluate(() => (window as unknown as { __frames: Frame[] }).__frames) };
}

const pathIs = (path: string) => (response: { url(): string }) => new URL(response.url()).pathname === path;

describe("the demo Shopify storefront's price test in Chromium", () => {
  const demo = useDemoInChromium();

  /** The server's arm of the price test for a visitor id, as /api/patches gives it. */
  const serverArm = async (vid: string) => {
    const res = await fetch(`${demo.server.url}/api/patches?site=${DEMO_SHOPIFY_SITE_ID}&vid=${vid}&sid=${"s".repeat(32)}`);
    return ((await res.json()) as PatchesResponse).tests.find((t) => t.test === DEMO_PRICE_TEST_ID)?.arm ?? "none";
  };

  /** The purchase rows of the results CSV, by arm: what the merchant downloads. */
  const purchasesByArm = async () => {
    const csv = await (await fetch(`${demo.server.url}/app/tests/${DEMO_PRICE_TEST_ID}/export.csv`)).text();
    const [header = [], ...rows] = parseCsv(csv);
    const purchases = new Map(
      rows
        .map((row) => Object.fromEntries(header.map((name, i) => [name, row[i] ?? ""])))
        .filter((row) => row.goal === "purchase")
        .map((row) => [row.arm_id, row]),
    );
    return { csv, purchases };
  };
  /** The results page's "Orders checked" card: per arm, its orders checked and those charged otherwise. */
  const ordersChecked = async () => {
    const admin = await demo.browser.newPage();
    const adminProblems = collectPageProblems(admin);
    await admin.goto(`${demo.server.url}/app/tests/${DEMO_PRICE_TEST_ID}`, { waitUntil: "networkidle" });
    const card = admin.locator("[data-svc-offer-check]");
    const counts = new Map<string, { checked: number; otherwise: number }>();
    if ((await card.count()) > 0) {
      for (const [arm, name] of [[CONTROL, "List price"], [CHEAPER, `Bowl at ${DEMO_PRICE_ARM_PRICE.toFixed(2)}`]] as const) {
        const cells = await card.locator("tbody tr", { hasText: name }).first().locator("th, td").allInnerTexts();
        // Its last two columns: orders checked, and those charged otherwise.
        const [checked, otherwise] = cells.slice(-2).map((cell) => Number(cell.trim().replace(/,/g, "")));
        counts.set(arm, { checked: checked ?? NaN, otherwise: otherwise ?? NaN });
      }
    }
    expect(adminProblems).toEqual([]);
    await admin.close();
    return counts;
  };

  // The page must settle within the snippet's 1,000 ms, a real-time bound that a CI machine running the other lanes
  // beside this one has missed once in two runs (a shopper's exposure never came: the snippet gave up, as it does on
  // a device that slow). A retry runs all 20 shoppers again, and the results are compared with what the attempt found
  // before it, so a failed attempt's visitors do not count against the next.
  it("shows 20 fresh shoppers one price everywhere, the one the checkout charges for their arm, and counts their orders by arm", { retry: 2, timeout: 300_000 }, async () => {
    const before = await purchasesByArm();
    const checkedBefore = await ordersChecked();
    const mismatches: string[] = [];
    const listPriceFrames: string[] = [];
    const orders = new Map<string, number>();
    let priceBundles = 0;
    for (let shopper = 0; shopper < SHOPPERS; shopper++) {
      const context = await demo.browser.newContext({ viewport: { width: 1000, height: 800 } });
      await context.addCookies([{ name: "_tracking_consent", value: granted, url: demo.server.url }]);
      await context.addInitScript(sampleFrames, { selector: PRICE_SELECTOR, until: WATCH_MS });
      const page = await context.newPage();
      const problems = collectPageProblems(page);
      page.on("request", (request: Request) => {
        if (new URL(request.url()).searchParams.get("for") === "shopify-price") priceBundles++;
      });

      const exposed = page.waitForResponse((r) => pathIs("/api/collect")(r) && (r.request().postData() ?? "").includes(`"test":"${DEMO_PRICE_TEST_ID}"`));
      const product = await shownPrice(page, `${demo.server.url}${BOWL}`, PRICE_SELECTOR);
      // The exposure is committed before anything is bought (the batch is answered after its commit).
      expect((await exposed).status()).toBe(200);
      const vid = await page.evaluate(() => localStorage.getItem("svc_vid"));
      expect(vid).toMatch(/^[A-Za-z0-9_-]+$/);
      const arm = await serverArm(vid!);
      expect(DEMO_PRICE_ARM_IDS as readonly string[]).toContain(arm);
      // The visitor id reaches the cart, which the Function charges by.
      await expect.poll(() => page.evaluate(() => fetch("/cart.js").then((r) => r.json()).then((c) => c.attributes._svc_vid))).toBe(vid);

      const grid = await shownPrice(page, `${demo.server.url}${GRID}`, `#grid [data-product="8000000000002"] ${PRICE_SELECTOR}`);
      // The mug is in no price test: its card keeps its own price.
      expect(await page.locator(`#grid [data-product="8000000000001"] ${PRICE_SELECTOR}`).textContent()).toBe("$20.00");
      await shownPrice(page, `${demo.server.url}${BOWL}`, PRICE_SELECTOR);
      await page.getByRole("button", { name: "Add to cart" }).click();
      const drawer = await page.locator("#cart-drawer .drawer-price").textContent();
      await page.goto(`${demo.server.url}${CART}`);
      const cartLine = await page.locator("#cart-lines .line-price").textContent();
      const cartTotal = (await page.locator("#cart-total").textContent())?.replace("Total ", "");
      const checkout = page.waitForResponse(pathIs("/demo/shopify/checkout"));
      await page.getByRole("button", { name: "Check out" }).click();
      const placed = (await (await checkout).json()) as { order: { total_price: string }; webhook: number };
      expect(placed.webhook).toBe(200);
      const charged = `$${placed.order.total_price}`;

      const seen = { product: product.price, grid: grid.price, drawer, cartLine, cartTotal, charged };
      const expected = PRICE_OF[arm]!;
      for (const [where, price] of Object.entries(seen)) if (price !== expected) mismatches.push(`shopper ${shopper} (${arm}) ${where}: ${price}, not ${expected}`);
      if (arm === CHEAPER) {
        for (const { t, prices } of [...product.frames, ...grid.frames]) {
          for (const p of prices) if (p.text === LIST_PRICE && p.opacity !== "0") listPriceFrames.push(`shopper ${shopper} at ${Math.round(t)} ms: ${p.text} at opacity ${p.opacity}`);
        }
      }
      // The probe saw frames: a check over none would prove nothing.
      expect(product.frames.length).toBeGreaterThan(3);
      orders.set(arm, (orders.get(arm) ?? 0) + 1);
      expect(problems).toEqual([]);
      await context.close();
    }
    expect(mismatches).toEqual([]);
    expect(listPriceFrames).toEqual([]);
    // Both arms were drawn (all 20 in one arm would happen once in half a million runs), each page loading the bundle once.
    expect([...orders.keys()].sort()).toEqual([CONTROL, CHEAPER].sort());
    expect(priceBundles).toBe(SHOPPERS * 3);

    // The results count each arm's visitors and orders, the revenue at the arm's price, and the profit over the bowl's
    // cost, in all and per visitor: this attempt's on top of what was counted before it (nothing, on a first attempt).
    const { csv, purchases } = await purchasesByArm();
    const figures = (row: Record<string, string> | undefined) => ({
      visitors: Number(row?.visitors ?? 0), conversions: Number(row?.conversions ?? 0), revenue: Number(row?.revenue ?? 0), profit: Number(row?.profit ?? 0),
    });
    for (const arm of DEMO_PRICE_ARM_IDS) {
      const n = orders.get(arm) ?? 0;
      const price = arm === CHEAPER ? DEMO_PRICE_ARM_PRICE : 30;
      const was = figures(before.purchases.get(arm));
      const row = purchases.get(arm);
      const seen = { ...figures(row), perVisitor: Number(row?.profit_per_visitor) };
      // Each shopper was exposed once and bought one bowl: on a first attempt, the arm's profit per visitor is its margin on the bowl.
      const expected = { visitors: was.visitors + n, conversions: was.conversions + n, revenue: was.revenue + price * n, profit: was.profit + (price - UNIT_COST) * n };
      const { perVisitor, ...counts } = seen;
      expect(counts, `${arm} in ${csv}`).toEqual(expected);
      expect(perVisitor, `${arm} in ${csv}`).toBeCloseTo(expected.profit / expected.visitors, 2);
      if (was.visitors === 0) expect(perVisitor).toBeCloseTo(price - UNIT_COST, 2);
    }

    // The orders check read each order's discount allocations and found every one charged as its arm says.
    const checked = await ordersChecked();
    for (const arm of DEMO_PRICE_ARM_IDS) {
      const was = checkedBefore.get(arm) ?? { checked: 0, otherwise: 0 };
      expect(checked.get(arm), arm).toEqual({ checked: was.checked + (orders.get(arm) ?? 0), otherwise: 0 });
    }
  });

  it("loads the price bundle only on the pages a price test covers", async () => {
    const context = await demo.browser.newContext();
    await context.addCookies([{ name: "_tracking_consent", value: granted, url: demo.server.url }]);
    const page = await context.newPage();
    const bundles: string[] = [];
    page.on("request", (request: Request) => {
      const url = new URL(request.url());
      if (url.searchParams.get("for") === "shopify-price") bundles.push(url.pathname);
    });
    for (const path of ["/demo/shopify", "/demo/shopify/pages/about", CART]) {
      await page.goto(`${demo.server.url}${path}`);
      // Long enough for the async snippet to have run (and to have added anything it would).
      await page.waitForFunction(() => (window as unknown as Record<symbol, unknown>)[Symbol.for("svc.snippet")] === true);
      await page.waitForTimeout(300);
      expect(await page.locator("script[data-svc-prices]").count(), path).toBe(0);
      expect(await page.locator(`style[${PRICE_HIDE_ATTRIBUTE}]`).count(), path).toBe(0);
    }
    expect(bundles).toEqual([]);
    await page.goto(`${demo.server.url}${BOWL}`);
    await expect.poll(() => bundles).toEqual(["/snippet.js"]);
    await context.close();
  });
});
