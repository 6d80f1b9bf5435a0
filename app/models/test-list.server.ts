// The admin's tests list as read from the database: one shop's tests with their site, arms and goals,
// and their rollups added up over all days (per test × arm × goal × currency).
import { prisma } from "~/db.server";
import type { RollupRow } from "~/domain/results/build-results";

/** Every test on this shop's sites, newest first. */
export async function listTestsOfShop(shopDomain: string) {
  const db = await prisma();
  return db.test.findMany({
    where: { site: { shop: { domain: shopDomain } } },
    orderBy: { createdAt: "desc" },
    select: {
      id: true,
      siteId: true,
      name: true,
      status: true,
      pausedReason: true,
      trafficPercent: true,
      audience: true,
      groupShare: true,
      group: { select: { name: true } },
      minDetectableEffect: true,
      startedAt: true,
      endedAt: true,
      winnerArmId: true,
      scheduledStartAt: true,
      scheduledEndAt: true,
      stopWhenDecided: true,
      servingWinner: true,
      site: { select: { publicId: true, name: true, status: true, pausedReason: true } },
      arms: { orderBy: { position: "asc" }, select: { id: true, name: true, weight: true } },
      goals: { select: { label: true, isPrimary: true } },
    },
  });
}

/**
 * The tests' rollups summed over days, as rollup rows of one pseudo-day (""): what the totals need,
 * without reading a row per day per test.
 */
export async function readRollupTotals(tests: ReadonlyArray<{ id: string; siteId: string }>): Promise<Map<string, RollupRow[]>> {
  const byTest = new Map<string, RollupRow[]>(tests.map((t) => [t.id, []]));
  if (tests.length === 0) return byTest;
  const db = await prisma();
  const groups = await db.dailyRollup.groupBy({
    by: ["testId", "armId", "goal", "currency"],
    where: { siteId: { in: [...new Set(tests.map((t) => t.siteId))] }, testId: { in: tests.map((t) => t.id) } },
    _sum: {
      exposures: true,
      exposedVisitors: true,
      convertingVisitors: true,
      conversions: true,
      revenue: true,
      revenueSquares: true,
      refunded: true,
    },
  });
  for (const g of groups) {
    byTest.get(g.testId)?.push({
      armId: g.armId,
      goal: g.goal,
      day: "",
      currency: g.currency,
      exposures: g._sum.exposures ?? 0,
      exposedVisitors: g._sum.exposedVisitors ?? 0,
      convertingVisitors: g._sum.convertingVisitors ?? 0,
      conversions: g._sum.conversions ?? 0,
      revenue: Number(g._sum.revenue ?? 0),
      revenueSquares: Number(g._sum.revenueSquares ?? 0),
      refunded: Number(g._sum.refunded ?? 0),
    });
  }
  return byTest;
}
