// A variant whose checkout is broken, in Chromium (issue 34): a running test on the demo site whose variant had no
// purchases from 3,000 visitors while control had 150 from 3,000, honest traffic from 60 networks per arm, with
// purchases as its guardrail. The schedule job runs once at start-up and then not for an hour, so ONE pass must
// pause it (the outage test: stats/outage.ts), and its results page says what happened, in the pause banner and
// above the numbers, with the decision to keep the original.
import { describe, expect, it } from "vitest";
import { DEMO_SITE_ID } from "~/demo/constants";
import { collectPageProblems, saveScreenshot } from "../support/browser";
import { useDemoInChromium } from "../support/demo-in-chromium";
import { networkRowsFor, purchaseRows, seedRows, seedTest, ago } from "../support/seed";

const TEST_ID = "broken-checkout";

describe("a broken variant paused by one schedule pass, on its results page in Chromium", () => {
  const demo = useDemoInChromium("pglite", {
    // The start-up pass, then none for an hour: whatever is paused was paused by that one pass.
    env: { SVC_SCHEDULE_EVERY_SECONDS: "3600" },
    async seed(sql) {
      await seedTest(sql, {
        id: TEST_ID,
        site: DEMO_SITE_ID,
        name: "One-page checkout",
        status: "running",
        startedAt: ago("3 days"),
        pages: ["/broken-checkout"],
        goals: [{ label: "purchase", kind: "purchase", isGuardrail: true }],
      });
      const [site] = await sql.query<{ id: string }>(`SELECT id FROM "Site" WHERE "publicId" = $1`, [DEMO_SITE_ID]);
      const rows = [...purchaseRows(`${TEST_ID}-a`, 150, 3_000), ...purchaseRows(`${TEST_ID}-b`, 0, 3_000)].map((r) => ({ ...r, siteId: site!.id, testId: TEST_ID }));
      await seedRows(sql, "DailyRollup", rows);
      // Honest traffic: 50 visitors from each of 60 networks per arm, what the robust view wants before svc acts alone.
      await seedRows(sql, "NetworkRollup", networkRowsFor(rows, 60));
    },
  });

  it("is paused, says what happened in one sentence, and keeps the original", async () => {
    const page = await demo.browser.newPage();
    const problems = collectPageProblems(page);
    const banner = page.locator(".Polaris-Banner", { hasText: "svc paused this test" });
    // The start-up pass runs beside the server's first requests: give it a few seconds, never a second pass.
    const deadline = Date.now() + 30_000;
    for (;;) {
      await page.goto(`${demo.server.url}/app/tests/${TEST_ID}`, { waitUntil: "networkidle" });
      if ((await banner.count()) > 0 || Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    const passes = demo.server.output().split("\n").filter((line) => line.includes("schedule: "));
    expect(passes.filter((line) => line.includes("paused by a guardrail"))).toEqual([expect.stringMatching(/paused by a guardrail 1,/)]);

    await expect(banner.innerText()).resolves.toMatch(
      /Guardrail: "Variant B" had no "purchase" conversions from 3,000 visitors while "Original" had 150 from 3,000 \(5\.00%\): chance does not explain that \(p < 0\.001, always valid at 99\.33%, one of 3 checks sharing this test's 2% budget for a false pause\), so svc paused the test and no more visitors see it\./,
    );
    // Above the numbers, the same fact in the page's words, and the decision that follows from the outage test.
    await expect(page.locator("[data-svc-outage]").innerText()).resolves.toContain(
      'Variant B had no "purchase" conversions from 3,000 visitors while Original had 150 from 3,000 (5.00%). Chance does not explain a difference this large. Check that Variant B works',
    );
    await expect(page.locator("[data-decision-state]").getAttribute("data-decision-state")).resolves.toBe("keep-control");
    const variantRow = page.getByRole("region", { name: "purchase", exact: true }).locator("table").first().locator("tbody tr").nth(1);
    await expect(variantRow.innerText()).resolves.toMatch(/[-−]100\.0%[\s\S]*no interval: one side converted nobody or everybody[\s\S]*Decided: worse[\s\S]*< 0\.001/);
    await saveScreenshot(page, "results-guardrail-outage");
    expect(problems).toEqual([]);
    await page.close();
  });
});
