// What a test's results are built from: the test as its shop sees it, its rollups, and flicker figures.
import { prisma } from "~/db.server";
import type { RollupRow } from "~/domain/results/build-results";
import { FLICKER_SAMPLE, type FlickerNetworkRow } from "~/domain/results/flicker-guardrail";
import type { FlickerStats } from "~/domain/results/view";

/** The test with its arms, goals and site, if it belongs to one of this shop's sites. */
export async function findTestOfShop(shopDomain: string, testId: string) {
  const db = await prisma();
  return db.test.findFirst({
    where: { id: testId, site: { shop: { domain: shopDomain } } },
    include: {
      site: { select: { id: true, publicId: true, kind: true, currency: true, serverGoals: true, shop: { select: { liftPriorSd: true } } } },
      arms: { orderBy: { position: "asc" } },
      goals: true,
    },
  });
}

export async function readRollupRows(siteId: string, testId: string): Promise<RollupRow[]> {
  const db = await prisma();
  const rows = await db.dailyRollup.findMany({ where: { siteId, testId } });
  return rows.map((r) => ({
    armId: r.armId,
    goal: r.goal,
    day: r.day.toISOString().slice(0, 10),
    currency: r.currency,
    exposures: r.exposures,
    exposedVisitors: r.exposedVisitors,
    convertingVisitors: r.convertingVisitors,
    conversions: r.conversions,
    revenue: Number(r.revenue),
    revenueSquares: Number(r.revenueSquares),
    refunded: Number(r.refunded),
    refundedOrders: r.refundedOrders,
    cappedRevenue: Number(r.cappedRevenue),
    cappedRevenueSquares: Number(r.cappedRevenueSquares),
    cappedRevenueCubes: r.cappedRevenueCubes === null ? null : Number(r.cappedRevenueCubes),
    conversionSquares: Number(r.conversionSquares),
    revenueConversions: Number(r.revenueConversions),
    cappedRevenueConversions: Number(r.cappedRevenueConversions),
    covariateSum: r.covariateSum === null ? null : Number(r.covariateSum),
    covariateSquares: r.covariateSquares === null ? null : Number(r.covariateSquares),
    covariateRevenueProducts: r.covariateRevenueProducts === null ? null : Number(r.covariateRevenueProducts),
    costedOrders: r.costedOrders,
    orderCost: Number(r.orderCost),
    costedNetRevenue: Number(r.costedNetRevenue),
    uncostedOrders: r.uncostedOrders,
    subscriptionOrders: r.subscriptionOrders,
    subscriptionNetRevenue: Number(r.subscriptionNetRevenue),
  }));
}

/**
 * The flicker card's window (the FLICKER_SAMPLE most recent exposures) per arm and network: how many, and how
 * many hid for `limitMs` or longer, for the flicker guardrail's robust view; only exposures after `since` when given.
 */
export async function readFlickerNetworks(siteId: string, testId: string, limitMs: number, since: Date | null = null): Promise<FlickerNetworkRow[]> {
  const db = await prisma();
  const after = since ?? new Date(0);
  const rows = await db.$queryRaw<Array<{ armId: string; network: string; exposures: number; slow: number }>>`
    SELECT "armId", COALESCE("network", '') AS network, count(*)::int AS exposures,
           (count(*) FILTER (WHERE "msHidden" >= ${limitMs}))::int AS slow
      FROM (SELECT "armId", "network", "msHidden" FROM "Exposure"
             WHERE "siteId" = ${siteId} AND "testId" = ${testId} AND "exposedAt" > ${after}
             ORDER BY "exposedAt" DESC LIMIT ${FLICKER_SAMPLE}) recent
     GROUP BY "armId", COALESCE("network", '')`;
  return rows.map((r) => ({ armId: r.armId, network: r.network, exposures: Number(r.exposures), slow: Number(r.slow) }));
}

export async function readFlickerStats(siteId: string, testId: string): Promise<FlickerStats[]> {
  const db = await prisma();
  const rows = await db.$queryRaw<Array<{
    armId: string; exposures: number; med_apply: number | null; p95_apply: number | null; med_hidden: number | null; p95_hidden: number | null;
  }>>`
    SELECT "armId", count(*)::int AS exposures,
           percentile_cont(0.5) WITHIN GROUP (ORDER BY "msToApply")::float AS med_apply,
           percentile_cont(0.95) WITHIN GROUP (ORDER BY "msToApply")::float AS p95_apply,
           percentile_cont(0.5) WITHIN GROUP (ORDER BY "msHidden")::float AS med_hidden,
           percentile_cont(0.95) WITHIN GROUP (ORDER BY "msHidden")::float AS p95_hidden
      FROM (SELECT "armId", "msToApply", "msHidden" FROM "Exposure"
             WHERE "siteId" = ${siteId} AND "testId" = ${testId}
             ORDER BY "exposedAt" DESC LIMIT ${FLICKER_SAMPLE}) recent
     GROUP BY "armId"`;
  return rows.map((r) => ({
    armId: r.armId,
    exposures: r.exposures,
    medianMsToApply: r.med_apply,
    p95MsToApply: r.p95_apply,
    medianMsHidden: r.med_hidden,
    p95MsHidden: r.p95_hidden,
  }));
}
