// Exposures: the first arm each session was shown per test, which attribution reads.
import type { Tx } from "./transaction.server";

export async function listSessionExposures(tx: Tx, siteId: string, sessionId: string) {
  return tx.exposure.findMany({
    where: { siteId, sessionId },
    select: { testId: true, armId: true, exposedAt: true, visitorId: true },
  });
}
