// What the server does before it accepts requests: open and migrate the database, seed the demo.
import { appEnv } from "~/env.server";
import { closeDatabase, openDatabase } from "~/models/database.server";
import { startDemo, startDemoMailCatcher } from "~/demo/public.server";
import { closeRedis } from "~/infra/redis.server";
import { startOutbox, stopOutbox } from "~/services/outbox.server";
import { startStatisticsUpkeep, stopStatisticsUpkeep } from "~/services/planner-statistics.server";
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
  if ((await startStatisticsUpkeep(log)) && database.kind === "postgres") {
    log("database: autovacuum is off on this PostgreSQL server; svc analyses its tables itself (docs/database.md)");
  }
  startRetentionJob(log);
  startRollupFold(env.rollupFoldEveryMs, log);
  listenForSiteChanges();
  const smtpUrl = env.smtpUrl ?? (env.demo ? await startDemoMailCatcher(log) : null);
  if (smtpUrl) startOutbox(smtpUrl, env.mailFrom, log);
  else log("mail: SVC_SMTP_URL is not set; owner emails wait in the outbox (table OutboxEmail) until it is");
  if (env.demo) await startDemo(baseUrl, log, env.shopify.credentials);
  startScheduleJob(env.scheduleEveryMs, offlineAdmin, log);
}

export async function shutdown(): Promise<void> {
  stopRetentionJob();
  await stopRollupFold();
  await stopScheduleJob();
  await stopOutbox();
  stopStatisticsUpkeep();
  closeRedis();
  await closeDatabase();
}
