// A test's schedule and Shopify Rollouts in Chromium on the local demo (issue 22): a draft scheduled from its
// page's Schedule card is served on /demo from its start and no longer after its end (the schedule job runs
// every second here, so the times are seconds away rather than a moved clock, and the test polls for each
// change; the pass at moments chosen to the second is tests/integration/schedule-pass.test.ts's), the tests list says so at a
// glance, and the demo shop's scheduled theme rollout is warned of on the Shopify storefront's test only.
import { describe, expect, it } from "vitest";
import type { BrowserContext } from "playwright-core";
import { DEMO_SHOPIFY_TEST_ID, DEMO_SITE_ID, DEMO_TEST_ID } from "~/demo/constants";
import { utcToZonedInput } from "~/domain/experiments/schedule";
import type { PatchesResponse } from "~/wire";
import { collectPageProblems, hydrated } from "../support/browser";
import { useDemoInChromium } from "../support/demo-in-chromium";
import { seedTest } from "../support/seed";
import { getPatches, newId } from "../support/snippet-client";

const TEST_ID = "sched-demo";
const kind = "pglite";

describe(`schedule and rollouts on the demo (${kind})`, () => {
  const demo = useDemoInChromium(kind, {
    env: { SVC_SCHEDULE_EVERY_SECONDS: "1" },
    async seed(sql) {
      await seedTest(sql, {
        id: TEST_ID,
        site: DEMO_SITE_ID,
        name: "Scheduled lede",
        pages: ["/demo"],
        goals: ["signup"],
        arms: [{}, { name: "Short lede", patches: [{ op: "text", sel: "#lede", value: "Fired in small batches." }] }],
      });
    },
  });

  /** The tests /api/patches serves a new shopper on /demo, read off the page's own request after consent. */
  async function servedOnDemo(): Promise<string[]> {
    const context: BrowserContext = await demo.browser.newContext();
    try {
      const page = await context.newPage();
      // Uncaught errors only: Chromium logs the demo page's missing favicon as a console error.
      const problems: string[] = [];
      page.on("pageerror", (error) => problems.push(error.message));
      const answer = page.waitForResponse((res) => new URL(res.url()).pathname === "/api/patches", { timeout: 15_000 });
      await page.goto(`${demo.server.url}/demo`);
      await page.getByRole("button", { name: "Allow" }).click();
      const body = (await (await answer).json()) as PatchesResponse;
      expect(problems).toEqual([]);
      return body.tests.map((t) => t.test);
    } finally {
      await context.close();
    }
  }

  /**
   * Polls what /api/patches serves a new visitor until `served` holds (the schedule job's pass, a second apart,
   * and no longer), then answers the time it first held; Chromium then checks the page itself once.
   */
  async function until(served: (tests: string[]) => boolean, withinMs: number): Promise<number> {
    const deadline = Date.now() + withinMs;
    for (;;) {
      const answer = (await (await getPatches(demo.server.url, DEMO_SITE_ID, newId())).json()) as PatchesResponse;
      if (served(answer.tests.map((t) => t.test))) return Date.now();
      if (Date.now() > deadline) throw new Error(`/api/patches did not change as expected within ${withinMs} ms: ${JSON.stringify(answer.tests)}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  it("starts a draft at the time set on its page and completes it at its end, served only in between", async () => {
    const context = await demo.browser.newContext();
    try {
      const admin = await context.newPage();
      const problems = collectPageProblems(admin);
      await admin.goto(`${demo.server.url}/app/tests/${TEST_ID}`, { waitUntil: "networkidle" });
      await hydrated(admin);
      const zone = /time zone \(([^)]+)\)/.exec(await admin.getByText("Times are in the shop's time zone").innerText())?.[1];
      expect(zone).toBeTruthy();
      // Whole seconds: the form keeps no milliseconds.
      const startAt = Math.ceil((Date.now() + 10_000) / 1000) * 1000;
      // Long enough for a pass to start it and Chromium to see it served before its end, on a loaded machine.
      const endAt = startAt + 8_000;
      const local = (at: number) => `${utcToZonedInput(new Date(at), zone!)}:${String(new Date(at).getUTCSeconds()).padStart(2, "0")}`;
      await admin.getByLabel("Start at").fill(local(startAt));
      await admin.getByLabel("End at").fill(local(endAt));
      await admin.getByRole("button", { name: "Save schedule" }).click();
      await admin.getByText("Schedule saved").waitFor();
      // The decision at the top says when the draft starts, in the shop's zone, not only that it has not.
      const wall = new Date(`${utcToZonedInput(new Date(startAt), zone!)}Z`);
      const starts = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", hour: "numeric", minute: "2-digit", timeZone: "UTC" }).format(wall);
      await admin.locator("[data-decision-state]").getByText(`Starts ${starts} (${zone})`, { exact: true }).waitFor();

      await admin.goto(`${demo.server.url}/app`, { waitUntil: "networkidle" });
      await hydrated(admin);
      const row = admin.locator(".Polaris-IndexTable__TableRow", { hasText: "Scheduled lede" });
      await expect(row.innerText()).resolves.toMatch(/Draft[\s\S]*Starts .*· Ends /);

      expect(Date.now()).toBeLessThan(startAt);
      expect(await servedOnDemo()).toEqual([DEMO_TEST_ID]);

      expect(await until((tests) => tests.includes(TEST_ID), startAt + 10_000 - Date.now())).toBeGreaterThanOrEqual(startAt);
      expect(Date.now()).toBeLessThan(endAt);
      expect((await servedOnDemo()).sort()).toEqual([DEMO_TEST_ID, TEST_ID].sort());

      expect(await until((tests) => !tests.includes(TEST_ID), endAt + 10_000 - Date.now())).toBeGreaterThanOrEqual(endAt);
      expect(await servedOnDemo()).toEqual([DEMO_TEST_ID]);
      await admin.goto(`${demo.server.url}/app/tests/${TEST_ID}`, { waitUntil: "networkidle" });
      await hydrated(admin);
      await admin.getByText("svc completed this test at its scheduled end.").waitFor();
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("warns of the demo shop's scheduled theme rollout on the Shopify storefront's test, not on the web site's", async () => {
    const page = await demo.browser.newPage();
    const problems = collectPageProblems(page);
    await page.goto(`${demo.server.url}/app/tests/${DEMO_SHOPIFY_TEST_ID}`, { waitUntil: "networkidle" });
    await hydrated(page);
    await page.getByText("A Shopify rollout touches this test").waitFor();
    const warning = await page.getByText('Shopify rollout "Winter theme"').innerText();
    expect(warning).toContain('is scheduled to show the theme "Winter 2026" to 20% of buyers');
    expect(warning).toMatch(/Its traffic: 20% of buyers \(scheduled\); this test's: \d+% of visitors on its pages\./);
    await page.goto(`${demo.server.url}/app/tests/${DEMO_TEST_ID}`, { waitUntil: "networkidle" });
    await hydrated(page);
    await page.getByRole("heading", { name: "Demo: headline" }).first().waitFor();
    await expect(page.getByText("Shopify rollout").count()).resolves.toBe(0);
    expect(problems).toEqual([]);
    await page.close();
  });
});
