// A test's status as the lifecycle reads and writes it: the test with its site, scoped to one shop, and
// one guarded write of the fields a transition changes.
import { prisma } from "~/db.server";
import type { CompletedLift } from "~/domain/results/completed-lift";
import type { TestStatus } from "~/generated/prisma/client";
import { recordCompletedLifts } from "~/models/results/completed-lift.server";
import { markHidePlanStale } from "~/models/shopify/hide-plan-state.server";
import { inTransaction } from "~/models/transaction.server";

/** The test with what its lifecycle needs (arms, goals, its site's state), if it is one of this shop's. */
export async function findTestStatusOfShop(shopDomain: string, testId: string) {
  const db = await prisma();
  return db.test.findFirst({
    where: { id: testId, site: { shop: { domain: shopDomain } } },
    select: {
      id: true,
      name: true,
      status: true,
      pausedReason: true,
      startedAt: true,
      endedAt: true,
      winnerArmId: true,
      servingWinner: true,
      pages: true,
      audience: true,
      groupId: true,
      arms: { orderBy: { position: "asc" }, select: { id: true, name: true, weight: true, patches: true, redirectUrl: true, offer: true } },
      goals: { select: { isPrimary: true, label: true } },
      site: { select: { id: true, publicId: true, status: true, pausedReason: true, currency: true, holdoutPercent: true } },
    },
  });
}

/** The site's running tests, with what the overlap check reads (app/domain/experiments/test-overlap.ts). */
export async function runningTestsOfSite(siteId: string) {
  const db = await prisma();
  return db.test.findMany({
    where: { siteId, status: "running" },
    orderBy: { createdAt: "asc" },
    select: { id: true, name: true, pages: true, groupId: true, group: { select: { name: true } }, arms: { select: { patches: true, redirectUrl: true } } },
  });
}

export interface StatusWrite {
  status: TestStatus;
  startedAt?: Date;
  endedAt?: Date;
  winnerArmId?: string | null;
  pausedReason?: null;
  /** Fixed once, when the test starts (app/domain/sites/revenue-cap.ts). */
  revenueCap?: number | null;
  revenueCapSource?: string | null;
  servingWinner?: boolean;
}

/**
 * Writes the change only if the test still has the status it was decided from, so two clicks racing
 * (or the service pausing the test meanwhile) cannot both apply. True when it was written; then, in the
 * same transaction, the shop's storefront plan is marked behind until it is rewritten (hide-plan-state), and
 * a completing test's figures for the shop's prior are recorded (`lifts`, completed-lift.server).
 */
export async function writeTestStatus(testId: string, from: TestStatus, change: StatusWrite, lifts: readonly CompletedLift[] = []): Promise<boolean> {
  return inTransaction(async (tx) => {
    const { count } = await tx.test.updateMany({ where: { id: testId, status: from }, data: change });
    if (count === 1) {
      await markHidePlanStale(tx, testId);
      await recordCompletedLifts(tx, testId, lifts);
    }
    return count === 1;
  });
}
