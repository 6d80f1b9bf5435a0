// A preview link in Chromium on the demo storefront: the draft test's forced arm on this page and the tab's next
// pages, nothing at all sent to /api/events or /api/collect, nothing recorded; svc_preview=off ends it.
import { describe, expect, it } from "vitest";
import { DEMO_SHOPIFY_TEST_ID, DEMO_SITE_ID } from "~/demo/constants";
import { databaseKinds, withDatabase } from "../support/databases";
import { useDemoInChromium } from "../support/demo-in-chromium";
import { seedTest } from "../support/seed";

const ORIGINAL = "Handmade ceramics for everyday use";
const VARIANT = "Mugs that make every morning better";
const PREVIEWED = "Previewed: the mug you will reach for first";
const TEST_ID = "pv-demo-draft";
const kind = databaseKinds.includes("postgres") ? "postgres" : "pglite";

describe(`preview link on the demo storefront (${kind})`, () => {
  // A draft on the demo site whose variant changes the headline: only a preview link shows it.
  const demo = useDemoInChromium(kind, {
    seed: (sql) => seedTest(sql, { id: TEST_ID, site: DEMO_SITE_ID, pages: ["/demo"], arms: [{}, { patches: [{ op: "text", sel: "#headline", value: PREVIEWED }] }] }),
  });
  const query = <T,>(sql: string, params: unknown[] = []) => withDatabase(demo.db, (db) => db.query<T>(sql, params));

  it("forces either arm of the running test on the demo Shopify storefront, after Shopify's consent, collecting nothing", async () => {
    const running = demo.server;
    const { links } = (await (await fetch(`${running.url}/app/tests/${DEMO_SHOPIFY_TEST_ID}/preview`)).json()) as {
      links: { name: string; url: string }[];
    };
    const titles: Record<string, string> = { "Original headline": "Stoneware mug", "Free-shipping headline": "Stoneware mug: free shipping today" };
    expect(links.map((l) => l.name).sort()).toEqual(Object.keys(titles).sort());
    for (const link of links) {
      expect(link.url.startsWith(`${running.url}/demo/shopify?svc_preview=`)).toBe(true);
      const context = await demo.browser.newContext();
      const page = await context.newPage();
      const collected: string[] = [];
      context.on("request", (request) => {
        if (/\/api\/(events|collect)\b/.test(request.url())) collected.push(request.url());
      });
      await page.goto(link.url);
      await page.getByRole("button", { name: "Accept" }).click();
      await page.waitForFunction((title) => document.getElementById("product-title")?.textContent === title, titles[link.name], { timeout: 10_000 });
      await page.goto("about:blank");
      await new Promise((r) => setTimeout(r, 2500));
      expect(collected).toEqual([]);
      await context.close();
    }
  });

  it("shows the forced arm across the tab's pages, sends no event, and ends on svc_preview=off", async () => {
    const running = demo.server;
    const res = await fetch(`${running.url}/app/tests/${TEST_ID}/preview`);
    expect(res.status).toBe(200);
    const { links, endAtRestart } = (await res.json()) as { links: { key: string; url: string }[]; endAtRestart: boolean };
    // The demo has no preview secret: its links end when it restarts.
    expect(endAtRestart).toBe(true);
    const link = links.find((l) => l.key === "b")?.url ?? "";
    expect(link.startsWith(`${running.url}/demo?svc_preview=`)).toBe(true);

    const context = await demo.browser.newContext();
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    const sent: string[] = [];
    context.on("request", (request) => {
      if (/\/api\/(events|collect)\b/.test(request.url())) sent.push(request.url());
    });

    await page.goto(link);
    await page.getByRole("button", { name: "Allow" }).click();
    await page.waitForFunction((text) => document.querySelector("#headline")?.textContent === text, PREVIEWED, { timeout: 10_000 });
    // Goals fire too, and a conversion is asked for: none of it may leave the page.
    await page.getByLabel("Email").fill("merchant@example.com");
    await page.getByRole("button", { name: "Sign up" }).click();
    await expect(page.locator("output").textContent()).resolves.toContain("Thanks");

    // The next page of the tab, without the parameter: still the preview, not the running demo test.
    await page.goto(`${running.url}/demo`);
    await page.waitForFunction((text) => document.querySelector("#headline")?.textContent === text, PREVIEWED, { timeout: 10_000 });
    expect(await page.evaluate(() => sessionStorage.getItem("svc_preview"))).toBe(new URL(link).searchParams.get("svc_preview"));
    // Leaving the page is when batches go out (sendBeacon on pagehide); give them time to arrive.
    await page.goto("about:blank");
    await new Promise((r) => setTimeout(r, 2500));
    expect(sent).toEqual([]);
    const offAt = new Date();

    // svc_preview=off: the normal assignment of the running test, and events flow again.
    await page.goto(`${running.url}/demo?svc_preview=off`);
    await page.waitForFunction((texts) => texts.includes(document.querySelector("#headline")?.textContent ?? ""), [ORIGINAL, VARIANT], { timeout: 10_000 });
    await page.waitForFunction(() => typeof (window as { svc?: unknown }).svc === "object", null, { timeout: 10_000 });
    const headline = await page.locator("#headline").textContent();
    expect(headline).not.toBe(PREVIEWED);
    // The batch timer sends the pageview within seconds.
    for (let i = 0; i < 40 && sent.length === 0; i++) await new Promise((r) => setTimeout(r, 250));
    expect(sent.length).toBeGreaterThan(0);
    await page.goto("about:blank");
    await context.close();
    expect(errors).toEqual([]);

    // Nothing of the preview in the database: no exposure to the draft test, no event before preview ended.
    await new Promise((r) => setTimeout(r, 1000));
    await running.stop();
    const exposures = await query<{ n: number }>(`SELECT count(*)::int AS n FROM "Exposure" WHERE "testId" = $1`, [TEST_ID]);
    expect(exposures).toEqual([{ n: 0 }]);
    const before = await query<{ n: number }>(`SELECT count(*)::int AS n FROM "Event" WHERE "receivedAt" < $1`, [offAt]);
    expect(before).toEqual([{ n: 0 }]);
    // The check can fail: after preview ended the same browser's pageview did land.
    const after = await query<{ n: number }>(`SELECT count(*)::int AS n FROM "Event" WHERE "receivedAt" >= $1 AND type = 'pageview'`, [offAt]);
    expect(after[0]?.n).toBeGreaterThan(0);
  });
});
