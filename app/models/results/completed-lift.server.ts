// A shop's completed comparisons for chance to win's prior: written on each variant when its test completes,
// read back most recent first, so the results page reads a few hundred numbers rather than old tests' rollups.
import { prisma } from "~/db.server";
import type { CompletedLift } from "~/domain/results/completed-lift";
import type { PastComparison } from "~/domain/results/shop-prior";
import type { Tx } from "~/models/transaction.server";

/** Records each variant's figures in the transaction that completes the test. */
export async function recordCompletedLifts(tx: Tx, testId: string, lifts: readonly CompletedLift[]): Promise<void> {
  for (const lift of lifts) {
    await tx.arm.updateMany({
      where: { id: lift.armId, testId },
      data: { finalLogLift: lift.logLift, finalLogLiftVariance: lift.variance },
    });
  }
}

/**
 * The shop's recorded comparisons, from the most recently ended test on, at most `limit` of them, leaving out
 * `exceptTestId` (a completed test's own page does not learn its prior from itself).
 */
export async function readPastComparisons(shopDomain: string, limit: number, exceptTestId?: string): Promise<PastComparison[]> {
  const db = await prisma();
  const rows = await db.arm.findMany({
    where: {
      finalLogLift: { not: null },
      finalLogLiftVariance: { not: null },
      test: { site: { shop: { domain: shopDomain } }, ...(exceptTestId !== undefined && { id: { not: exceptTestId } }) },
    },
    orderBy: [{ test: { endedAt: "desc" } }, { id: "asc" }],
    take: limit,
    select: { testId: true, finalLogLift: true, finalLogLiftVariance: true },
  });
  return rows.map((r) => ({ testId: r.testId, logLift: r.finalLogLift ?? Number.NaN, variance: r.finalLogLiftVariance ?? Number.NaN }));
}
