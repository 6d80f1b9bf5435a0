// npm run bench:snippet: flicker as the shopper sees it, in Chromium: the demo Shopify storefront and the
// plain demo page (with and without the head helper, and with the opt-in first-visit helper) carrying a test of three changes, beside the same
// page and changes under GrowthBook's script tag and with no tester, forced control and forced variant,
// cold and warm, at 0 and 150 ms of round trip. Prints one table and writes it to bench-output/.
// See docs/performance.md, "Flicker".
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createDatabase, startApp, stop } from "./bench-process.mjs";
import { GROWTHBOOK_VERSION, startBenchPages } from "./bench-snippet/pages.mjs";
import { coldAndWarm, launchBrowser, MAX_MS, PROFILE_INTERVAL_US } from "./bench-snippet/pageview.mjs";
import { SVC_PAGES, seedFlickerTests, visitorFor } from "./bench-snippet/seed.mjs";
import { comparePaired, pairedDifference, pairedRatio } from "./bench-snippet/paired.mjs";
import { cells, formatCells } from "./bench-snippet/table.mjs";
import { ensureBuilt, ensurePackages, ensurePrismaClient, root } from "./project.mjs";

const RUNS = Number(process.env.BENCH_SNIPPET_RUNS ?? 20);
// The first-paint comparisons (untested pages against no tester) take more runs: they are cheap, and a 5%
// difference in an 84 ms first paint is 4 ms, one step of paint timing (scripts/bench-snippet/paired.mjs).
const PAINT_RUNS = Math.max(RUNS, Number(process.env.BENCH_SNIPPET_PAINT_RUNS ?? 60));
const LATENCIES = (process.env.BENCH_SNIPPET_LATENCIES ?? "0,150").split(",").map(Number);
const ONLY = process.env.BENCH_SNIPPET_PAGES ? new Set(process.env.BENCH_SNIPPET_PAGES.split(",")) : null;

const log = (line) => console.error(`[bench:snippet] ${line}`);

ensurePackages();
ensurePrismaClient();
ensureBuilt();

const grantedShopifyConsent = encodeURIComponent(JSON.stringify({ analytics: true, marketing: true, preferences: true, sale_of_data: true }));

/** The kinds of the first-paint comparisons: unprofiled, and measured in PAINT_RUNS runs. */
const FIRST_PAINT_KINDS = ["none", "none-again", "empty-tag", "untested", "untested-tag", "plain-hide-untested", "shopify-untested", "shopify-none"];

/**
 * The page kinds: where the page is, what it changes, how the tester says it is done, which script's
 * main-thread time counts, and how a visitor is forced into an arm. `arms` lists the arms measured.
 */
function pageKinds({ svc, bench, visitors, shopifyUntested, helperSwitch, hideSwitch }) {
  const snippet = [`${svc}/snippet.js`];
  const plainTargets = SVC_PAGES.plain.changes;
  const svcPlain = (label, url) => ({
    label,
    arms: ["control", "variant"],
    url: () => url,
    targets: plainTargets,
    ready: "svc",
    scripts: snippet,
    storage: (arm) => ({ svc_vid: visitors.plain[arm], svc_consent: "1" }),
  });
  // A plain page on the bench's own origin, measured in one arm: with svc (its visitor and consent preset), or
  // with `scripts` alone (none: no tester).
  const benchPage = (label, path, { svc: withSvc = false, scripts = withSvc ? snippet : [] } = {}) => ({
    label,
    arms: ["control"],
    url: () => `${bench.url}${path}`,
    targets: plainTargets,
    ready: withSvc ? "svc" : "none",
    scripts,
    storage: () => (withSvc ? { svc_vid: visitors.plain.control, svc_consent: "1" } : {}),
  });
  const kinds = {
    shopify: {
      label: "Shopify storefront",
      arms: ["control", "variant"],
      url: () => `${svc}${SVC_PAGES.shopify.path}`,
      targets: SVC_PAGES.shopify.changes,
      ready: "svc",
      scripts: snippet,
      storage: (arm) => ({ svc_vid: visitors.shopify[arm] }),
      cookie: { name: "_tracking_consent", value: grantedShopifyConsent, url: svc },
    },
    "plain-helper": svcPlain("plain page, helper", `${svc}${SVC_PAGES.plain.path}`),
    ...(helperSwitch && { "plain-no-helper": svcPlain("plain page, no helper", `${svc}${SVC_PAGES.plain.path}?helper=0`) }),
    ...(hideSwitch && { "plain-hide": svcPlain("plain page, first-visit helper", `${svc}${SVC_PAGES.plain.path}?hide=1`) }),
    growthbook: {
      label: `GrowthBook ${GROWTHBOOK_VERSION}`,
      arms: ["control", "variant"],
      url: (arm) => `${bench.url}/gb/${arm}`,
      targets: plainTargets,
      ready: "growthbook",
      scripts: [bench.bundleUrl],
      storage: () => ({}),
    },
    none: benchPage("no tester", "/none"),
    // The no-tester page again, as a kind of its own: its ratio to "none" is the bench's own noise (A/A).
    "none-again": benchPage("no tester, again", "/none?again"),
    // The spec's async tag to an empty script: what the tag itself costs a first paint, whatever it loads.
    ...(bench.emptyScriptUrl && { "empty-tag": benchPage("empty async tag", "/empty-tag", { scripts: [bench.emptyScriptUrl] }) }),
    untested: benchPage("svc, untested page", "/untested", { svc: true }),
    // The untested page with the spec's tag alone (no inline head helper): svc's code against the empty tag.
    ...(bench.tagOnly && { "untested-tag": benchPage("svc, untested page, tag only", "/untested-tag", { svc: true }) }),
    ...(hideSwitch && { "plain-hide-untested": benchPage("svc, untested page, first-visit helper", "/untested-hide", { svc: true }) }),
  };
  if (shopifyUntested) {
    // Both on the bench's origin, the app embed's output in one and not in the other, for the first-paint ratio.
    const shopifyPage = (label, path, withSvc) => ({
      label,
      arms: ["control"],
      url: () => `${bench.url}${path}`,
      targets: [],
      ready: withSvc ? "svc" : "none",
      scripts: withSvc ? snippet : [],
      storage: () => (withSvc ? { svc_vid: visitors.shopify.control } : {}),
      cookie: { name: "_tracking_consent", value: grantedShopifyConsent, url: bench.url },
    });
    kinds["shopify-untested"] = shopifyPage("Shopify, untested page", "/shopify-untested", true);
    kinds["shopify-none"] = shopifyPage("Shopify page, no tester", "/shopify-none", false);
  }
  // The first-paint comparisons run without the CPU profile: sampling every 100 µs slowed svc's script enough to
  // move an untested page's first paint (104 against 88 ms with it, 84 against 84 without; 30 pageviews each).
  for (const name of FIRST_PAINT_KINDS) if (kinds[name]) kinds[name].profile = false;
  return Object.fromEntries(Object.entries(kinds).filter(([name]) => !ONLY || ONLY.has(name)));
}

/**
 * A page of the demo Shopify storefront that no test targets, if the demo has one: a /demo/shopify/… link
 * on the product page, or the path issue 12 suggests for it.
 */
async function findShopifyUntested(svc) {
  const html = await (await fetch(`${svc}${SVC_PAGES.shopify.path}`)).text();
  const links = [...html.matchAll(/href="(\/demo\/shopify\/[^"#?]+)"/g)].map((m) => m[1]).filter((p) => !p.includes("checkout"));
  for (const link of new Set([...links, "/demo/shopify/pages/about"])) {
    const response = await fetch(`${svc}${link}`);
    await response.body?.cancel();
    if (response.ok && response.headers.get("content-type")?.includes("text/html")) return link;
  }
  return null;
}

const database = await createDatabase(null);
let app = null;
let bench = null;
let browser = null;
const views = [];
const started = Date.now();
let shopifyUntested = null;
let helperSwitch = false;
let hideSwitch = false;
let chromiumVersion = "";
const loadBefore = os.loadavg();
try {
  // The first start migrates the fresh database and seeds the demo; the bench's tests are added after it.
  app = await startApp(database);
  await stop(app);
  await seedFlickerTests(database);
  app = await startApp(database);
  const svc = app.url;
  log(`svc at ${svc}`);
  const visitors = {};
  for (const name of Object.keys(SVC_PAGES)) {
    visitors[name] = { control: await visitorFor(svc, name, "control"), variant: await visitorFor(svc, name, "variant") };
  }
  const plainHtml = await (await fetch(`${svc}${SVC_PAGES.plain.path}`)).text();
  // /demo?hide=1 is the plain page with the opt-in first-visit helper; the same page where there is none.
  const hideHtml = await (await fetch(`${svc}${SVC_PAGES.plain.path}?hide=1`)).text();
  hideSwitch = hideHtml !== plainHtml;
  if (!hideSwitch) log("/demo?hide=1 serves the same page as /demo (no first-visit helper): its rows are left out");
  shopifyUntested = await findShopifyUntested(svc);
  const shopifyHtml = shopifyUntested && (await (await fetch(`${svc}${shopifyUntested}`)).text());
  // /demo?helper=0 is the plain page without the inline head helper; the same page when there is no helper.
  const withoutHelper = await (await fetch(`${svc}${SVC_PAGES.plain.path}?helper=0`)).text();
  helperSwitch = withoutHelper !== plainHtml;
  // The empty tag's script is served with the cache headers svc's own /snippet.js answers with.
  const scriptCacheControl = (await fetch(`${svc}/snippet.js`, { method: "HEAD" })).headers.get("cache-control") ?? undefined;
  bench = await startBenchPages({ plainHtml, hideHtml: hideSwitch ? hideHtml : null, shopifyHtml, changes: SVC_PAGES.plain.changes, scriptCacheControl, tagOnlyHtml: helperSwitch ? withoutHelper : null });
  log(shopifyUntested ? `untested Shopify page: ${shopifyUntested}` : "the demo Shopify storefront has no untested page: that row is left out");
  if (!helperSwitch) log("/demo?helper=0 serves the same page as /demo (no head helper): that row is left out");
  const kinds = pageKinds({ svc, bench, visitors, shopifyUntested, helperSwitch, hideSwitch });
  browser = await launchBrowser();
  chromiumVersion = browser.version();
  // Run 0 (first latency only) warms up svc, the bench's server and Chromium (first compiles, first
  // queries) and is not kept. Runs after RUNS measure only the first-paint kinds.
  // Interleaved: run r of every cell before run r + 1 of any, so drift on the machine spreads over all cells,
  // and the kinds' order turns round every other run, so no kind always follows the same one.
  for (let run = 0; run <= PAINT_RUNS; run++) {
    const order = Object.entries(kinds).filter(([name]) => run <= RUNS || FIRST_PAINT_KINDS.includes(name));
    if (run % 2 === 0) order.reverse();
    for (const latency of run === 0 ? LATENCIES.slice(0, 1) : LATENCIES) {
      for (const [name, kind] of order) {
        for (const arm of run % 2 === 0 ? [...kind.arms].reverse() : kind.arms) {
          const { cold, warm } = await coldAndWarm(browser, kind, arm, latency);
          if (run === 0) continue;
          const common = { kind: name, label: kind.label, arm: kind.arms.length > 1 ? arm : "—", latency, run };
          views.push({ ...common, temperature: "cold", ...cold }, { ...common, temperature: "warm", ...warm });
        }
      }
    }
    log(`${run === 0 ? "warm-up run" : `run ${run}/${PAINT_RUNS}`} done (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  }
} finally {
  await browser?.close();
  await bench?.close();
  if (app) await stop(app);
  await database.drop();
}

const table = cells(views);
// First paint of an untested page against the same page with no tester (target: within ±5%), and against an
// empty async tag (the spec's tag costs a first paint by itself, docs/performance.md), and the
// control's hidden time against the variant's (target: not longer; the band's edge is one 60 Hz frame, the
// least a shopper could see), each paired run by run with a 95% interval (scripts/bench-snippet/paired.mjs).
const FRAME_MS = 1000 / 60;
const firstPaint = (page, tested, baseline) =>
  comparePaired(views, { tested: { kind: tested }, baseline: { kind: baseline }, metric: "fcp", measure: pairedRatio, band: [0.95, 1.05] }).map((r) => ({ ...r, page }));
// The plain page's tag is the spec's async tag: its own cost (an empty script at the same place) and svc's on top of it.
const ratios = [
  ...firstPaint("no tester / itself (A/A: the bench's own noise)", "none-again", "none"),
  ...firstPaint("untested page / no tester", "untested", "none"),
  ...firstPaint("empty async tag (the tag's own cost)", "empty-tag", "none"),
  ...firstPaint("untested page / empty async tag (svc's code's cost, with the inline head helper)", "untested", "empty-tag"),
  ...firstPaint("untested page, tag only / no tester", "untested-tag", "none"),
  ...firstPaint("untested page, tag only / empty async tag (the snippet's own cost)", "untested-tag", "empty-tag"),
  ...firstPaint("untested page, first-visit helper / no tester", "plain-hide-untested", "none"),
  ...firstPaint("untested Shopify page / its no-tester twin", "shopify-untested", "shopify-none"),
];
const hiddenByArm = ["shopify", "plain-hide"].flatMap((kind) =>
  comparePaired(views, { tested: { kind, arm: "control" }, baseline: { kind, arm: "variant" }, metric: "hiddenMs", measure: pairedDifference, band: [-Infinity, FRAME_MS] }).map((r) => ({
    ...r,
    page: views.find((v) => v.kind === kind)?.label,
  })),
);
const report = {
  date: new Date().toISOString(),
  machine: {
    cores: os.cpus().length,
    cpu: os.cpus()[0]?.model,
    node: process.version,
    chromium: chromiumVersion,
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    // 1-minute load average at the start and at the end: figures taken on a busy machine are slower and noisier.
    load: [loadBefore[0], os.loadavg()[0]],
  },
  settings: { runs: RUNS, paintRuns: PAINT_RUNS, latencies: LATENCIES, maxMs: MAX_MS, profileIntervalUs: PROFILE_INTERVAL_US, growthbook: GROWTHBOOK_VERSION, shopifyUntested, helperSwitch, hideSwitch },
  seconds: Math.round((Date.now() - started) / 1000),
  cells: table,
  firstPaintRatios: ratios,
  hiddenControlMinusVariant: hiddenByArm,
  pageviews: views,
};
const out = path.join(root, "bench-output");
mkdirSync(out, { recursive: true });
const file = path.join(out, `snippet-${report.date.replace(/[:.]/g, "-")}.json`);
writeFileSync(file, JSON.stringify(report, null, 2));
writeFileSync(path.join(out, "snippet-latest.json"), JSON.stringify(report, null, 2));

console.log(`\nsvc snippet bench ${report.date}: ${RUNS} run(s) per cell (${PAINT_RUNS} for the first-paint comparisons), ${report.machine.cores} cores (${report.machine.cpu}), Chromium ${chromiumVersion}, ${report.seconds} s, load ${report.machine.load.map((l) => l.toFixed(1)).join(" → ")}`);
console.log("flashed: variant pageviews where an element was ever painted visible with its original content; final ms: from navigation start");
console.log("until every changed element shows its arm, visibly; hidden ms: elements present but invisible; tester JS: main-thread ms in the tester's script\n");
// --markdown: the same table as Markdown, for docs/performance.md.
console.log(formatCells(table, { markdown: process.argv.includes("--markdown") }));
const interval = (r, digits, unit = "") => `${r.point.toFixed(digits)}${unit} (95% CI ${r.low.toFixed(digits)} to ${r.high.toFixed(digits)}${unit}, ${r.n} pairs)`;
console.log("\nFirst paint, page / its baseline: ratio of means over pairs of the same run (target: within 0.95 to 1.05)");
for (const r of ratios) {
  console.log(`- ${r.page}, ${r.temperature}, ${r.latency} ms: ${r.tested.toFixed(1)} / ${r.baseline.toFixed(1)} ms = ${interval(r, 3)}: ${r.verdict}`);
}
console.log(`\nHidden ms, control − variant: mean difference over pairs of the same run (target: not longer; "within" when the 95% CI stays under one frame, ${FRAME_MS.toFixed(1)} ms)`);
for (const r of hiddenByArm) {
  console.log(`- ${r.page}, ${r.temperature}, ${r.latency} ms: ${r.tested.toFixed(1)} − ${r.baseline.toFixed(1)} ms = ${interval(r, 1, " ms")}: ${r.verdict}`);
}
console.log(`\nwritten to ${path.relative(root, file)} and bench-output/snippet-latest.json`);
