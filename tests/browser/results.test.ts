// The results page in Chromium on real traffic: synthetic visitors go through the snippet's endpoints,
// then the page must show exactly what was posted, draw its charts, and export the same numbers as CSV.
import { readFile } from "node:fs/promises";
import { beforeAll, describe, expect, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import { collectPageProblems, saveScreenshot } from "../support/browser";
import { csvObjects } from "../support/csv";
import { useDemoInChromium } from "../support/demo-in-chromium";
import { batch, conversion, exposure, getPatches, newId, postBatch, postBatchFrom } from "../support/snippet-client";

const SITE = "demo";
const TEST = "demo-headline";
const ARMS = { "demo-headline-a": "Original headline", "demo-headline-b": "Benefit headline" } as const;
type ArmId = keyof typeof ARMS;
const GOALS = ["signup", "purchase"] as const;
type Goal = (typeof GOALS)[number];
const VISITORS = 60;
const DAYS = 5;
const DAY_MS = 24 * 3600 * 1000;

interface Tally {
  visitors: number;
  conversions: Record<Goal, number>;
  revenue: number;
}

/** "1,234" → 1234; the page prints integers with grouping. */
const integerOf = (text: string) => Number(text.replace(/[^\d-]/g, ""));

/** Posts one visitor: learn the arm like the snippet does, then report the exposure and conversions. */
async function postVisitor(baseUrl: string, index: number) {
  const vid = newId();
  const sid = newId();
  const patches = await getPatches(baseUrl, SITE, vid, sid);
  expect(patches.status).toBe(200);
  const body = (await patches.json()) as { tests: Array<{ test: string; arm: string }> };
  const arm = body.tests.find((t) => t.test === TEST)?.arm as ArmId | undefined;
  if (!arm) return null;
  // A spread of behaviour: a third sign up, a quarter buy (some do both), with whole-dollar values.
  const signup = index % 3 === 0;
  const purchase = index % 4 === 1;
  const value = purchase ? 10 + (index % 7) * 5 : 0;
  // Spread over the last five days (the server keeps the client's event ages) so the charts have a history.
  const ts = Date.now() - (index % DAYS) * DAY_MS;
  const events = [
    { ...exposure(TEST, arm), ts, msToApply: 20 + (index % 9) * 15, msHidden: index % 2 === 0 ? 0 : 5 + (index % 5) * 10 },
    ...(signup ? [{ ...conversion("signup"), ts: ts + 1000 }] : []),
    ...(purchase ? [{ ...conversion("purchase", value), ts: ts + 2000 }] : []),
  ];
  const res = await postBatch(baseUrl, batch(SITE, vid, sid, events));
  expect(res.status).toBe(200);
  expect(await res.json()).toMatchObject({ accepted: events.length, rejected: 0 });
  return { arm, signup, purchase, value };
}

/** The goal's conversion table as {arm name → column → text}, columns named by their headings. */
async function readGoalTable(page: Page, goal: string): Promise<Map<string, Record<string, string>>> {
  const table = page.getByRole("region", { name: goal, exact: true }).locator("table").first();
  const headings = await table.locator("thead tr").first().locator("th").allInnerTexts();
  const result = new Map<string, Record<string, string>>();
  for (const row of await table.locator("tbody tr").all()) {
    const cells = await row.locator("th, td").allInnerTexts();
    const name = Object.values(ARMS).find((armName) => cells[0]?.startsWith(armName));
    if (!name) throw new Error(`unexpected row ${cells.join(" | ")}`);
    result.set(name, Object.fromEntries(headings.map((h, i) => [h.trim(), (cells[i] ?? "").trim()])));
  }
  return result;
}

async function download(page: Page, link: Locator): Promise<string> {
  const [file] = await Promise.all([page.waitForEvent("download"), link.click()]);
  const path = await file.path();
  return readFile(path, "utf8");
}

describe("results page in Chromium", () => {
  const demo = useDemoInChromium("pglite", {
    env: { SVC_MISUSE_POLICY: "minVisitors=3,minNetworks=3,minSpanSeconds=1" },
    // The visitors below are spread over the last five days, and nothing dated before a test's start counts
    // for it (per-visitor attribution): the demo test started a week ago here (re-seeding keeps a start).
    seed: async (sql) => {
      await sql.query(`UPDATE "Test" SET "startedAt" = now() - interval '7 days' WHERE id = $1`, [TEST]);
    },
  });
  const tally = new Map<ArmId, Tally>(
    (Object.keys(ARMS) as ArmId[]).map((id) => [id, { visitors: 0, conversions: { signup: 0, purchase: 0 }, revenue: 0 }]),
  );

  beforeAll(async () => {
    // A fresh visitor id each: the per-visitor limit (60, then 1/s) must never drop a batch.
    for (let start = 0; start < VISITORS; start += 10) {
      const posted = await Promise.all(
        Array.from({ length: Math.min(10, VISITORS - start) }, (_, k) => postVisitor(demo.server.url, start + k)),
      );
      for (const visitor of posted) {
        if (!visitor) continue;
        const t = tally.get(visitor.arm);
        if (!t) throw new Error(`unknown arm ${visitor.arm}`);
        t.visitors += 1;
        if (visitor.signup) t.conversions.signup += 1;
        if (visitor.purchase) t.conversions.purchase += 1;
        t.revenue += visitor.value;
      }
    }
  });

  it("posted traffic reached both arms", () => {
    const total = [...tally.values()].reduce((sum, t) => sum + t.visitors, 0);
    expect(total).toBe(VISITORS);
    for (const t of tally.values()) expect(t.visitors).toBeGreaterThan(0);
  });

  it("shows the verdict, each arm's numbers, the charts, and exports the same numbers as CSV", async () => {
    const context = await demo.browser.newContext({ acceptDownloads: true, viewport: { width: 1400, height: 1000 } });
    const page = await context.newPage();
    const errors = collectPageProblems(page);
    await page.goto(`${demo.server.url}/app/tests/${TEST}`, { waitUntil: "networkidle" });

    await expect(page.getByRole("heading", { name: "Demo: headline" }).isVisible()).resolves.toBe(true);
    // One decision at the top: 60 visitors leave every arm below the 100 the page waits for.
    const decision = page.locator("[data-decision-state]");
    await expect(decision.getAttribute("data-decision-state")).resolves.toBe("collecting");
    expect(await decision.innerText()).toMatch(/^Collecting data/);

    // Every goal's table shows exactly what was posted, arm by arm.
    const pageNumbers = new Map<string, { visitors: number; conversions: number }>();
    for (const goal of GOALS) {
      const table = await readGoalTable(page, goal);
      for (const [armId, name] of Object.entries(ARMS) as Array<[ArmId, string]>) {
        const row = table.get(name);
        const t = tally.get(armId);
        if (!row || !t) throw new Error(`no row for ${name} in ${goal}`);
        // "converted / visitors" in one column, so the decision's columns fit the embedded admin's width.
        const visitors = integerOf((row["Converted / visitors"] ?? "").split("/")[1] ?? "");
        const conversions = integerOf(row["Conversions"] ?? "");
        expect({ goal, name, visitors, conversions }).toEqual({
          goal, name, visitors: t.visitors, conversions: t.conversions[goal],
        });
        pageNumbers.set(`${goal}/${armId}`, { visitors, conversions });
      }
    }
    // Under the primary goal's table, the page says which prior chance to win assumes: the demo shop has completed
    // no test, so its setting (the default 2%: ±4% for 19 lifts in 20).
    const prior = page.locator("[data-svc-chance-prior]");
    expect(await prior.count()).toBe(1);
    await expect(prior.getAttribute("data-svc-chance-prior")).resolves.toBe("setting");
    expect(await page.getByRole("region", { name: "signup", exact: true }).locator("[data-svc-chance-prior]").innerText()).toBe(
      "Chance to win assumes 19 real lifts in 20 fall within ±4%, your setting; it is learned from your completed tests once 10 have finished (0 so far).",
    );

    // Purchases carried values: the revenue table prints them in the site's currency.
    const purchase = page.getByRole("region", { name: "purchase", exact: true });
    const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
    for (const [armId, name] of Object.entries(ARMS) as Array<[ArmId, string]>) {
      const revenueRow = purchase.locator("table").nth(1).locator("tbody tr", { hasText: name });
      expect(await revenueRow.innerText()).toContain(usd.format(tally.get(armId)?.revenue ?? NaN));
    }

    // polaris-viz draws after hydration; its SVGs live in the chart figures.
    await page.locator("figure svg").first().waitFor({ state: "visible", timeout: 15_000 });
    expect(await page.locator("figure svg").count()).toBeGreaterThanOrEqual(3);
    await expect(page.getByRole("heading", { name: "Cumulative conversion rate" }).isVisible()).resolves.toBe(true);
    await expect(page.getByText("Flicker cost", { exact: true }).isVisible()).resolves.toBe(true);
    await expect(page.getByText("How long to go", { exact: true }).isVisible()).resolves.toBe(true);

    // No raw floats: no decimal fraction with four or more significant digits anywhere on the page.
    expect(await page.locator("body").innerText()).not.toMatch(/\d\.0*[1-9]\d{3,}/);
    await saveScreenshot(page, "results-page");

    // The summary CSV, downloaded through the page's own button, agrees with the page.
    const summary = csvObjects(await download(page, page.getByRole("button", { name: "Download summary (CSV)" })));
    for (const goal of GOALS) {
      for (const armId of Object.keys(ARMS) as ArmId[]) {
        const row = summary.find((r) => r.goal === goal && r.arm_id === armId);
        expect(row, `${goal}/${armId} in the CSV`).toBeDefined();
        expect({ visitors: Number(row?.visitors), conversions: Number(row?.conversions) }).toEqual(
          pageNumbers.get(`${goal}/${armId}`),
        );
        if (goal === "purchase") expect(Number(row?.revenue)).toBe(tally.get(armId)?.revenue);
      }
    }

    // The daily CSV adds up to the same visitors and conversions.
    const daily = csvObjects(await download(page, page.getByRole("button", { name: "Download daily figures (CSV)" })));
    for (const armId of Object.keys(ARMS) as ArmId[]) {
      const rows = daily.filter((r) => r.arm_id === armId);
      const sum = (goal: string, column: string) =>
        rows.filter((r) => r.goal === goal).reduce((total, r) => total + Number(r[column]), 0);
      expect(sum("", "exposed_visitors")).toBe(tally.get(armId)?.visitors);
      for (const goal of GOALS) expect(sum(goal, "conversions")).toBe(tally.get(armId)?.conversions[goal]);
    }

    expect(errors).toEqual([]);
    await context.close();
  });

  it("lists the test on the home page and links to its results", async () => {
    const page = await demo.browser.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    await page.goto(`${demo.server.url}/app`, { waitUntil: "networkidle" });
    const row = page.locator("tr", { hasText: "Demo: headline" });
    expect(await row.innerText()).toContain("Running");
    await row.getByRole("link", { name: "Demo: headline" }).click();
    await page.waitForURL(`${demo.server.url}/app/tests/${TEST}`);
    await page.getByRole("region", { name: "signup", exact: true }).waitFor();
    // Back to the list through the page's back action (the app's navigation has a "Tests" link too).
    await page.locator(".Polaris-Page").getByRole("link", { name: "Tests" }).click();
    await page.waitForURL(`${demo.server.url}/app`);
    expect(errors).toEqual([]);
    await page.close();
  });

  // Last: it pauses the demo's headline test for good.
  it("warns on the home page when svc paused a test, with the reason", async () => {
    // Visitors of the demo page, from three networks over more than the (scaled-down) minimum span, claim
    // the arm they were not given: the misuse monitor pauses that test alone.
    for (const [k, network] of ["127.0.51.1", "127.0.52.1", "127.0.53.1"].entries()) {
      if (k === 2) await new Promise((resolve) => setTimeout(resolve, 1_100));
      const vid = newId();
      const sid = newId();
      const body = (await (await getPatches(demo.server.url, SITE, vid, sid)).json()) as { tests: Array<{ test: string; arm: string }> };
      const given = body.tests.find((t) => t.test === TEST)?.arm;
      const other = Object.keys(ARMS).find((arm) => arm !== given) ?? "";
      const res = await postBatchFrom(demo.server.url, batch(SITE, vid, sid, Array.from({ length: 10 }, () => exposure(TEST, other))), {
        origin: new URL(demo.server.url).origin,
        from: network,
      });
      expect(res.status).toBe(200);
    }
    const page = await demo.browser.newPage();
    await page.goto(`${demo.server.url}/app`, { waitUntil: "networkidle" });
    const banner = page.locator(".Polaris-Banner", { hasText: 'svc paused "Demo: headline"' });
    await expect(banner.isVisible()).resolves.toBe(true);
    expect(await banner.innerText()).toContain("window.svc.exposure");
    expect(await page.locator(".Polaris-Banner", { hasText: "This site's tests are paused" }).count()).toBe(0);
    expect(await page.locator("tr", { hasText: "Demo: headline" }).innerText()).toContain("Paused");
    await page.close();
  });

  it("answers an unknown test with a not-found page", async () => {
    const page = await demo.browser.newPage();
    const res = await page.goto(`${demo.server.url}/app/tests/no-such-test`);
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Test not found" }).isVisible()).resolves.toBe(true);
    await page.close();
  });
});
