// The results page's one decision in Chromium, for each state the demo seeds an example of (collecting, not
// enough evidence, ship, keep the control, no difference as large as the MDE, SRM): the summary reads right, how
// long to go shows only while undecided, no interval goes below −100%, and at the embedded admin's width
// (1,040 px) the table's decision columns are in view without scrolling sideways; the tests list marks the
// decided lifts.
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { collectPageProblems, saveScreenshot } from "../support/browser";
import { useDemoInChromium } from "../support/demo-in-chromium";

/** The embedded admin's iframe is about this wide on a laptop screen. */
const EMBEDDED_WIDTH = 1040;

const EXAMPLES = [
  { id: "demo-results-collecting", name: "Example: collecting data", state: "collecting", title: /^Collecting data$/, timeToGo: true, mark: "Not yet" },
  { id: "demo-results-keep-running", name: "Example: not enough evidence yet", state: "keep-running", title: /^Keep running: about \d+ days more$/, timeToGo: true, mark: "Not yet" },
  { id: "demo-results-ship", name: "Example: winner to ship", state: "ship", title: /^Ship Free-shipping banner$/, timeToGo: false, mark: "Decided: better" },
  { id: "demo-results-keep-control", name: "Example: control ahead", state: "keep-control", title: /^Keep Original: no variant beats it$/, timeToGo: false, mark: "Decided: worse" },
  { id: "demo-results-no-difference", name: "Example: no difference as large as the MDE", state: "no-difference", title: /^No difference as large as 10%$/, timeToGo: false, mark: "Decided: no difference" },
  { id: "demo-results-srm", name: "Example: sample ratio mismatch", state: "srm", title: /^Do not trust these results: sample ratio mismatch$/, timeToGo: false, mark: "Not yet" },
] as const;

/** How far each of the primary table's decision headings reaches past the table's visible box (≤ 0: in view). */
async function decisionColumnsOverflow(page: Page): Promise<Record<string, number>> {
  return page.getByRole("region", { name: "purchase", exact: true }).locator(".Polaris-DataTable").first().evaluate((table) => {
    const box = (table.querySelector(".Polaris-DataTable__ScrollContainer") ?? table).getBoundingClientRect();
    const right = Math.min(box.right, document.documentElement.clientWidth);
    const out: Record<string, number> = {};
    for (const th of table.querySelectorAll("thead th")) {
      const name = (th.textContent ?? "").trim();
      if (/^(Arm|Lift vs control|Decided|p-value)/.test(name)) out[name] = th.getBoundingClientRect().right - right;
    }
    for (const [i, row] of [...table.querySelectorAll("tbody tr")].entries()) {
      const cells = [...row.querySelectorAll("th, td")].slice(0, 4);
      out[`row ${i + 1}`] = Math.max(...cells.map((c) => c.getBoundingClientRect().right)) - right;
    }
    return out;
  });
}

describe("the results page's decision in Chromium", () => {
  const demo = useDemoInChromium();

  it.each(EXAMPLES)("reads right for the $state example, with the decision columns in view at 1,040 px", async (example) => {
    const context = await demo.browser.newContext({ viewport: { width: EMBEDDED_WIDTH, height: 900 } });
    const page = await context.newPage();
    const errors = collectPageProblems(page);
    await page.goto(`${demo.server.url}/app/tests/${example.id}`, { waitUntil: "networkidle" });

    const decision = page.locator("[data-decision-state]");
    await expect(decision.getAttribute("data-decision-state")).resolves.toBe(example.state);
    await expect(decision.locator("h2").innerText()).resolves.toMatch(example.title);
    const text = await decision.innerText();
    expect(text.includes("How long to go")).toBe(example.timeToGo);
    // The ship example's orders have their costs: its worth is in profit, with revenue per visitor's figure beside it.
    if (example.state === "ship") expect(text).toMatch(/lift \+\d+\.\d% \(\+\d+\.\d% to \+\d+\.\d%\)[\s\S]*Worth about \$[\d,]+ a month in profit at current traffic \(between [−-]?\$[\d,]+ and [−-]?\$[\d,]+\), from profit per visitor on the orders with a known cost; by revenue per visitor, \$[\d,]+ \(between \$[\d,]+ and \$[\d,]+\)/);
    if (example.state === "keep-control") expect(text).toMatch(/Shipping it would cost about \$[\d,]+ a month/);
    if (example.state === "srm") expect(text).toContain("Find the cause");
    // "How long to go" appears once at most: in the summary, never in a second card that could disagree.
    expect(await page.getByText("How long to go", { exact: true }).count()).toBe(example.timeToGo ? 1 : 0);

    // The variant's row carries the same decision as the summary.
    const variantRow = page.getByRole("region", { name: "purchase", exact: true }).locator("table").first().locator("tbody tr").nth(1);
    expect(await variantRow.innerText()).toContain(example.mark);

    const overflow = await decisionColumnsOverflow(page);
    expect(Object.keys(overflow)).toHaveLength(4 + 2);
    for (const [column, px] of Object.entries(overflow)) expect({ column, px: Math.max(0, px) }).toEqual({ column, px: 0 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(EMBEDDED_WIDTH);

    // No relative lift or interval end below −100%, anywhere on the page.
    const body = await page.locator("body").innerText();
    const percents = [...body.matchAll(/([-−]\d[\d,]*(?:\.\d+)?)%/g)].map((m) => Number((m[1] ?? "").replace(/[−]/, "-").replace(/,/g, "")));
    expect(percents.filter((p) => p < -100)).toEqual([]);
    await saveScreenshot(page, `results-decision-${example.state}`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("marks the decided lifts in the tests list, by the same decision", async () => {
    const page = await demo.browser.newPage();
    const errors = collectPageProblems(page);
    await page.goto(`${demo.server.url}/app`, { waitUntil: "networkidle" });
    for (const example of EXAMPLES) {
      const row = page.locator(".Polaris-IndexTable__TableRow", { hasText: example.name });
      const text = await row.innerText();
      // The collecting example has no lift to mark yet when no arm converted; every other lift carries its mark.
      // A sample ratio mismatch shows the page's warning in place of a lift (tests-list.test.ts).
      if (example.state === "collecting") expect(text).not.toContain("Decided");
      else if (example.state === "srm") expect(text).toContain("Sample ratio mismatch");
      else expect(text).toContain(example.mark);
    }
    expect(errors).toEqual([]);
    await page.close();
  });
});
