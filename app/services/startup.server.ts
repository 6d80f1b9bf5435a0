// What the server does before it accepts requests: open and migrate the database, seed the demo.
import { appEnv } from "~/env.server";
import { analyzeDatabase, closeDatabase, openDatabase } from "~/models/database.server";
import { startDemo, startDemoMailCatcher } from "~/demo/public.server";
import { closeRedis } from "~/infra/redis.server";
import { startOutbox, stopOutbox } from "~/services/outbox.server";
import { startRetentionJob, stopRetentionJob } from "~/services/retention.server";
import { listenForSiteChanges } from "~/services/storefront/site-cache.server";

export interface StartupOptions {
  baseUrl: string;
  log: (line: string) => void;
}

export async function startup({ baseUrl, log }: StartupOptions): Promise<void> {
  const env = appEnv();
  const database = await openDatabase();
  const { migrated } = database;
  log(
    `database: ${database.location}; migrations applied now: ${migrated.applied.length}` +
      (migrated.applied.length ? ` (${migrated.applied.join(", ")})` : "") +
      `, already applied: ${migrated.alreadyApplied}`,
  );
  if (database.kind === "pglite") keepStatisticsFresh(log);
  startRetentionJob(log);
  listenForSiteChanges();
  const smtpUrl = env.smtpUrl ?? (env.demo ? await startDemoMailCatcher(log) : null);
  if (smtpUrl) startOutbox(smtpUrl, env.mailFrom, log);
  else log("mail: SVC_SMTP_URL is not set; owner emails wait in the outbox (table OutboxEmail) until it is");
  if (env.demo) await startDemo(baseUrl, log, env.shopify.credentials);
}

/** PGlite has no autovacuum, so nothing refreshes the planner's statistics unless we do. */
const ANALYZE_EVERY_MS = 10 * 60 * 1000;
let analyzeTimer: ReturnType<typeof setInterval> | undefined;

function keepStatisticsFresh(log: (line: string) => void): void {
  const analyze = () => analyzeDatabase().catch((error: unknown) => log(`ANALYZE failed: ${(error as Error).message}`));
  void analyze();
  analyzeTimer ??= setInterval(analyze, ANALYZE_EVERY_MS);
  analyzeTimer.unref();
}

export async function shutdown(): Promise<void> {
  stopRetentionJob();
  await stopOutbox();
  if (analyzeTimer) clearInterval(analyzeTimer);
  analyzeTimer = undefined;
  closeRedis();
  await closeDatabase();
}
