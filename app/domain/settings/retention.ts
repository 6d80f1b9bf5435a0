// Raw-event retention: which events are past a shop's retention, and how the deleting job splits the work.

const DAY_MS = 24 * 60 * 60 * 1000;

/** Events that occurred before this instant are past retention (whole days back from `now`). */
export function retentionCutoff(now: Date, retentionDays: number): Date {
  if (!Number.isInteger(retentionDays) || retentionDays < 1) throw new RangeError(`retentionDays must be a positive integer, not ${retentionDays}`);
  return new Date(now.getTime() - retentionDays * DAY_MS);
}

/** Rows one DELETE statement removes at most: short statements, so the snippet's inserts never wait long. */
export const RETENTION_BATCH_SIZE = 5_000;
/** Statements one shop gets per run at most; the rest waits for the next hourly run, so one run stays bounded. */
export const RETENTION_MAX_BATCHES_PER_SHOP = 200;

/**
 * Whether to run another batch: while the last one was full (more may be left) and the run's budget
 * for this shop is not spent.
 */
export function shouldContinue(batchesRun: number, lastBatchDeleted: number, batchSize = RETENTION_BATCH_SIZE, maxBatches = RETENTION_MAX_BATCHES_PER_SHOP): boolean {
  if (batchesRun === 0) return true;
  return lastBatchDeleted >= batchSize && batchesRun < maxBatches;
}

export interface RetentionRunSummary {
  shops: number;
  deleted: number;
  batches: number;
  failedShops: number;
  ms: number;
}

/** The one log line a run prints. */
export function describeRetentionRun(run: RetentionRunSummary): string {
  return (
    `retention: deleted ${run.deleted} raw event(s) in ${run.batches} batch(es) across ${run.shops} shop(s)` +
    (run.failedShops ? `, ${run.failedShops} shop(s) failed` : "") +
    ` in ${run.ms} ms`
  );
}
