// Exposures: the first arm each session was shown per test, which attribution reads.
import type { Tx } from "./transaction.server";

export interface ExposureRow {
  siteId: string;
  testId: string;
  sessionId: string;
  visitorId: string;
  armId: string;
  eventId: string;
  exposedAt: Date;
  msToApply: number;
  msHidden: number;
}

/** Records the session's first exposure to the test; false when the session already had one. */
export async function insertFirstExposure(tx: Tx, row: ExposureRow): Promise<boolean> {
  const { count } = await tx.exposure.createMany({ data: [row], skipDuplicates: true });
  return count === 1;
}

/** How many sessions of this visitor were exposed to the test (1 right after their first). */
export async function countVisitorExposures(tx: Tx, siteId: string, testId: string, visitorId: string) {
  return tx.exposure.count({ where: { siteId, testId, visitorId } });
}

export async function listSessionExposures(tx: Tx, siteId: string, sessionId: string) {
  return tx.exposure.findMany({
    where: { siteId, sessionId },
    select: { testId: true, armId: true, exposedAt: true, visitorId: true },
  });
}
