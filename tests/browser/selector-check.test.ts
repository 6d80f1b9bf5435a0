// The pre-start selector check in Chromium on the local demo: a draft whose variant has one selector the demo
// storefront has and one it has not; "Check selectors" on the test's page opens the storefront with a check
// token, the editor's code counts and reports, and the page warns naming only the missing one; Start anyway
// still starts the test.
import { describe, expect, it } from "vitest";
import { DEMO_SITE_ID } from "~/demo/constants";
import { saveScreenshot } from "../support/browser";
import { databaseKinds } from "../support/databases";
import { useDemoInChromium } from "../support/demo-in-chromium";
import { seedTest } from "../support/seed";

const TEST_ID = "sc-demo";
const kind = databaseKinds.includes("postgres") ? "postgres" : "pglite";
const WARNING = "Arm 'Bold button': 'Hide elements' selector `.promo-bar` matched nothing on /demo";

describe(`selector check on the demo storefront (${kind})`, () => {
  const demo = useDemoInChromium(kind, {
    async seed(sql) {
      await seedTest(sql, {
        id: TEST_ID,
        site: DEMO_SITE_ID,
        name: "Promo off",
        pages: ["/demo"],
        goals: ["signup"],
        arms: [{}, { name: "Bold button", patches: [{ op: "hide", sel: ".promo-bar" }, { op: "class", sel: "button.cta", add: ["bold"] }] }],
      });
    },
  });

  it("warns on the selector that matched nothing on the page, only that one, and Start anyway still starts", async () => {
    const context = await demo.browser.newContext();
    try {
      const admin = await context.newPage();
      await admin.goto(`${demo.server.url}/app/tests/${TEST_ID}`, { waitUntil: "networkidle" });
      await admin.getByText("Check the selectors before you start").waitFor();
      await expect(admin.getByLabel("Page to check on").inputValue()).resolves.toBe(`${demo.server.url}/demo`);
      // Before any check, Start is just Start.
      await admin.getByRole("button", { name: "Start test" }).waitFor();

      const [store] = await Promise.all([context.waitForEvent("page"), admin.getByRole("button", { name: "Check selectors" }).click()]);
      const problems: string[] = [];
      store.on("pageerror", (error) => problems.push(error.message));
      store.on("response", (res) => {
        if (res.status() >= 400 && new URL(res.url()).pathname !== "/favicon.ico") problems.push(`${res.status()} ${res.url()}`);
      });
      await store.waitForURL(/\/demo/);
      // The token leaves the address bar at once; the page shows the check's note, not the editor's panel.
      const note = store.getByRole("status", { name: "svc selector check" });
      await note.waitFor({ timeout: 20_000 });
      await expect(note.textContent()).resolves.toMatch(/^svc checked 2 changes on this page: 1 of 2 matched nothing\./);
      expect(store.url()).not.toContain("svc-editor");
      await expect(store.locator("svc-editor").count()).resolves.toBe(0);
      // Nothing of the variant is applied to the page while it is checked.
      await expect(store.locator("button.cta").getAttribute("class")).resolves.toBe("cta");

      // The test's page picks the result up by itself.
      const banner = admin.getByText("1 change matched nothing on /demo");
      await banner.waitFor({ timeout: 20_000 });
      await admin.getByText(WARNING).waitFor();
      await expect(admin.getByText("button.cta").count()).resolves.toBe(0);
      await admin.getByRole("button", { name: "Check again" }).waitFor();
      await saveScreenshot(admin, "selector-check-warning");
      expect(problems).toEqual([]);
      await store.close();

      // A warning, not a block: Start anyway starts the test. The demo's running test changes #headline on the
      // same page, which .promo-bar or button.cta could name: only the page can tell, so the merchant confirms.
      await admin.getByRole("button", { name: "Start anyway" }).click();
      const overlap = admin.getByRole("dialog");
      await overlap.getByText(/“Demo: headline” runs on \/demo and may change the same element under another selector \(\.promo-bar ∩ #headline, button\.cta ∩ #headline\)/).waitFor({ timeout: 10_000 });
      await overlap.getByLabel("These tests are independent: a visitor may be in both").check();
      await overlap.getByRole("button", { name: "Start anyway" }).click();
      await admin.getByText("Running", { exact: true }).first().waitFor();
      await admin.reload({ waitUntil: "networkidle" });
      await admin.getByText("Running", { exact: true }).first().waitFor();
      // The last check stays on the test's page.
      await admin.getByText(WARNING).waitFor();
    } finally {
      await context.close();
    }
  });
});
