// The bench's processes and their cost: start/stop svc and the bare server, a throwaway database per
// run, and each process's resident memory and CPU time as /proc reports them.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { root } from "./project.mjs";

// Children still running, ended if the bench is interrupted (Ctrl-C) rather than left serving.
const running = new Set();
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    for (const child of running) child.kill("SIGKILL");
    process.exit(130);
  });
}

function startChild(args, env) {
  const child = spawn(process.execPath, args, { cwd: root, env, stdio: ["ignore", "pipe", "inherit"] });
  running.add(child);
  child.once("exit", () => running.delete(child));
  return new Promise((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (chunk) => {
      out += chunk;
      const match = /listening on http:\/\/(?:localhost|127\.0\.0\.1):(\d+)/.exec(out);
      if (match) {
        child.stdout.resume();
        resolve({ child, pid: child.pid, url: `http://127.0.0.1:${match[1]}` });
      }
    });
    child.on("exit", (code) => reject(new Error(`${args.join(" ")} exited with ${code}:\n${out}`)));
  });
}

/** svc's built server on `database`; rate limits off unless asked (a bench measures work, not refusals). */
export function startApp(database, { rateLimits = false } = {}) {
  const env = { ...process.env, NODE_ENV: "production", PORT: "0", HOST: "127.0.0.1", SVC_DEMO: "1" };
  // BENCH_CPU_PROF=1: V8 CPU profiles of svc, one per server start, to see what limits each figure.
  const profile = process.env.BENCH_CPU_PROF ? ["--cpu-prof", "--cpu-prof-dir", path.join(root, "bench-output", "profiles")] : [];
  // With limits on, the load says which client each request is from (patchesRequests' `spread`).
  if (rateLimits) {
    delete env.SVC_RATE_LIMITS;
    env.SVC_TRUST_PROXY = "1";
  } else env.SVC_RATE_LIMITS = "off";
  delete env.REDIS_URL;
  if (database.databaseUrl) env.DATABASE_URL = database.databaseUrl;
  else { delete env.DATABASE_URL; env.SVC_DATA_DIR = database.dataDir; }
  return startChild([...profile, "build/server.js"], env);
}

export function startBare() {
  return startChild([path.join("scripts", "bench-bare.mjs")], process.env);
}

export async function stop(server) {
  if (server.child.exitCode !== null) return;
  server.child.removeAllListeners("exit");
  const exited = new Promise((resolve) => server.child.once("exit", resolve));
  server.child.kill("SIGTERM");
  await exited;
}

/** VmRSS of a process, in MB. */
export function rssMb(pid) {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return match ? Number(match[1]) / 1024 : NaN;
}

const TICKS = 100; // USER_HZ on Linux

/** CPU seconds a process has used (user + system). */
function cpuSeconds(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / TICKS;
  } catch {
    return 0; // the process ended between listing and reading
  }
}

/** CPU seconds of each local PostgreSQL server process (ours and anyone else's on this machine), by pid. */
function postgresCpuSeconds() {
  const byPid = new Map();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, "utf8").trim() === "postgres") byPid.set(entry, cpuSeconds(entry));
    } catch { /* gone */ }
  }
  return byPid;
}

/**
 * CPU seconds of the PostgreSQL backends serving `database`, by pid: a backend's process title (its
 * /proc/<pid>/cmdline, which PostgreSQL rewrites) is "postgres: [<cluster_name>: ]<user> <database>
 * <client> <state>" (Debian's clusters set cluster_name, "15/main"), so the bench's own connections are told
 * from everyone else's on a shared server. Not counted: the server's
 * shared processes (WAL writer, checkpointer, autovacuum), which work for every database at once. No
 * pg_stat_statements: it needs shared_preload_libraries, which a stock server lacks.
 */
function backendCpuSeconds(database) {
  const byPid = new Map();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, "utf8").trim() !== "postgres") continue;
      const title = readFileSync(`/proc/${entry}/cmdline`, "utf8").replace(/\0/g, " ");
      const backend = /^postgres: (?:.+?: )?\S+ (\S+) (?:\[local\]|\S+\(\d+\))/.exec(title);
      if (backend?.[1] === database) byPid.set(entry, cpuSeconds(entry));
    } catch { /* gone */ }
  }
  return byPid;
}

/** CPU PostgreSQL used between two readings: processes that ended in between are not counted. */
function postgresUsed(before, after) {
  let used = 0;
  for (const [pid, seconds] of after) used += seconds - (before.get(pid) ?? 0);
  return used;
}

/** Busy and total CPU seconds of the whole machine (all cores). */
function machineSeconds() {
  const [, ...values] = readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).map(Number);
  const total = values.reduce((a, b) => a + b, 0) / TICKS;
  const idle = (values[3] + values[4]) / TICKS;
  return { busy: total - idle, total };
}

/**
 * Starts a CPU meter over the server `pid`, this process (the load generator), PostgreSQL and the machine;
 * its stop() answers each as percent of one core over the elapsed time (machine: percent of all cores).
 */
export function cpuMeter(pid, database = null) {
  const start = {
    at: process.hrtime.bigint(), server: cpuSeconds(pid), bench: process.cpuUsage(), pg: postgresCpuSeconds(), machine: machineSeconds(),
    own: database ? backendCpuSeconds(database) : null,
  };
  return () => {
    const seconds = Number(process.hrtime.bigint() - start.at) / 1e9;
    const bench = process.cpuUsage(start.bench);
    const machine = machineSeconds();
    const pct = (used) => Math.round((100 * used) / seconds);
    return {
      server: pct(cpuSeconds(pid) - start.server),
      loadGenerator: pct((bench.user + bench.system) / 1e6),
      postgres: pct(postgresUsed(start.pg, postgresCpuSeconds())),
      machine: Math.round((100 * (machine.busy - start.machine.busy)) / (machine.total - start.machine.total)),
      // CPU seconds of the backends serving `database` (null without one): what PostgreSQL spent on this load.
      ownPostgresSeconds: start.own ? postgresUsed(start.own, backendCpuSeconds(database)) : null,
    };
  };
}

/**
 * A fresh database for one run: a PGlite folder, or a new database on the PostgreSQL server at `serverUrl`
 * (created here, dropped by drop(), so repeated runs start from the same empty state).
 */
export async function createDatabase(serverUrl) {
  if (!serverUrl) {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "svc-bench-"));
    // analyze: nothing to do, the app analyzes PGlite's tables itself as they grow (startup.server.ts).
    return { kind: "pglite", databaseUrl: null, dataDir, analyze: async () => {}, drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  const name = `svc_bench_${randomBytes(5).toString("hex")}`;
  const admin = async (sql) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try { await client.query(sql); } finally { await client.end(); }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const analyze = async () => {
    const client = new pg.Client({ connectionString: url.href });
    await client.connect();
    try { await client.query("ANALYZE"); } finally { await client.end(); }
  };
  return { kind: "postgres", databaseUrl: url.href, dataDir: "", name, analyze, drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
