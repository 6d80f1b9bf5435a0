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
      site: { select: { publicId: true, name: true, status: true, pausedReason: true, currency: true } },
      // The offer: a price test decides on profit per visitor (build-results.ts, decidesOnProfit), on the list as on its page.
      arms: { orderBy: { position: "asc" }, select: { id: true, name: true, weight: true, offer: true } },
      goals: { select: { label: true, isPrimary: true, isGuardrail: true } },
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
    _count: { _all: true, cappedRevenueCubes: true, profitSquares: true, profitCubes: true },
    where: { siteId: { in: [...new Set(tests.map((t) => t.siteId))] }, testId: { in: tests.map((t) => t.id) } },
    _sum: {
      exposures: true,
      exposedVisitors: true,
      convertingVisitors: true,
      conversions: true,
      revenue: true,
      revenueSquares: true,
      refunded: true,
      // The page's revenue per visitor is capped (docs/statistics.md, "Revenue capping"), and its decision
      // waits for it: the list reads the same sums so that the two cannot disagree.
      cappedRevenue: true,
      cappedRevenueSquares: true,
      cappedRevenueCubes: true,
      // Profit per visitor's sums: a price test's decision reads them (profit-comparison.ts).
      costedOrders: true,
      uncostedOrders: true,
      orderCost: true,
      costedNetRevenue: true,
      profitSquares: true,
      profitCubes: true,
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
      ...(g._sum.cappedRevenue !== null && { cappedRevenue: Number(g._sum.cappedRevenue) }),
      ...(g._sum.cappedRevenueSquares !== null && { cappedRevenueSquares: Number(g._sum.cappedRevenueSquares) }),
      // A sum over rows some of which lack cubes would understate them: unknown, as the page reads it.
      cappedRevenueCubes: g._count.cappedRevenueCubes === g._count._all && g._sum.cappedRevenueCubes !== null ? Number(g._sum.cappedRevenueCubes) : null,
      costedOrders: g._sum.costedOrders ?? 0,
      uncostedOrders: g._sum.uncostedOrders ?? 0,
      orderCost: Number(g._sum.orderCost ?? 0),
      costedNetRevenue: Number(g._sum.costedNetRevenue ?? 0),
      profitSquares: g._count.profitSquares === g._count._all ? Number(g._sum.profitSquares ?? 0) : null,
      profitCubes: g._count.profitCubes === g._count._all ? Number(g._sum.profitCubes ?? 0) : null,
    });
  }
  return byTest;
}
