// npm run bench:writer: what the event writer costs PostgreSQL a realistic event, for groups of 1, 4 and 16 batches
// written one after another through writeEventGroup on a fresh database (BENCH_DATABASE_URL's server). Besides the
// backends' CPU it prints, when the server loads pg_stat_statements, the blocks touched and the WAL records and bytes
// written an event: counts that do not drift with the machine's speed, which on the 2-core machines here moved CPU
// figures by 30 % within minutes (docs/performance.md, "The command" and "Statistics, whole segments, …").
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import pg from "pg";

const server = process.env.BENCH_DATABASE_URL;
if (!server) {
  console.error("bench:writer measures PostgreSQL: set BENCH_DATABASE_URL (any database of the server; a fresh one is made beside it)");
  process.exit(2);
}
const SIZES = (process.env.BENCH_WRITER_SIZES ?? "1,4,16").split(",").map(Number);
const EVENTS_PER_SIZE = Number(process.env.BENCH_WRITER_EVENTS ?? 40_000);
const SITES = 100;
const VISITORS = 2_000;

const name = `svc_bench_writer_${randomBytes(5).toString("hex")}`;
const admin = new pg.Client({ connectionString: server });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
const url = new URL(server);
url.pathname = `/${name}`;
// Read once by the app's modules, so set before they load; the writer needs no Shopify, only a configuration that parses.
process.env.DATABASE_URL = url.href;
process.env.SHOPIFY_API_KEY ??= "bench";
process.env.SHOPIFY_API_SECRET ??= "bench";

try {
  await run();
} finally {
  const { disconnect } = await import("~/db.server");
  await disconnect().catch(() => {});
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}

async function run() {
  const { connect } = await import("~/db.server");
  const { getSiteConfig } = await import("~/services/site-cache.server");
  const { writeEventGroup } = await import("~/services/storefront/write-event-group.server");
  const { seedShop, seedSite, seedTest } = await import("../tests/support/seed");
  type Batch = Parameters<typeof writeEventGroup>[0][number];

  const { database } = await connect();
  const sql = database.sql;
  await seedShop(sql, { domain: "bench-writer.myshopify.com" });
  for (let s = 0; s < SITES; s++) {
    await seedSite(sql, { id: `bw${s}`, shop: "bench-writer.myshopify.com" });
    await seedTest(sql, { id: `bw${s}-t`, site: `bw${s}`, status: "running", goals: ["signup"] });
  }
  const sites = await Promise.all(Array.from({ length: SITES }, (_, s) => getSiteConfig(`bw${s}`)));
  let counter = 0;
  const id = (prefix: string) => `${prefix}${name.slice(-10)}${(counter++).toString(36)}`;
  let next = 0;
  // The bench's realistic batch (scripts/bench-load.mjs): a returning visitor's new session with its exposure, 8
  // pageviews and a conversion with a value; consecutive batches are of different sites, as a group's are.
  const batch = (): Batch => {
    const v = next++ % VISITORS;
    const site = sites[v % SITES]!;
    const now = Date.now();
    const at = (slot: number) => ({ id: id("e"), ts: now - (10 - slot) * 10, path: "/bench" });
    const events = [
      { ...at(0), type: "exposure" as const, test: `bw${v % SITES}-t`, arm: `bw${v % SITES}-t-${v % 2 ? "b" : "a"}`, msToApply: 120, msHidden: 0 },
      ...Array.from({ length: 8 }, (_, k) => ({ ...at(k + 1), type: "pageview" as const })),
      { ...at(9), type: "conversion" as const, goal: "signup", value: 10 + (next % 7) },
    ];
    const header = { v: 1 as const, site: site.publicId, vid: `v${v}`, sid: id("s"), sent: now };
    return { site, batch: { ...header, events }, events, receivedAt: new Date(), segment: "desktop|returning|direct|DE|", network: "bench" };
  };
  // First sessions, so that every measured batch is a returning visitor's; then statistics, as autovacuum would take.
  for (let i = 0; i < VISITORS / 10; i++) await writeEventGroup(Array.from({ length: 10 }, batch));
  await sql.exec("ANALYZE");

  // The view answers only when the server loads the library (shared_preload_libraries); the extension alone is not enough.
  await sql.exec("CREATE EXTENSION IF NOT EXISTS pg_stat_statements").catch(() => {});
  const loaded = await sql.query(`SELECT 1 FROM pg_stat_statements LIMIT 1`).then(() => true, () => false);
  const backends = async () => (await sql.query<{ pid: number }>(`SELECT pid FROM pg_stat_activity WHERE datname = current_database()`)).map((r) => r.pid);
  // utime + stime of a backend, in clock ticks (/proc/<pid>/stat's 14th and 15th fields).
  const ticks = (pid: number) => {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
      return Number(fields[11]) + Number(fields[12]);
    } catch {
      return 0;
    }
  };

  console.log(`\nbench:writer: ${SITES} sites, ${VISITORS} returning visitors, ${EVENTS_PER_SIZE.toLocaleString("en-US")} events a size, groups one after another`);
  console.log(`batches a group | events | pg CPU µs/event | pg CPU µs/group | blocks/event | WAL records/event | WAL bytes/event`);
  for (const k of SIZES) {
    const groups = Math.ceil(EVENTS_PER_SIZE / 10 / k);
    if (loaded) await sql.query(`SELECT pg_stat_statements_reset()`);
    const pids = await backends();
    const before = pids.map(ticks);
    for (let g = 0; g < groups; g++) await writeEventGroup(Array.from({ length: k }, batch));
    const cpu = pids.reduce((sum, pid, i) => sum + ticks(pid) - before[i]!, 0) / 100;
    const events = groups * k * 10;
    let counts = ["—", "—", "—"];
    if (loaded) {
      const [t] = await sql.query<{ blocks: number; records: number; bytes: number }>(
        `SELECT sum(shared_blks_hit + shared_blks_read)::float8 AS blocks, sum(wal_records)::float8 AS records, sum(wal_bytes)::float8 AS bytes
           FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database()) AND query NOT LIKE '%pg_stat_%'`,
      );
      counts = [(t!.blocks / events).toFixed(2), (t!.records / events).toFixed(2), (t!.bytes / events).toFixed(0)];
    }
    console.log(`${k} | ${events.toLocaleString("en-US")} | ${((cpu * 1e6) / events).toFixed(1)} | ${((cpu * 1e6) / groups).toFixed(0)} | ${counts.join(" | ")}`);
  }
  if (!loaded) console.log("(blocks and WAL: the server does not load pg_stat_statements; shared_preload_libraries = 'pg_stat_statements' and a restart)");
}
