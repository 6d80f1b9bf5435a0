// A merchant's whole path in the local demo, in Chromium, through the admin's own UI: create a test with a
// text patch on the demo storefront for newsletter readers only (an audience rule), preview the variant
// through its link, start the test, see a direct visitor left out and a shopper from the newsletter in a
// fresh browser assigned an arm and convert, find the conversion in the results, pause, complete.
// Screenshots of the main pages land in screenshots/ (git-ignored), for a person to look at.
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { collectPageProblems, hydrated, saveScreenshot } from "../support/browser";
import { useDemoInChromium } from "../support/demo-in-chromium";
import { parseCsv } from "../support/csv";

const ORIGINAL = "Small-batch mugs, bowls and plates, fired in our studio.";
const VARIANT = "Free shipping on every order, this week only.";
const TEST_NAME = "Free shipping in the lede";

/** Every request the page makes to svc's event endpoints. */
function eventRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on("request", (req) => {
    if (/\/api\/(events|collect)/.test(req.url())) seen.push(req.url());
  });
  return seen;
}

/** The results export's summary rows for `goal`, by arm key (the admin's own CSV door). */
async function resultsByArm(page: Page, testId: string, goal: string) {
  const text = await page.evaluate(async (url) => (await fetch(url)).text(), `/app/tests/${testId}/export.csv`);
  const [header, ...rows] = parseCsv(text);
  const col = (name: string) => header!.indexOf(name);
  return Object.fromEntries(
    rows
      .filter((r) => r[col("goal")] === goal)
      .map((r) => [r[col("arm_key")]!, { visitors: Number(r[col("visitors")]), conversions: Number(r[col("conversions")]) }]),
  );
}

describe("a merchant's path in the demo admin (Chromium)", () => {
  const demo = useDemoInChromium();

  it("creates, previews, starts, counts, pauses and completes a test", async () => {
    const { server, browser } = demo;
    const merchant = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const admin = await merchant.newPage();
    const adminProblems = collectPageProblems(admin);

    // 1. The tests list, then a new test from its primary action.
    await admin.goto(`${server.url}/app`, { waitUntil: "networkidle" });
    await saveScreenshot(admin, "01-tests-list");
    await admin.getByRole("link", { name: "Create test" }).first().click();
    await admin.getByRole("heading", { name: "New test" }).waitFor();
    // The link is a full page load: the server's HTML shows the heading before React has hydrated the form,
    // and a value typed before hydration is lost ("Give the test a name" on Create, seen on a loaded machine).
    await hydrated(admin);
    await admin.getByLabel("Name", { exact: true }).fill(TEST_NAME);
    await admin.getByLabel("Hypothesis").fill("Saying shipping is free up front gets more sign-ups");
    await admin.getByLabel("Rule 1 kind").selectOption("exact");
    await admin.getByLabel("Rule 1 path").fill("/demo");
    await admin.getByLabel("CSS selector").fill("#lede");
    await admin.getByLabel("New text").fill(VARIANT);
    await admin.getByLabel("Goal label").fill("signup");
    // Its audience: only visitors who land from the newsletter enter the test (docs/audiences.md).
    await admin.getByRole("button", { name: "Add audience rule" }).click();
    await admin.getByLabel("Audience rule 1 reads").selectOption("utm");
    await admin.getByLabel("Audience rule 1 values").fill("newsletter");
    await admin.getByText("Who matches: Landed this session with utm_source = newsletter").waitFor();
    const check = admin.locator("[data-svc-audience-check]");
    await check.getByText("Does not match", { exact: true }).waitFor();
    await admin.getByLabel("Page URL (the landing page, with its query)").fill(`${server.url}/demo?utm_source=newsletter`);
    await check.getByText("Matches", { exact: true }).waitFor();
    await saveScreenshot(admin, "02-test-editor");
    await admin.getByRole("button", { name: "Create test" }).click();
    // Created: the editor opens on the stored test (its toast may be gone by the time a loaded machine looks).
    // Remix navigates in the page (history.pushState): watch the address, not a load event.
    await admin.waitForFunction(() => /^\/app\/tests\/[A-Za-z0-9_-]+\/edit$/.test(location.pathname), null, { timeout: 60_000 });
    await admin.getByRole("heading", { name: TEST_NAME }).waitFor();
    const testId = decodeURIComponent(new URL(admin.url()).pathname.split("/")[3]!);

    // 2. On the test's page, preview the variant through its link: the merchant's own browser sees it,
    // and nothing is recorded.
    await admin.locator(".Polaris-Page").getByRole("link", { name: "Results" }).click();
    await admin.waitForURL(`${server.url}/app/tests/${encodeURIComponent(testId)}`);
    await admin.getByRole("heading", { name: "Preview" }).waitFor();
    await saveScreenshot(admin, "03-draft-test");
    const [preview] = await Promise.all([
      merchant.waitForEvent("page"),
      admin.getByRole("link", { name: /Open preview of Variant/ }).click(),
    ]);
    const previewEvents = eventRequests(preview);
    await preview.waitForLoadState("load");
    // The merchant's browser is a visitor like any other: it answers the consent prompt first.
    await preview.getByRole("button", { name: "Allow" }).click();
    await preview.waitForFunction((text) => document.querySelector("#lede")?.textContent === text, VARIANT, { timeout: 15_000 });
    await saveScreenshot(preview, "04-preview");
    await preview.close();
    expect(previewEvents).toEqual([]);

    // 3. Start it from the same page.
    await admin.getByRole("button", { name: "Start test" }).click();
    await admin.getByText("Running", { exact: true }).first().waitFor();

    // 4. A visitor who did not come from the newsletter is outside the audience: the page stays as it is.
    const directContext = await browser.newContext();
    const direct = await directContext.newPage();
    await direct.goto(`${server.url}/demo`);
    await direct.getByRole("button", { name: "Allow" }).click();
    await direct.waitForFunction(() => typeof (window as { svc?: unknown }).svc === "object", null, { timeout: 15_000 });
    expect(await direct.locator("#lede").textContent()).toBe(ORIGINAL);
    await direct.goto("about:blank");
    await directContext.close();

    // A shopper in a fresh browser, landing from the newsletter: consent, an arm by normal assignment, a sign-up.
    const shopperContext = await browser.newContext();
    const shopper = await shopperContext.newPage();
    const shopperErrors: string[] = [];
    shopper.on("pageerror", (error) => shopperErrors.push(error.message));
    await shopper.goto(`${server.url}/demo?utm_source=newsletter`);
    await shopper.getByRole("button", { name: "Allow" }).click();
    await shopper.waitForFunction(() => typeof (window as { svc?: unknown }).svc === "object", null, { timeout: 15_000 });
    const lede = await shopper.locator("#lede").textContent();
    expect([ORIGINAL, VARIANT]).toContain(lede);
    const armKey = lede === VARIANT ? "b" : "control";
    await saveScreenshot(shopper, "05-storefront");
    await shopper.getByLabel("Email").fill("shopper@example.com");
    await shopper.getByRole("button", { name: "Sign up" }).click();
    await expect(shopper.locator("output").textContent()).resolves.toContain("Thanks");
    await shopper.goto("about:blank"); // leaving flushes the batch (sendBeacon on pagehide)
    await shopperContext.close();
    expect(shopperErrors).toEqual([]);

    // 5. The results count the shopper, for the arm they saw, and nobody from the preview or outside the audience.
    let counted: Record<string, { visitors: number; conversions: number }> = {};
    for (let i = 0; i < 40 && counted[armKey]?.conversions !== 1; i++) {
      counted = await resultsByArm(admin, testId, "signup");
      if (counted[armKey]?.conversions !== 1) await admin.waitForTimeout(250);
    }
    expect(counted[armKey]).toEqual({ visitors: 1, conversions: 1 });
    const other = armKey === "b" ? "control" : "b";
    expect(counted[other]).toEqual({ visitors: 0, conversions: 0 });
    await admin.reload({ waitUntil: "networkidle" });
    await admin.getByRole("heading", { name: TEST_NAME }).waitFor();
    await saveScreenshot(admin, "06-results");

    // 6. Pause, then complete with a declared winner; the results stay readable.
    await admin.getByRole("button", { name: "Pause" }).click();
    await admin.getByText("Paused", { exact: true }).first().waitFor();
    await admin.getByRole("button", { name: "Complete test" }).click();
    const dialog = admin.getByRole("dialog");
    await dialog.getByText("Which arm won?").waitFor();
    // Polaris draws its own radio over a visually hidden input: choose by the label, as a merchant does.
    await dialog.getByText("Variant B", { exact: true }).click();
    // One visitor decides nothing: declaring a winner anyway is the merchant's own call, said and confirmed.
    await dialog.getByText("The data has not decided this test: Variant B is not shown to be better than the original.").waitFor();
    await dialog.getByLabel("Complete this way anyway: this is my decision, not the data's").check();
    await dialog.getByRole("button", { name: "Complete test" }).click();
    await admin.getByText("Test completed").waitFor();
    // One visitor names no winner: the decision says so beside the declared one, with each arm's figures.
    await admin.locator("[data-decision-state]").getByText("You declared Variant B the winner, but the data does not name it.").waitFor();
    await admin.reload({ waitUntil: "networkidle" });
    await expect(admin.getByText("Completed", { exact: true }).first().isVisible()).resolves.toBe(true);
    expect(await resultsByArm(admin, testId, "signup")).toEqual(counted);
    await saveScreenshot(admin, "07-completed");

    // 7. The list shows the test as completed.
    await admin.goto(`${server.url}/app`, { waitUntil: "networkidle" });
    await admin.getByRole("link", { name: TEST_NAME }).first().waitFor();
    await saveScreenshot(admin, "08-tests-list-after");
    expect(adminProblems).toEqual([]);
    await merchant.close();
  });
});
