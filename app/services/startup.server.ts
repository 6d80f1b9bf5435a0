// What the server does before it accepts requests: open and migrate the database, seed the demo.
import { appEnv } from "~/env.server";
import { analyzeDatabase, analyzeGrownTables, closeDatabase, openDatabase } from "~/models/database.server";
import { startDemo, startDemoMailCatcher } from "~/demo/public.server";
import { closeRedis } from "~/infra/redis.server";
import { startOutbox, stopOutbox } from "~/services/outbox.server";
import { startRetentionJob, stopRetentionJob } from "~/services/retention.server";
import { startRollupFold, stopRollupFold } from "~/services/storefront/rollup-fold.server";
import { startScheduleJob, stopScheduleJob, type OfflineAdmin } from "~/services/schedule.server";
import { listenForSiteChanges } from "~/services/site-cache.server";

export interface StartupOptions {
  baseUrl: string;
  log: (line: string) => void;
  /** A shop's Admin API outside a request (app/shopify.server.ts); the demo and tests may leave it out. */
  offlineAdmin?: OfflineAdmin;
}

export async function startup({ baseUrl, log, offlineAdmin = async () => null }: StartupOptions): Promise<void> {
  const env = appEnv();
  const database = await openDatabase();
  const { migrated } = database;
  log(
    `database: ${database.location}; migrations applied now: ${migrated.applied.length}` +
      (migrated.applied.length ? ` (${migrated.applied.join(", ")})` : "") +
      `, already applied: ${migrated.alreadyApplied}`,
  );
  if (database.wireUrl) log(`database: served to PostgreSQL clients on this machine at ${database.wireUrl} (SVC_PGLITE_PORT)`);
  if (database.kind === "pglite") keepStatisticsFresh(log);
  startRetentionJob(log);
  startRollupFold(env.rollupFoldEveryMs, log);
  listenForSiteChanges();
  const smtpUrl = env.smtpUrl ?? (env.demo ? await startDemoMailCatcher(log) : null);
  if (smtpUrl) startOutbox(smtpUrl, env.mailFrom, log);
  else log("mail: SVC_SMTP_URL is not set; owner emails wait in the outbox (table OutboxEmail) until it is");
  if (env.demo) await startDemo(baseUrl, log, env.shopify.credentials);
  startScheduleJob(env.scheduleEveryMs, offlineAdmin, log);
}

/**
 * PGlite has no autovacuum, so nothing refreshes the planner's statistics unless we do: all of them at
 * start and every 10 minutes, and every 5 s those of any table that doubled since (analyzeGrownTables),
 * as autovacuum would. Without the latter, statistics taken at start on nearly empty tables (one order
 * row) made the group commit's lookups sequential scans within 30 s of a restart (npm run bench: "after a
 * restart with an order").
 */
const ANALYZE_EVERY_MS = 10 * 60 * 1000;
const GROWTH_CHECK_EVERY_MS = 5_000;
let analyzeTimers: Array<ReturnType<typeof setInterval>> = [];

function keepStatisticsFresh(log: (line: string) => void): void {
  const failed = (error: unknown) => log(`ANALYZE failed: ${(error as Error).message}`);
  const analyze = () => analyzeDatabase().catch(failed);
  void analyze();
  if (analyzeTimers.length > 0) return;
  analyzeTimers = [setInterval(analyze, ANALYZE_EVERY_MS), setInterval(() => void analyzeGrownTables().catch(failed), GROWTH_CHECK_EVERY_MS)];
  for (const timer of analyzeTimers) timer.unref();
}

export async function shutdown(): Promise<void> {
  stopRetentionJob();
  await stopRollupFold();
  await stopScheduleJob();
  await stopOutbox();
  for (const timer of analyzeTimers) clearInterval(timer);
  analyzeTimers = [];
  closeRedis();
  await closeDatabase();
}
