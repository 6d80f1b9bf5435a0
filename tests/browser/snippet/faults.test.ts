// Guarantee 1 in Chromium: every /api/* request aborted, late, failing or garbled leaves the page as if
// svc were not installed: same DOM, no page-script console output, no uncaught error.
import { afterAll, beforeAll, describe, it } from "vitest";
import type { Page } from "playwright-core";
import type { ApiFixture, Fault, Harness, TestPage } from "./harness";
import { SHOP, pageConsole, sleep, startHarness } from "./harness";
import { GRANTED, TITLE_TEST, hidePage, svcReady } from "./helpers";
import { shopifyStub } from "./shopify-stub";
import { CONSENT_TIMEOUT_MS, PATCHES_TIMEOUT_MS } from "../../../snippet/src/timing";

let h: Harness;
const baseline: Record<string, string> = {};
const SETTLE_MS = 700;

const dom = (page: Page) => page.evaluate(() => document.documentElement.outerHTML);
// Page URLs carry the harness's tag options, and each test page its own Site ID: not page content.
const normalise = (html: string) => html.replace(/\?[^"]*"/g, '"').replace(/data-svc-site="[^"]*"/g, "");
const key = (s: Scenario) => `${s.page} ${JSON.stringify(s.tag ?? {})}`;

interface Scenario {
  page: "basic.html" | "shopify.html";
  tag?: typeof GRANTED;
  init?: string[];
  api: (fault: Fault) => ApiFixture;
  /** Extra time to wait: past the endpoint's own timeout for "delay". */
  timeoutMs: number;
  /** The snippet never gets to publish window.svc when this endpoint fails. */
  svcAbsent: boolean;
}

const shopifyAllowed = [shopifyStub({ analytics: true, preloaded: true })];
const embed = { attrs: { "data-svc-shop": SHOP } };
const noTests = { ttl: 300, tests: [] };

const scenarios: Record<string, Scenario> = {
  "/api/consent": { page: "basic.html", api: (f) => ({ consent: f, patches: TITLE_TEST }), timeoutMs: CONSENT_TIMEOUT_MS, svcAbsent: true },
  "/api/patches": { page: "basic.html", tag: GRANTED, api: (f) => ({ patches: f }), timeoutMs: PATCHES_TIMEOUT_MS, svcAbsent: true },
  "/api/events": { page: "basic.html", tag: GRANTED, api: (f) => ({ patches: noTests, events: f }), timeoutMs: 0, svcAbsent: false },
  "/api/collect": { page: "shopify.html", tag: embed, init: shopifyAllowed, api: (f) => ({ patches: noTests, events: f }), timeoutMs: 0, svcAbsent: false },
};

const faults: [string, Fault][] = [
  ["aborted", { fault: "abort" }],
  ["answered 500", { fault: "status", status: 500 }],
  ["answered garbage", { fault: "garbage" }],
  ["delayed past the timeout", { fault: "delay", ms: 0 }],
];

async function exercise(t: TestPage): Promise<void> {
  // Page activity that produces events, and calls that must stay harmless whatever happened.
  await t.page.click("#title");
  await t.page.evaluate(() => (window as { svc?: { convert(g?: unknown, v?: unknown): void } }).svc?.convert("x", 1));
  await hidePage(t.page);
}

beforeAll(async () => {
  h = await startHarness();
  // The reference: the same pages with the snippet blocked, i.e. svc not installed.
  for (const s of Object.values(scenarios)) {
    const t = await h.newPage({ init: s.init });
    await t.page.route(`${h.svcBase}/snippet.js`, (r) => r.abort());
    await t.page.goto(t.url(s.page, s.tag));
    await sleep(SETTLE_MS);
    baseline[key(s)] = normalise(await dom(t.page));
    await t.context.close();
  }
});
afterAll(async () => {
  await h?.close();
});

// Two cases at a time (the serial project's maxConcurrency): four at once in one Chromium, beside the busy part of the
// run, once left a fixture's /api/patches answer later than the snippet's 1 s timeout, so window.svc never came (a
// clean-clone run on 2026-12-06). The serial lane now runs after the busy part, and each case mostly sleeps.
describe.concurrent.each(Object.entries(scenarios))("%s", (endpoint, s) => {
  it.for(faults)(`%s: page unchanged, nothing thrown`, async ([, fault], { expect }) => {
    const f: Fault = fault.fault === "delay" ? { fault: "delay", ms: s.timeoutMs + 500 } : fault;
    const t = await h.newPage({ init: s.init, api: s.api(f) });
    await t.page.goto(t.url(s.page, s.tag));
    await sleep(SETTLE_MS + (fault.fault === "delay" ? s.timeoutMs + 300 : 0));
    if (!s.svcAbsent) await svcReady(t.page);
    await exercise(t);
    await sleep(f.fault === "delay" ? f.ms : 300);
    // Under load (tests run concurrently on two cores) the call may come later than the fixed wait.
    for (let waited = 0; t.api(endpoint).length === 0 && waited < 5000; waited += 100) await sleep(100);

    expect(t.api(endpoint).length, "the endpoint was called").toBeGreaterThan(0);
    // At most one send and one retry per batch: errors never loop.
    if (!s.svcAbsent) expect(t.api(endpoint).length).toBeLessThanOrEqual(4);
    expect(normalise(await dom(t.page))).toBe(baseline[key(s)]);
    expect(t.errors).toEqual([]);
    expect(pageConsole(t.console)).toEqual([]);
    if (s.svcAbsent) {
      expect(await t.page.evaluate(() => "svc" in window)).toBe(false);
      expect(t.api("/api/events")).toEqual([]);
    }
    await t.context.close();
  });
});
