// Debian's Chromium driven by playwright-core, launched with the flags that work on these offline machines.
import { mkdir } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import type * as Playwright from "playwright-core";
import type { Browser, Page } from "playwright-core";

// Required, not imported: an ESM import of this CommonJS package makes Node scan its multi-megabyte bundle for
// export names first, ~0.2 CPU-s in every browser test's process.
const playwright = createRequire(import.meta.url)("playwright-core") as typeof Playwright;
export const { chromium, devices } = playwright;

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

/** Collects what a page shows as broken: uncaught errors, console errors, and 4xx/5xx responses. */
export function collectPageProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(error.message));
  page.on("response", (res) => {
    if (res.status() >= 400) problems.push(`${res.status()} ${res.url()}`);
  });
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text());
  });
  return problems;
}

/**
 * Waits until React has hydrated the page: it attaches its props to every DOM node it hydrates, `<body>` (which
 * Remix's root renders) last of all. The server's HTML shows the forms before that; a value typed or a click
 * meanwhile is lost, which a loaded machine makes likely: the page's scripts can still be running long after
 * the network went quiet ("networkidle").
 */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => Object.keys(document.body).some((key) => key.startsWith("__reactProps$")), undefined, { timeout: 20_000 });
}

/** Where browser tests save screenshots of the main pages (git-ignored; README, "Working on it"). */
export const SCREENSHOT_DIR = path.join(process.cwd(), "screenshots");

/** Saves a full-page screenshot as `screenshots/<name>.png`, for a person to look at after a run. */
export async function saveScreenshot(page: Page, name: string): Promise<void> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}
