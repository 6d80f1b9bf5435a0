// Acting on the decision in Chromium, at the embedded admin's width: a decided test's card ships the winner with
// one click and one confirmation that shows the figures and who will see it, and the demo storefront then shows
// the winner to a visitor of the test's audience only; a Complete with no data behind it cannot serve a winner
// without the warning being confirmed.
import { describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { RESULTS_SCENARIOS } from "~/demo/results-scenarios";
import { DEMO_SITE_ID } from "~/demo/constants";
import type { PatchesResponse } from "~/wire";
import { collectPageProblems, saveScreenshot } from "../support/browser";
import { useDemoInChromium } from "../support/demo-in-chromium";
import { ago, seedRows, seedTest } from "../support/seed";

/** The embedded admin's iframe is about this wide on a laptop screen. */
const EMBEDDED_WIDTH = 1040;
const SHIP = RESULTS_SCENARIOS.find((s) => s.state === "ship")!;
const DECIDED = "ship-promo";
const UNDECIDED = "ship-no-data";
const ORIGINAL = "Small-batch mugs, bowls and plates, fired in our studio.";
const WINNER = "Free shipping on every order this summer.";

/**
 * What a fresh visitor landing on `url` sees of #lede once the snippet has shown its arms (window.svc is
 * published right after), and what /api/patches told it of the shipped test: a landing condition such as
 * ?promo=summer travels with the answer (`if`) and the page applies it, as for a running test.
 */
async function visit(browser: Browser, url: string): Promise<{ lede: string | null; served: PatchesResponse["tests"][number] | undefined }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const answered = page.waitForResponse((res) => new URL(res.url()).pathname === "/api/patches", { timeout: 15_000 });
  await page.goto(url);
  await page.getByRole("button", { name: "Allow" }).click();
  const body = (await (await answered).json()) as PatchesResponse;
  await page.waitForFunction(() => typeof (window as { svc?: unknown }).svc === "object", null, { timeout: 15_000 });
  const lede = await page.locator("#lede").textContent();
  await page.goto("about:blank");
  await context.close();
  return { lede, served: body.tests.find((t) => t.test === DECIDED) };
}

describe("shipping the decision in Chromium", () => {
  const demo = useDemoInChromium("pglite", {
    seed: async (sql) => {
      const [site] = await sql.query<{ id: string }>(`SELECT id FROM "Site" WHERE "publicId" = $1`, [DEMO_SITE_ID]);
      // The demo's ship example's numbers, under a test of the demo storefront whose audience lands with ?promo=summer.
      const audience = [{ kind: "query", name: "promo", values: ["summer"] }];
      const arms = [{}, { name: "Free-shipping banner", patches: [{ op: "text", sel: "#lede", value: WINNER }] }];
      await seedTest(sql, { id: DECIDED, site: DEMO_SITE_ID, name: "Summer free shipping", status: "running", startedAt: ago("30 days"), pages: ["/demo"], audience, arms, goals: [SHIP.goal] });
      const today = new Date().toISOString().slice(0, 10);
      await seedRows(sql, "DailyRollup", SHIP.rows(today).map((r) => ({ ...r, armId: r.armId.replace(SHIP.id, DECIDED), siteId: site!.id, testId: DECIDED })));
      await seedTest(sql, { id: UNDECIDED, site: DEMO_SITE_ID, name: "Nothing measured", status: "paused", startedAt: ago("1 day"), pages: ["/demo/none"], arms, goals: ["signup"] });
    },
  });

  it("ships the card's winner in one click and one confirmation, to the test's audience only", async () => {
    const context = await demo.browser.newContext({ viewport: { width: EMBEDDED_WIDTH, height: 900 } });
    const admin = await context.newPage();
    const errors = collectPageProblems(admin);
    await admin.goto(`${demo.server.url}/app/tests/${DECIDED}`, { waitUntil: "networkidle" });

    const card = admin.locator("[data-decision-state]");
    await expect(card.getAttribute("data-decision-state")).resolves.toBe("ship");
    const ship = card.getByRole("button", { name: "Ship Free-shipping banner" });
    // In view at 1,040 px without scrolling sideways.
    const box = await ship.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(EMBEDDED_WIDTH);
    await ship.click();

    const dialog = admin.getByRole("dialog");
    await dialog.getByText("What the data says: Ship Free-shipping banner").waitFor();
    const words = await dialog.innerText();
    expect(words).toMatch(/Free-shipping banner converts better than Original on purchase: lift \+\d+\.\d% \(\+\d+\.\d% to \+\d+\.\d%\)/);
    expect(words).toMatch(/Original: [\d,]+ visitors, [\d,]+ converted \(4\.00%\)/);
    expect(words).toMatch(/Free-shipping banner: [\d,]+ visitors, [\d,]+ converted \(5\.60%\)/);
    expect(words).toContain("Free-shipping banner will be shown on the test's pages (/demo) to its audience only:");
    expect(words).toContain("Visitors outside the audience keep seeing the original.");
    expect(words).not.toContain("This goes against the data");
    // The data's choice is already made: the winner, kept served.
    await expect(dialog.getByLabel("Free-shipping banner", { exact: true }).isChecked()).resolves.toBe(true);
    await expect(dialog.getByLabel("Keep serving Free-shipping banner to the test's audience on its pages").isChecked()).resolves.toBe(true);
    await saveScreenshot(admin, "ship-decision-confirm");
    await dialog.getByRole("button", { name: "Ship Free-shipping banner" }).click();

    await admin.getByText("Test completed; its winner is served on its pages to its audience only").waitFor({ timeout: 10_000 });
    await admin.getByRole("heading", { name: "Serving Free-shipping banner to the test's audience on its pages" }).waitFor({ timeout: 10_000 });
    // Done: the card offers nothing more to do.
    await expect(admin.locator("[data-decision-state]").getByRole("button").count()).resolves.toBe(0);
    await saveScreenshot(admin, "ship-decision-served");
    expect(errors).toEqual([]);
    await context.close();

    // The storefront: a visitor who lands with ?promo=summer sees the winner; one who does not, the original.
    const inside = await visit(demo.browser, `${demo.server.url}/demo?promo=summer`);
    expect(inside.lede).toBe(WINNER);
    // Served as a winner: one arm, nothing measured (no goals).
    expect(inside.served).toMatchObject({ arm: `${DECIDED}-b`, pages: ["/demo"] });
    expect(inside.served?.goals).toBeUndefined();
    const outside = await visit(demo.browser, `${demo.server.url}/demo`);
    expect(outside.lede).toBe(ORIGINAL);
  });

  it("cannot serve a winner with no data behind it until the warning is confirmed", async () => {
    const context = await demo.browser.newContext({ viewport: { width: EMBEDDED_WIDTH, height: 900 } });
    const admin = await context.newPage();
    const errors = collectPageProblems(admin);
    await admin.goto(`${demo.server.url}/app/tests/${UNDECIDED}`, { waitUntil: "networkidle" });
    // Nothing decided: the card offers no action.
    await expect(admin.locator("[data-decision-state]").getByRole("button").count()).resolves.toBe(0);

    await admin.getByRole("button", { name: "Complete test" }).click();
    const dialog = admin.getByRole("dialog");
    await dialog.getByText("Which arm won?").waitFor();
    // Nothing is pre-selected without data.
    await expect(dialog.getByLabel("Free-shipping banner", { exact: true }).isChecked()).resolves.toBe(false);
    await dialog.getByText("Free-shipping banner", { exact: true }).click();
    await dialog.getByLabel("Keep serving Free-shipping banner to every visitor on its pages").check();
    await dialog.getByText("No visitor has been counted in this test: nothing says Free-shipping banner is better than the original.").waitFor();
    const confirm = dialog.getByRole("button", { name: "Ship Free-shipping banner" });
    await expect(confirm.isDisabled()).resolves.toBe(true);
    await dialog.getByLabel("Serve Free-shipping banner anyway: this is my decision, not the data's").check();
    await expect(confirm.isDisabled()).resolves.toBe(false);
    await saveScreenshot(admin, "ship-against-data");
    await confirm.click();
    await admin.getByText("Test completed; its winner is served on its pages to every visitor").waitFor({ timeout: 10_000 });
    expect(errors).toEqual([]);
    await context.close();
  });
});
