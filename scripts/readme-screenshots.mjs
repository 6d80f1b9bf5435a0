// node scripts/readme-screenshots.mjs: the pictures in the README's walk (docs/images/), taken from the local
// demo on a fresh embedded database in Chromium, so they show what `npm start` shows today.
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { ensureBuilt, ensurePackages, ensurePrismaClient, root } from "./project.mjs";

const PORT = Number(process.env.PORT ?? 3377);
const BASE = `http://127.0.0.1:${PORT}`;
const OUT = join(root, "docs", "images");
/** The results example whose page shows every card: decided, with revenue, profit, the funnel and segments. */
const RESULTS_TEST = "demo-results-ship";

ensurePackages();
ensurePrismaClient();
ensureBuilt();

const data = mkdtempSync(join(tmpdir(), "svc-screenshots-"));
const server = spawn(process.execPath, ["build/server.js"], {
  cwd: root,
  env: { ...process.env, NODE_ENV: "production", SVC_DEMO: "1", PORT: String(PORT), SVC_DATA_DIR: data, SHOPIFY_APP_URL: BASE },
  stdio: ["ignore", "ignore", "inherit"],
});

async function ready() {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${BASE}/healthz`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("the demo did not answer /healthz within two minutes");
}

try {
  await ready();
  mkdirSync(OUT, { recursive: true });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium", args: ["--no-sandbox"] });
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  // The demo seeds its examples just after it starts listening: reload until the test is there.
  for (let i = 0; i < 60; i++) {
    await page.goto(`${BASE}/app/tests/${RESULTS_TEST}`, { waitUntil: "networkidle" });
    if (!(await page.getByText("Test not found").count())) break;
    await new Promise((r) => setTimeout(r, 1000));
  }
  // The charts draw after hydration; the page is ready once the funnel card is there.
  await page.getByText("Funnel", { exact: false }).first().waitFor({ timeout: 10_000 });
  // The segments card is read when opened, as a merchant opens it.
  await page.getByRole("button", { name: "Show segments" }).click();
  await page.getByLabel("Segment by").waitFor({ timeout: 10_000 });
  await page.screenshot({ path: join(OUT, "results.png"), fullPage: true });
  console.log(`wrote ${join(OUT, "results.png")}`);
  await browser.close();
} finally {
  server.kill("SIGTERM");
  rmSync(data, { recursive: true, force: true });
}
