// The raw-event retention job: once an hour, each shop's Event rows older than its retention are deleted
// in bounded batches (rollups, exposures, conversions and orders stay, so results do not change).
import { RETENTION_BATCH_SIZE, RETENTION_MAX_BATCHES_PER_SHOP, describeRetentionRun, retentionCutoff, shouldContinue, type RetentionRunSummary } from "~/domain/settings/retention";
import { deleteEventsBefore, listSiteIdsOfShop } from "~/models/events/retention.server";
import { listShopRetention } from "~/models/shops/shop.server";

export interface RetentionOptions {
  now?: Date;
  batchSize?: number;
  maxBatchesPerShop?: number;
  log?: (line: string) => void;
}

let running: Promise<RetentionRunSummary | null> | null = null;

/**
 * One pass over every installed shop. A pass already under way is not started again (answers null). A
 * shop whose deletes fail is counted and skipped; one that cannot even be listed ends the pass, logged.
 */
export function runRetention(options: RetentionOptions = {}): Promise<RetentionRunSummary | null> {
  if (running) return Promise.resolve(null);
  running = runOnce(options).finally(() => {
    running = null;
  });
  return running;
}

async function runOnce({ now = new Date(), batchSize = RETENTION_BATCH_SIZE, maxBatchesPerShop = RETENTION_MAX_BATCHES_PER_SHOP, log = console.log }: RetentionOptions): Promise<RetentionRunSummary | null> {
  const started = Date.now();
  const summary: RetentionRunSummary = { shops: 0, deleted: 0, batches: 0, failedShops: 0, ms: 0 };
  try {
    for (const shop of await listShopRetention()) {
      summary.shops++;
      try {
        const cutoff = retentionCutoff(now, shop.retentionDays);
        let batches = 0;
        for (const siteId of await listSiteIdsOfShop(shop.id)) {
          let last = 0;
          let siteBatches = 0;
          while (batches < maxBatchesPerShop && shouldContinue(siteBatches, last, batchSize, maxBatchesPerShop)) {
            last = await deleteEventsBefore(siteId, cutoff, batchSize);
            siteBatches++;
            batches++;
            summary.deleted += last;
          }
        }
        summary.batches += batches;
      } catch (error) {
        summary.failedShops++;
        log(`retention: shop ${shop.domain} failed: ${(error as Error).message}`);
      }
    }
  } catch (error) {
    log(`retention: run failed: ${(error as Error).message}`);
    return null;
  }
  summary.ms = Date.now() - started;
  log(describeRetentionRun(summary));
  return summary;
}

/** Hourly; the first run waits a while after start, so a start-up is never slowed and short-lived test servers skip it. */
export const RETENTION_INTERVAL_MS = 60 * 60 * 1000;
export const RETENTION_FIRST_RUN_MS = 10 * 60 * 1000;

let timers: { first?: ReturnType<typeof setTimeout>; every?: ReturnType<typeof setInterval> } = {};

export function startRetentionJob(log: (line: string) => void): void {
  if (timers.first || timers.every) return;
  const tick = () => void runRetention({ log }).catch((error: unknown) => log(`retention: run failed: ${(error as Error).message}`));
  timers.first = setTimeout(() => {
    tick();
    timers.every = setInterval(tick, RETENTION_INTERVAL_MS);
    timers.every.unref();
  }, RETENTION_FIRST_RUN_MS);
  timers.first.unref();
}

export function stopRetentionJob(): void {
  clearTimeout(timers.first);
  clearInterval(timers.every);
  timers = {};
}
