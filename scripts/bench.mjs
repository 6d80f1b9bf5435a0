// npm run bench [-- patches events restart memory results]: throughput, latency, CPU and resident memory of the
// hot paths (/api/patches; /api/events: the realistic mix, and batches of 1, 10, 50) beside a bare Node `http`
// server doing the least the same request needs, in the same run, on PGlite and (BENCH_DATABASE_URL) PostgreSQL,
// with PostgreSQL's CPU per event; plus the results page's cost at 10^4..10^8 events. Prints one table and
// writes it to bench-output/. See docs/performance.md.
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { seedResultsBench } from "./bench-results.mjs";
import { eventsRequests, fetchAssignments, measure, patchesRequests, realisticRequests, returningVisitors } from "./bench-load.mjs";
import { createDatabase, rssMb, startApp, startBare, stop } from "./bench-process.mjs";
import { runSql, seedSites } from "./bench-seed.mjs";
import { formatTable, memoryGrowth, targetFor } from "./bench-table.mjs";
import { ensureBuilt, ensurePackages, ensurePrismaClient, root } from "./project.mjs";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const MEMORY_VISITORS = Number(process.env.BENCH_MEMORY_VISITORS ?? 200_000);
const SECTIONS = ["patches", "events", "restart", "memory", "results"];
// Running tests in each /api/patches load: 1 site, 100 sites, 10,000 sites, one test each, so a request's
// own work is the same in all three and only the other sites' tests grow.
const PATCHES_SITES = [1, 100, 10_000];
// `BENCH_EVENT_BATCHES=none` (or e.g. `10,50`): the events section's batch rows to run after the realistic mix.
const EVENT_BATCHES = process.env.BENCH_EVENT_BATCHES === "none" ? [] : (process.env.BENCH_EVENT_BATCHES ?? "1,10,50").split(",").map(Number);
// The events load: 2,000 visitors spread over the first 100 sites, each with its assigned arm.
const EVENT_SITES = 100;
const EVENT_VISITORS = 2000;
// The restart case: event writes after svc starts on a database holding one Shopify order credited to an
// arm, once RESTART_EVENTS events were written, against the same without the order (issue 20: they fell
// from ~7,000/s to under 200/s within 30 s, as statistics taken at start on nearly empty tables turned the
// group commit's lookups into sequential scans). A fixed amount of events, not of time, so that the
// tables have the same size however fast the machine is.
const RESTART_EVENTS = Number(process.env.BENCH_RESTART_EVENTS ?? 250_000);
const MEMORY_SAMPLES = 4;
const MEMORY_SITES = 100;
// BENCH_MEMORY_LIMITS=off: the same run without rate limits, to tell the limiters' share of any growth.
const MEMORY_LIMITS = process.env.BENCH_MEMORY_LIMITS !== "off";

const asked = process.argv.slice(2);
const unknown = asked.filter((s) => !SECTIONS.includes(s));
if (unknown.length > 0) {
  console.error(`unknown section ${unknown.join(", ")}; sections: ${SECTIONS.join(", ")}`);
  process.exit(2);
}
const sections = new Set(asked.length > 0 ? asked : SECTIONS);

ensurePackages();
ensurePrismaClient();
ensureBuilt();

const log = (line) => console.error(`[bench] ${line}`);
const warm = (server, requests) => measure({ url: server.url, pid: server.pid, requests, connections: 4, seconds: 2 });

/**
 * One Shopify order of bench-0's shop, paid in a session exposed to bench-0's variant, as the snippet and
 * the orders/paid webhook leave it: the session's events and exposure, the order, its purchase credited
 * to the arm, and the day's rollups.
 */
const ORDER_CREDITED_TO_AN_ARM = `
  INSERT INTO "Event" ("siteId", "eventId", type, "visitorId", "sessionId", path, "occurredAt", data, "marksSession") VALUES
    ('bsite-0', 'order-e1', 'pageview', 'order-visitor', 'order-session', '/bench', now(), '{}', true),
    ('bsite-0', 'order-e2', 'exposure', 'order-visitor', 'order-session', '/bench', now(), '{"test": "bt-0-0", "arm": "bt-0-0-b", "msToApply": 100, "msHidden": 0}', false);
  INSERT INTO "Exposure" ("siteId", "testId", "sessionId", "visitorId", "armId", "eventId", "exposedAt", "msToApply", "msHidden")
    VALUES ('bsite-0', 'bt-0-0', 'order-session', 'order-visitor', 'bt-0-0-b', 'order-e2', now(), 100, 0);
  INSERT INTO "Order" ("shopId", "orderId", "sessionId", total, currency, "presentmentTotal", "presentmentCurrency", "occurredAt")
    VALUES ('bench-shop', '5001', 'order-session', 20, 'USD', 20, 'USD', now());
  INSERT INTO "Conversion" ("siteId", "eventId", goal, value, currency, "sessionId", "visitorId", source, "occurredAt")
    VALUES ('bsite-0', 'order-5001', 'purchase', 20, 'USD', 'order-session', NULL, 'order', now());
  INSERT INTO "ConversionAttribution" ("siteId", "eventId", "testId", "armId") VALUES ('bsite-0', 'order-5001', 'bt-0-0', 'bt-0-0-b');
  INSERT INTO "DailyRollup" ("siteId", "testId", "armId", goal, day, currency, exposures, "exposedVisitors") VALUES ('bsite-0', 'bt-0-0', 'bt-0-0-b', '', current_date, '', 1, 1);
  INSERT INTO "DailyRollup" ("siteId", "testId", "armId", goal, day, currency, "convertingVisitors", conversions, revenue, "revenueSquares")
    VALUES ('bsite-0', 'bt-0-0', 'bt-0-0-b', 'purchase', current_date, 'USD', 1, 1, 20, 400);`;

/**
 * Event writes (×10) after svc starts on a fresh database of 100 sites, with or without an order credited
 * to an arm: RESTART_EVENTS events written as fast as it goes, then one measured load.
 */
async function eventsAfterRestart(serverUrl, { withOrder }) {
  const database = await createDatabase(serverUrl);
  let server = null;
  try {
    server = await startApp(database);
    await stop(server);
    await seedSites(database, { from: 0, to: EVENT_SITES, testsPerSite: 1 });
    if (withOrder) await runSql(database, ORDER_CREDITED_TO_AN_ARM);
    server = await startApp(database);
    const visitors = await fetchAssignments(server.url, { sites: EVENT_SITES, visitors: EVENT_VISITORS });
    const fill = await measure({ url: server.url, pid: server.pid, requests: eventsRequests({ visitors, perBatch: 10 }), connections: CONNECTIONS, amount: RESTART_EVENTS / 10, itemsPerRequest: 10 });
    const after = await measure({ url: server.url, pid: server.pid, requests: eventsRequests({ visitors, perBatch: 10 }), connections: CONNECTIONS, seconds: SECONDS, itemsPerRequest: 10 });
    log(`after a restart ${withOrder ? "with" : "without"} an order (${database.kind}): ${fill.itemsPerSecond.toFixed(0)} events/s over the first ${RESTART_EVENTS.toLocaleString("en-US")}, then ${after.itemsPerSecond.toFixed(0)}`);
    return { fill, after };
  } finally {
    if (server) await stop(server);
    await database.drop();
  }
}

/** Every section on one database; the memory run on the first database only (it is about the app). */
async function benchDatabase(database, bare, { memory, serverUrl }) {
  const rows = [];
  let app = null;
  let seeded = 0;
  const row = (scenario, svc, baseline, extra = {}) => {
    const r = { scenario, database: database.kind, svc, bare: baseline, ratio: baseline ? svc.rps / baseline.rps : null, ...extra };
    r.target = targetFor(r);
    rows.push(r);
    log(`${scenario} (${database.kind}): ${svc.rps.toFixed(0)} req/s, p99 ${svc.p99} ms, non-2xx ${svc.non2xx}, RSS ${svc.rssMb.toFixed(0)} MB`);
  };
  // PostgreSQL's CPU is read for svc's loads only: the bare server opens no database.
  const load = (server, requests, itemsPerRequest, connections = CONNECTIONS) =>
    measure({ url: server.url, pid: server.pid, requests, connections, seconds: SECONDS, itemsPerRequest, databaseName: server === bare ? null : (database.name ?? null) });
  /** The app on a database holding at least `sites` bench sites (seeded while it is stopped). */
  async function appWithSites(sites, options = {}) {
    if (app && seeded >= sites && !options.restart) return app;
    if (app) await stop(app);
    app = null;
    if (seeded < sites) {
      log(`seeding sites ${seeded}..${sites - 1}`);
      await seedSites(database, { from: seeded, to: sites, testsPerSite: 1 });
      seeded = sites;
    }
    app = await startApp(database, options);
    return app;
  }

  /** A section that fails is reported and skipped; the others still run and the table is still written. */
  const section = async (name, run) => {
    if (!sections.has(name)) return;
    try {
      await run();
    } catch (error) {
      console.error(`[bench] ${name} failed:`, String(error?.stack ?? error).slice(0, 2000));
      failures.push(`${name} on ${database.kind}: ${error.message.split("\n")[0]}`);
      if (app) await stop(app);
      app = null;
    }
  };

  try {
    // The first start migrates the fresh database and seeds the demo; the bench's rows come after.
    app = await startApp(database);

    await section("patches", async () => {
      for (const sites of PATCHES_SITES) {
        const baseline = await load(bare, patchesRequests({ sites }), 1);
        const server = await appWithSites(sites);
        // Steady state: every site's running tests in the site cache (a site's first request loads them).
        await measure({ url: server.url, pid: server.pid, requests: patchesRequests({ sites }), connections: Math.min(CONNECTIONS, sites), amount: sites });
        await warm(server, patchesRequests({ sites }));
        const svc = await load(server, patchesRequests({ sites }), 1);
        row(`GET /api/patches, ${sites.toLocaleString("en-US")} site(s) × 1 test`, svc, baseline);
      }
    });

    await section("events", async () => {
      const server = await appWithSites(EVENT_SITES);
      const visitors = await fetchAssignments(server.url, { sites: EVENT_SITES, visitors: EVENT_VISITORS });
      // The realistic mix first (issue 37's events row): every visitor's first session sent, then the measured
      // load of returning visitors' new sessions, with PostgreSQL's CPU per event beside it.
      const returning = await returningVisitors({ url: server.url, pid: server.pid, visitors, connections: CONNECTIONS });
      // Statistics as autovacuum keeps them on a database in service: this one is a minute old, and a planner
      // that has never seen its tables' contents measures the bench's freshness, not svc.
      await database.analyze();
      const realisticBaseline = await load(bare, realisticRequests({ visitors: returning }), 10);
      const realistic = await load(server, realisticRequests({ visitors: returning }), 10);
      row("POST /api/events ×10, realistic mix", realistic, realisticBaseline);
      await warm(server, eventsRequests({ visitors, perBatch: 10 }));
      for (const perBatch of EVENT_BATCHES) {
        const baseline = await load(bare, eventsRequests({ visitors, perBatch }), perBatch);
        const svc = await load(server, eventsRequests({ visitors, perBatch }), perBatch);
        row(`POST /api/events ×${perBatch}`, svc, baseline);
      }
    });

    await section("restart", async () => {
      // Fresh databases of their own: the case is about statistics taken while the tables were nearly empty.
      if (app) await stop(app);
      app = null;
      const without = await eventsAfterRestart(serverUrl, { withOrder: false });
      const withOrder = await eventsAfterRestart(serverUrl, { withOrder: true });
      const label = `POST /api/events ×10, after ${RESTART_EVENTS.toLocaleString("en-US")} events since a restart`;
      row(`${label}, no order (baseline)`, without.after, null, { fill: without.fill.itemsPerSecond });
      // Against the same load without the order, in this run: 1 means the order changes nothing.
      row(`${label} with an order credited to an arm`, withOrder.after, null, { fill: withOrder.fill.itemsPerSecond, ratio: withOrder.after.itemsPerSecond / without.after.itemsPerSecond });
    });

    if (memory) await section("memory", async () => {
      // Rate limits on: the per-visitor buckets are the state that grows with visitors seen (bounded at
      // 100,000 keys per limiter), so RSS must level off by the middle of the run and stay there.
      // Over 100 sites: the visitors are what grows here, not the sites (the 10,000-site row shows those).
      const sites = MEMORY_SITES;
      const server = await appWithSites(sites, { restart: true, rateLimits: MEMORY_LIMITS });
      const requests = patchesRequests({ sites, visitors: null, spread: true });
      await measure({ url: server.url, pid: server.pid, requests, connections: CONNECTIONS, amount: sites });
      const samples = [{ visitors: 0, rssMb: rssMb(server.pid) }];
      const chunk = Math.ceil(MEMORY_VISITORS / MEMORY_SAMPLES);
      const loads = [];
      for (let k = 1; k <= MEMORY_SAMPLES; k++) {
        const m = await measure({ url: server.url, pid: server.pid, requests, connections: CONNECTIONS, amount: chunk });
        loads.push(m);
        samples.push({ visitors: k * chunk, rssMb: m.rssMb });
        log(`memory: ${(k * chunk).toLocaleString("en-US")} distinct visitors, RSS ${m.rssMb.toFixed(0)} MB`);
      }
      const last = loads.at(-1);
      const svc = {
        ...last,
        rps: loads.reduce((a, m) => a + m.rps, 0) / loads.length,
        itemsPerSecond: null,
        non2xx: loads.reduce((a, m) => a + m.non2xx, 0),
      };
      const label = `memory: ${(chunk * MEMORY_SAMPLES).toLocaleString("en-US")} visitors, /api/patches, limits ${MEMORY_LIMITS ? "on" : "off"}`;
      row(label, svc, null, { memory: { samples, growth: memoryGrowth(samples) } });
      await stop(app);
      app = null;
    });

    await section("results", async () => {
      if (app) await stop(app);
      app = null;
      log("seeding the results bench (10^4, 10^6, 10^8 events)");
      await seedResultsBench({ dataDir: database.dataDir, databaseUrl: database.databaseUrl });
      const server = await appWithSites(0, { restart: true });
      const pages = [
        ["results page", (id) => `/app/tests/${id}`],
        ["export.csv", (id) => `/app/tests/${id}/export.csv`],
        ["segments export.csv", (id) => `/app/tests/${id}/export.csv?segments=1`],
      ];
      for (const [label, page] of pages) {
        const get = (id) => [{ method: "GET", path: page(id) }];
        await warm(server, get("bench-1e8"));
        let base;
        for (const events of ["1e4", "1e6", "1e8"]) {
          // 4 connections: an admin page, opened by a merchant, not by every visitor.
          const svc = await load(server, get(`bench-${events}`), 1, 4);
          base ??= svc.rps;
          row(`GET ${label}, ${events} events (${(svc.rps / base).toFixed(2)}× 1e4)`, svc, null);
        }
      }
    });
  } finally {
    if (app) await stop(app);
  }
  return rows;
}

const bare = await startBare();
// `BENCH_PGLITE=off` with BENCH_DATABASE_URL: PostgreSQL only (the memory run then runs there).
const databases = [...(process.env.BENCH_PGLITE === "off" && process.env.BENCH_DATABASE_URL ? [] : [null]), ...(process.env.BENCH_DATABASE_URL ? [process.env.BENCH_DATABASE_URL] : [])];
const rows = [];
const failures = [];
try {
  await warm(bare, patchesRequests({ sites: 1 }));
  for (const [index, serverUrl] of databases.entries()) {
    const database = await createDatabase(serverUrl);
    log(`database: ${database.kind}`);
    try {
      rows.push(...(await benchDatabase(database, bare, { memory: index === 0, serverUrl })));
    } finally {
      // `BENCH_KEEP_DATABASE=1`: left for EXPLAIN and pg_stat_statements (drop it by the name logged).
      if (process.env.BENCH_KEEP_DATABASE === "1") log(`database kept: ${database.name ?? database.dataDir}`);
      else await database.drop();
    }
  }
} finally {
  await stop(bare);
}

const report = {
  date: new Date().toISOString(),
  machine: { cores: os.cpus().length, cpu: os.cpus()[0]?.model, node: process.version, memoryGb: Math.round(os.totalmem() / 2 ** 30) },
  settings: { seconds: SECONDS, connections: CONNECTIONS, memoryVisitors: MEMORY_VISITORS, memoryLimits: MEMORY_LIMITS, sections: [...sections] },
  rows,
  failures,
};
const out = path.join(root, "bench-output");
mkdirSync(out, { recursive: true });
const file = path.join(out, `${report.date.replace(/[:.]/g, "-")}.json`);
writeFileSync(file, JSON.stringify(report, null, 2));
writeFileSync(path.join(out, "latest.json"), JSON.stringify(report, null, 2));

console.log(`\nsvc bench ${report.date}: ${CONNECTIONS} connections, ${SECONDS} s per load, ${report.machine.cores} cores (${report.machine.cpu}), Node ${process.version}`);
console.log("CPU %: of one core, for svc's process / the load generator (this process) / all PostgreSQL processes / the whole machine (of all cores)");
console.log("pg µs/item: CPU of the PostgreSQL backends serving the bench's database per item stored (—: PGlite, inside svc's process)\n");
console.log(formatTable(rows));
for (const failure of failures) console.log(`FAILED: ${failure}`);
console.log(`\nwritten to ${path.relative(root, file)} and bench-output/latest.json`);
process.exitCode = failures.length > 0 ? 1 : 0;
