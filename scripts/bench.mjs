// npm run bench: throughput and latency of the hot paths (/api/patches, /api/events) on this machine,
// each beside a bare Node `http` server doing the least the same request needs, measured in the same
// run. The ratio is the figure that matters; absolute numbers depend on the machine.
import { spawn } from "node:child_process";
import { createServer } from "node:http";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { seedResultsBench } from "./bench-results.mjs";
import { ensureBuilt, ensurePackages, ensurePrismaClient, root } from "./project.mjs";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const EVENTS_PER_BATCH = 10;

ensurePackages();
ensurePrismaClient();
ensureBuilt();

const id = () => randomBytes(9).toString("base64url");
const visitors = Array.from({ length: 1000 }, id);

/** The baseline: parse the query or read the body, answer a small JSON. Nothing else. */
function startBare() {
  const answer = JSON.stringify({ ttl: 300, tests: [{ test: "demo-headline", arm: "demo-headline-b", pages: ["/demo"] }] });
  const server = createServer((req, res) => {
    if (req.method === "GET") {
      new URL(req.url, "http://x").searchParams.get("vid");
      res.writeHead(200, { "Content-Type": "application/json", "Cache-Control": "no-store" }).end(answer);
      return;
    }
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      JSON.parse(body);
      res.writeHead(200, { "Content-Type": "application/json" }).end('{"accepted":10}');
    });
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

function startApp(dataDir) {
  const env = { ...process.env, NODE_ENV: "production", PORT: "0", HOST: "127.0.0.1", SVC_DEMO: "1", SVC_RATE_LIMITS: "off" };
  if (process.env.BENCH_DATABASE_URL) env.DATABASE_URL = process.env.BENCH_DATABASE_URL;
  else { delete env.DATABASE_URL; env.SVC_DATA_DIR = dataDir; }
  const child = spawn(process.execPath, ["build/server.js"], { cwd: root, env, stdio: ["ignore", "pipe", "inherit"] });
  return new Promise((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (chunk) => {
      out += chunk;
      const match = /listening on http:\/\/localhost:(\d+)/.exec(out);
      if (match) resolve({ child, url: `http://127.0.0.1:${match[1]}`, database: /database: (\S+)/.exec(out)?.[1] });
    });
    child.on("exit", (code) => reject(new Error(`server exited with ${code}:\n${out}`)));
  });
}

async function stopApp(app) {
  app.child.kill("SIGTERM");
  await new Promise((r) => app.child.once("exit", r));
}

function patchesRequests() {
  let i = 0;
  return [{
    method: "GET",
    setupRequest: (req) => ({
      ...req,
      path: `/api/patches?site=demo&vid=${visitors[i++ % visitors.length]}&sid=${id()}&url=http%3A%2F%2Fshop.test%2Fdemo`,
    }),
  }];
}

function eventsRequests() {
  let i = 0;
  return [{
    method: "POST",
    path: "/api/events",
    headers: { "content-type": "text/plain;charset=UTF-8" },
    setupRequest: (req) => {
      const now = Date.now();
      const events = Array.from({ length: EVENTS_PER_BATCH }, () => ({ type: "pageview", id: id(), ts: now, path: "/demo" }));
      const body = JSON.stringify({ v: 1, site: "demo", vid: visitors[i++ % visitors.length], sid: id(), sent: now, events });
      return { ...req, body };
    },
  }];
}

async function measureGet(url, path, seconds = SECONDS) {
  const result = await autocannon({ url: url + path, connections: 4, duration: seconds });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx + result.errors };
}

async function measure(url, requests) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, requests });
  return {
    rps: result.requests.average,
    ok: result["2xx"],
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    p50: result.latency.p50,
    p99: result.latency.p99,
  };
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), "svc-bench-"));
const bare = await startBare();
const bareUrl = `http://127.0.0.1:${bare.address().port}`;
let app = await startApp(dataDir);
try {
  // Warm both up (JIT, caches, the site cache's first load) before measuring.
  await autocannon({ url: app.url, connections: 4, duration: 2, requests: patchesRequests() });
  await autocannon({ url: bareUrl, connections: 4, duration: 2, requests: patchesRequests() });

  const rows = [];
  for (const [name, requests, perRequest] of [
    ["GET /api/patches", patchesRequests, 1],
    [`POST /api/events (${EVENTS_PER_BATCH} events/batch)`, eventsRequests, EVENTS_PER_BATCH],
  ]) {
    const baseline = await measure(bareUrl, requests());
    const svc = await measure(app.url, requests());
    rows.push({ name, perRequest, baseline, svc });
  }

  const fmt = (n) => n.toFixed(0).padStart(8);
  console.log(`\nsvc bench: ${CONNECTIONS} connections, ${SECONDS} s each, database ${app.database}, ${os.cpus().length} cores`);
  console.log("endpoint                              |  bare rps |   svc rps | svc/bare | svc items/s | svc p50 ms | svc p99 ms | bare p50/p99 ms | svc non-2xx");
  for (const { name, perRequest, baseline, svc } of rows) {
    console.log(
      `${name.padEnd(37)} | ${fmt(baseline.rps)}  | ${fmt(svc.rps)}  | ${(svc.rps / baseline.rps).toFixed(3).padStart(8)} | ` +
        `${fmt(svc.rps * perRequest).padStart(11)} | ${String(svc.p50).padStart(10)} | ${String(svc.p99).padStart(10)} | ` +
        `${`${baseline.p50}/${baseline.p99}`.padStart(15)} | ${svc.non2xx + svc.errors}`,
    );
  }

  // Results at 10^4 and 10^8 events: stop the app (PGlite is one process's), seed, start it again.
  await stopApp(app);
  await seedResultsBench({ dataDir, databaseUrl: process.env.BENCH_DATABASE_URL });
  app = await startApp(dataDir);
  console.log("\nresults (2 arms, 3 goals, 90 days of rollups; flicker over the most recent exposures)");
  console.log("request                                   | events | rps | p50 ms | p99 ms | rps vs 1e4 | non-2xx");
  for (const [label, path] of [
    ["GET /app/tests/:id (results page)", (id) => `/app/tests/${id}`],
    ["GET /app/tests/:id/export.csv", (id) => `/app/tests/${id}/export.csv`],
  ]) {
    await measureGet(app.url, path("bench-1e8"), 2);
    let base;
    for (const events of ["1e4", "1e6", "1e8"]) {
      const m = await measureGet(app.url, path(`bench-${events}`));
      base ??= m.rps;
      console.log(
        `${label.padEnd(41)} | ${events.padStart(6)} | ${fmt(m.rps).trim().padStart(3)} | ${String(m.p50).padStart(6)} | ` +
          `${String(m.p99).padStart(6)} | ${(m.rps / base).toFixed(2).padStart(10)} | ${m.non2xx}`,
      );
    }
  }
} finally {
  app.child.kill("SIGTERM");
  bare.close();
  await new Promise((r) => app.child.once("exit", r));
  rmSync(dataDir, { recursive: true, force: true });
}
