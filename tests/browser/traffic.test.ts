// Groups and the store-wide holdout on the demo storefront (docs/traffic.md): two tests of one group on
// /demo never both reach a visitor over 1,000 simulated visitors, each gets its share within 3 points, and
// Chromium visitors see what /api/patches says; then a holdout visitor sees no test on /demo at all, and the
// holdout page counts them and says what it reads.
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { inHoldout } from "~/wire/rules/traffic-split";
import type { PatchesResponse } from "~/wire";
import { saveScreenshot } from "../support/browser";
import { useDemoInChromium } from "../support/demo-in-chromium";
import { seedRows, seedTest } from "../support/seed";
import { getPatches, getPatchesFrom } from "../support/snippet-client";

// The demo site's row id, fixed so that the split (hashed from it) is the same on every run: the 1,000
// visitors below are then always the same 1,000, and the check cannot flake.
const SITE_ROW = "traffic-demo-site";
const GROUP = "traffic-group";
const A = "group-a";
const B = "group-b";
const SHARE = 50;
const VISITORS = 1000;
const ORIGINAL_HEADLINE = "Handmade ceramics for everyday use";
const ORIGINAL_LEDE = "Small-batch mugs, bowls and plates, fired in our studio.";
const A_LEDE = "Lede of group test A";

async function served(baseUrl: string, vid: string): Promise<PatchesResponse> {
  const res = await getPatches(baseUrl, "demo", vid);
  expect(res.status).toBe(200);
  return (await res.json()) as PatchesResponse;
}

/**
 * The same, from the `n`th of 200 loopback networks: a thousand visitors are a thousand shoppers, not one
 * address, whose /api/patches budget (docs/api.md, Limits) they would spend.
 */
const servedFrom = (baseUrl: string, vid: string, n: number) =>
  getPatchesFrom(baseUrl, "demo", `127.0.${10 + (n % 200)}.1`, vid) as unknown as Promise<PatchesResponse>;

/** The page's script errors (the demo storefront has no favicon, so failed loads are not counted). */
function scriptErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

/** Opens /demo as visitor `vid` (its id put where the snippet keeps it), consents, and waits for the snippet. */
async function visit(page: Page, baseUrl: string, vid: string) {
  await page.addInitScript((id) => {
    if (location.protocol === "http:") localStorage.setItem("svc_vid", id);
  }, vid);
  await page.goto(`${baseUrl}/demo`);
  await page.getByRole("button", { name: "Allow" }).click();
  await page.waitForFunction(() => typeof (window as { svc?: unknown }).svc === "object", null, { timeout: 10_000 });
}

describe("groups and holdout on /demo in Chromium", () => {
  const demo = useDemoInChromium("pglite", {
    seed: async (sql) => {
      await sql.query(`UPDATE "Site" SET id = $1 WHERE "publicId" = 'demo'`, [SITE_ROW]);
      await seedRows(sql, "TestGroup", [{ id: GROUP, siteId: SITE_ROW, name: "Ledes" }]);
      const arms = (patches: unknown[]) => [{}, { patches }];
      await seedTest(sql, { id: A, site: "demo", name: "Group A", status: "running", pages: ["/demo"], groupId: GROUP, groupStart: 0, groupShare: SHARE, arms: arms([{ op: "text", sel: "#lede", value: A_LEDE }]), goals: ["signup"] });
      await seedTest(sql, { id: "rewrite-headline", site: "demo", name: "Rewrite headline", pages: ["/demo"], arms: arms([{ op: "text", sel: "#headline", value: "Free shipping" }]), goals: ["signup"] });
      await seedTest(sql, { id: B, site: "demo", name: "Group B", status: "running", pages: ["/demo"], groupId: GROUP, groupStart: SHARE, groupShare: SHARE, arms: arms([{ op: "class", sel: "#lede", add: ["group-b"] }]), goals: ["signup"] });
    },
  });

  it("never puts a visitor in both tests of the group, and gives each its share", async () => {
    const inTest = { [A]: 0, [B]: 0 };
    const answers = new Map<string, string[]>();
    for (let i = 0; i < VISITORS; i++) {
      const vid = `traffic-visitor-${i}`;
      const tests = (await servedFrom(demo.server.url, vid, i)).tests.map((t) => t.test).filter((t) => t === A || t === B);
      expect(tests.length, vid).toBeLessThanOrEqual(1);
      for (const t of tests) inTest[t] = (inTest[t] ?? 0) + 1;
      answers.set(vid, tests);
    }
    // The group covers every visitor, so each visitor is in exactly one of them.
    expect(inTest[A]! + inTest[B]!).toBe(VISITORS);
    for (const count of [inTest[A]!, inTest[B]!]) expect(Math.abs((count / VISITORS) * 100 - SHARE)).toBeLessThanOrEqual(3);

    // A sample in Chromium: the page shows the one test's arm the endpoint named, never the other's change.
    const problems: string[] = [];
    for (let i = 0; i < 6; i++) {
      const vid = `traffic-visitor-${i}`;
      const context = await demo.browser.newContext();
      const page = await context.newPage();
      const pageProblems = scriptErrors(page);
      await visit(page, demo.server.url, vid);
      const answer = await served(demo.server.url, vid);
      const armOf = (test: string) => answer.tests.find((t) => t.test === test)?.arm;
      const lede = page.locator("#lede");
      await expect(lede.textContent()).resolves.toBe(armOf(A) === `${A}-b` ? A_LEDE : ORIGINAL_LEDE);
      await expect(lede.evaluate((el) => el.classList.contains("group-b"))).resolves.toBe(armOf(B) === `${B}-b`);
      expect(answers.get(vid)!.length).toBe(1);
      await context.close();
      problems.push(...pageProblems);
    }
    expect(problems).toEqual([]);
  });

  it("shows a holdout visitor no test on /demo, and counts them on the holdout page", async () => {
    const res = await fetch(`${demo.server.url}/app/holdout.data`, { method: "POST", body: new URLSearchParams({ site: "demo", holdoutPercent: "50" }) });
    expect(res.status).toBe(200);
    // The same rule the server applies (traffic-split.ts), on the fixed row id: a visitor in the holdout.
    const vid = Array.from({ length: 100 }, (_, i) => `holdout-visitor-${i}`).find((v) => inHoldout({ id: SITE_ROW, holdoutPercent: 50 }, v))!;
    const answer = await served(demo.server.url, vid);
    expect(answer.tests.map((t) => t.arm)).toEqual(["holdout"]);

    const context = await demo.browser.newContext();
    const page = await context.newPage();
    const problems = scriptErrors(page);
    await visit(page, demo.server.url, vid);
    // Neither the group's tests nor "Demo: headline" change anything for them.
    await expect(page.locator("#headline").textContent()).resolves.toBe(ORIGINAL_HEADLINE);
    await expect(page.locator("#lede").textContent()).resolves.toBe(ORIGINAL_LEDE);
    await expect(page.locator("#lede").evaluate((el) => el.className)).resolves.toBe("");
    // Leaving the page sends the batch: the holdout's own exposure.
    await page.goto("about:blank");
    await context.close();
    expect(problems).toEqual([]);

    const admin = await demo.browser.newPage();
    let holdoutVisitors = "";
    for (let i = 0; i < 20 && holdoutVisitors !== "1"; i++) {
      await admin.goto(`${demo.server.url}/app/holdout?site=demo`);
      const row = admin.locator("tr", { hasText: "Visitors" }).first();
      holdoutVisitors = ((await row.locator("td").first().textContent()) ?? "").trim();
      if (holdoutVisitors !== "1") await new Promise((r) => setTimeout(r, 250));
    }
    expect(holdoutVisitors).toBe("1");
    // What the card reads: the whole run by default, and no interval from a side without conversions.
    const card = (await admin.locator("main, body").first().textContent()) ?? "";
    expect(card).toContain("By default the period is the whole holdout, from its first day");
    // One holdout visitor and no one else yet: a side without visitors gives no difference, let alone an interval.
    expect(card).toMatch(/no interval: a side has no visitors in this period|No interval until each side has 30 visitors who converted and 30 who did not/);
    expect(card).not.toMatch(/\d+\.\d+ pts to [+−-]?\d/);
    expect(card).not.toContain("This period starts after the holdout did");
    await saveScreenshot(admin, "holdout");
    await admin.close();
  });

  it("names the running test a new test overlaps, and starts it once the merchant confirms they are independent", async () => {
    const page = await demo.browser.newPage();
    await page.goto(`${demo.server.url}/app/tests/rewrite-headline`);
    await page.getByRole("button", { name: "Start test" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByText("This test overlaps a running test").waitFor({ timeout: 10_000 });
    await expect(dialog.textContent()).resolves.toContain("“Demo: headline” runs on /demo and changes #headline");
    // Only what the merchant can do: open the running test to pause or complete it, or confirm; no locked group.
    await expect(dialog.getByRole("link", { name: "Open “Demo: headline”" }).getAttribute("href")).resolves.toBe("/app/tests/demo-headline");
    await expect(dialog.textContent()).resolves.toContain("A group cannot keep them apart: a running test's group is locked");
    await expect(dialog.getByRole("link", { name: "Edit this test" }).count()).resolves.toBe(0);
    const startAnyway = dialog.getByRole("button", { name: "Start anyway" });
    await expect(startAnyway.isDisabled()).resolves.toBe(true);
    await dialog.getByLabel("These tests are independent: a visitor may be in both").check();
    await startAnyway.click();
    await page.getByText("Test started").waitFor({ timeout: 10_000 });
    await saveScreenshot(page, "overlap-started");
    await page.close();
  });

  it("shows the group's split on the groups page and in the test's form", async () => {
    const page = await demo.browser.newPage();
    await page.goto(`${demo.server.url}/app/groups`);
    const rows = page.locator("tr");
    await expect(rows.filter({ hasText: "Group A" }).first().textContent()).resolves.toContain("0–50 %");
    await expect(rows.filter({ hasText: "Group B" }).first().textContent()).resolves.toContain("50–100 %");
    await saveScreenshot(page, "groups");
    await page.goto(`${demo.server.url}/app/tests/${A}/edit`);
    await expect(page.getByLabel("Group", { exact: true }).inputValue()).resolves.toBe(GROUP);
    await expect(page.getByLabel("Share of the group's visitors").inputValue()).resolves.toBe(String(SHARE));
    await expect(page.getByText("Held: Group B 50–100 %").isVisible()).resolves.toBe(true);
    await saveScreenshot(page, "group-picker");
    await page.close();
  });
});
