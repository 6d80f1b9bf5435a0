// npm run bench:flood: how long a request on a NEW connection waits while 400 keep-alive connections flood
// the server (issue 20: svc took 5-13 s, a bare Node server 40-150 ms). Measured 2026-11-25 on 2 shared
// cores, in one run each: under the events flood svc's probe p50/p95 is 6/56 ms on PGlite and 16/68 ms on
// PostgreSQL (bare: 59/98 and 76/111 ms); under the patches flood 60/80 and 59/1,209 ms (54/130 the run
// before; bare: 32/54, 45/67 ms). Before PGlite ran on a worker thread (ADR 015) it was 3-7.5 s on PGlite,
// its writes holding the server's event loop for seconds at a time. svc and the bare server
// (bench-bare.mjs) are flooded the same way in the same run, with GET /api/patches and then POST
// /api/events; meanwhile a probe opens a fresh connection every 100 ms and times GET /api/patches to its
// answer's headers. Loopback only. Figures: the flood's requests/s and the probe's p50/p95/max.
//
//   node scripts/bench-flood.mjs [--seconds=10] [--connections=400] [--no-setup]
//   BENCH_DATABASE_URL=postgres://… to run svc on PostgreSQL instead of a fresh PGlite folder.
import http from "node:http";
import autocannon from "autocannon";
import { ensureBuilt, ensurePackages, ensurePrismaClient } from "./project.mjs";
import { createDatabase, startApp, startBare, stop } from "./bench-process.mjs";
import { eventsRequests, fetchAssignments, patchesRequests } from "./bench-load.mjs";
import { seedSites, siteId } from "./bench-seed.mjs";

const arg = (name, fallback) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? fallback);
const SECONDS = arg("seconds", 10);
const CONNECTIONS = arg("connections", 400);
const SITES = 20;

if (!process.argv.includes("--no-setup")) {
  ensurePackages();
  ensurePrismaClient();
  ensureBuilt();
}

/** Times one GET on a connection of its own: milliseconds from connecting to the answer's headers. */
function probe(url, path) {
  return new Promise((resolve) => {
    const started = performance.now();
    const req = http.get(`${url}${path}`, { agent: false, timeout: 30_000 }, (res) => {
      resolve(performance.now() - started);
      res.resume();
    });
    req.on("timeout", () => req.destroy());
    req.on("error", () => resolve(Number.POSITIVE_INFINITY));
  });
}

/** Floods `url` with `requests` on CONNECTIONS connections for SECONDS while probing; answers the figures. */
async function flooded(url, requests) {
  const load = autocannon({ url, connections: CONNECTIONS, duration: SECONDS, requests, timeout: 30 });
  const latencies = [];
  const pending = [];
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const until = Date.now() + (SECONDS - 2) * 1000;
  let n = 0;
  while (Date.now() < until) {
    const path = `/api/patches?site=${siteId(n % SITES)}&vid=probe${n}&sid=probe${n}&url=http%3A%2F%2Fshop.test%2Fbench`;
    pending.push(probe(url, path).then((ms) => latencies.push(ms)));
    n++;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await Promise.all(pending);
  const result = await load;
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
  return { rps: Math.round(result.requests.average), errors: result.errors + result.timeouts, probes: latencies.length, p50: at(0.5), p95: at(0.95), max: latencies.at(-1) };
}

const database = await createDatabase(process.env.BENCH_DATABASE_URL);
const rows = [];
try {
  // The first start migrates the database; the sites are seeded while it is stopped (PGlite: one process).
  await stop(await startApp(database));
  await seedSites(database, { from: 0, to: SITES, testsPerSite: 1 });
  const app = await startApp(database);
  const visitors = await fetchAssignments(app.url, { sites: SITES, visitors: 2000 });
  const bare = await startBare();
  try {
    for (const [flood, requests] of [
      ["GET /api/patches", () => patchesRequests({ sites: SITES })],
      ["POST /api/events (10 events)", () => eventsRequests({ visitors, perBatch: 10 })],
    ]) {
      for (const [name, server] of [["bare node", bare], [`svc (${database.kind})`, app]]) {
        rows.push({ server: name, flood, ...(await flooded(server.url, requests())) });
      }
    }
  } finally {
    await stop(bare);
    await stop(app);
  }
} finally {
  await database.drop();
}

const ms = (v) => (Number.isFinite(v) ? `${Math.round(v)} ms` : "no answer");
console.log(`\nNew connections under a flood of ${CONNECTIONS} connections (${SECONDS} s each; probe: GET /api/patches on a fresh connection every 100 ms)\n`);
console.log("| server | flood | flood req/s | errors | probes | probe p50 | probe p95 | probe max |");
console.log("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |");
for (const r of rows) console.log(`| ${r.server} | ${r.flood} | ${r.rps} | ${r.errors} | ${r.probes} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.max)} |`);
