// One measured pageview pair in Chromium: a fresh context (cold: nothing cached), the emulated round trip,
// the frame sampler and a CPU profile over each navigation, then a second pageview in the same tab (warm).
import { chromium } from "playwright-core";
import { sampler, scriptMs, summarize } from "./sampler.mjs";

// A pageview is given up on this long after navigation start (GrowthBook's own anti-flicker gives up at 3.5 s).
export const MAX_MS = 4000;
// Sampling interval of the CPU profile that measures the tester's main-thread time, in µs.
export const PROFILE_INTERVAL_US = 100;

/** Debian's Chromium with the flags the browser tests use on these machines. */
export function launchBrowser() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
}

/** One pageview in `page`: navigates, waits until the sampler says the page settled, reads its trace. */
/* global window -- in page.waitForFunction and page.evaluate */
async function pageview(page, cdp, url, kind, arm) {
  const profiled = kind.profile !== false;
  if (profiled) await cdp.send("Profiler.start");
  await page.goto(url, { waitUntil: "load", timeout: 30_000 });
  await page.waitForFunction(() => window.__svcBench.settled(), null, { polling: 25, timeout: MAX_MS + 10_000 });
  const trace = await page.evaluate(() => window.__svcBench.read());
  if (!profiled) return { ...summarize(trace, arm), scriptMs: null };
  const { profile } = await cdp.send("Profiler.stop");
  return { ...summarize(trace, arm), scriptMs: kind.scripts.length ? scriptMs(profile, kind.scripts) : null };
}

/**
 * A cold pageview in a fresh context (no HTTP cache, no storage but what `kind.storage(arm)` presets) and a
 * warm one right after it in the same tab, both at `latency` ms of emulated round trip (CDP
 * Network.emulateNetworkConditions, on this tab's CDP session: every request, the document's included).
 * `kind`: { url(arm), targets, ready, scripts, storage(arm), cookie?, profile? } (see bench-snippet.mjs);
 * `profile: false` runs it without the CPU profile (no tester JS figure), for first-paint comparisons.
 */
export async function coldAndWarm(browser, kind, arm, latency) {
  const context = await browser.newContext({ viewport: { width: 1000, height: 800 } });
  try {
    if (kind.cookie) await context.addCookies([kind.cookie]);
    await context.addInitScript((items) => {
      try {
        for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
      } catch { /* a document without storage (about:blank) */ }
    }, kind.storage(arm));
    await context.addInitScript(sampler, { targets: kind.targets, expect: arm, ready: kind.ready, maxMs: MAX_MS });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", { offline: false, latency, downloadThroughput: -1, uploadThroughput: -1 });
    await cdp.send("Profiler.enable");
    await cdp.send("Profiler.setSamplingInterval", { interval: PROFILE_INTERVAL_US });
    const url = kind.url(arm);
    const cold = await pageview(page, cdp, url, kind, arm);
    const warm = await pageview(page, cdp, url, kind, arm);
    return { cold, warm };
  } finally {
    await context.close();
  }
}
