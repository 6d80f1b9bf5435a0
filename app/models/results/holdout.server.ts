// The store-wide holdout: a site's setting (Site.holdoutPercent and its run) and the sums of its two sides,
// read from the rollups the holdout pseudo-test's exposures and conversions feed (docs/traffic.md).
import { prisma } from "~/db.server";
import type { SideSums } from "~/domain/results/holdout";

export interface HoldoutSite {
  id: string;
  publicId: string;
  name: string;
  currency: string;
  holdoutPercent: number;
  holdoutRunId: string | null;
  holdoutSince: Date | null;
  /** The current run's revenue cap (site currency) and where it came from; null: the run is not capped. */
  holdoutRevenueCap: number | null;
  holdoutRevenueCapSource: string | null;
}

const HOLDOUT_SITE = {
  id: true,
  publicId: true,
  name: true,
  currency: true,
  holdoutPercent: true,
  holdoutRunId: true,
  holdoutSince: true,
  holdoutRevenueCap: true,
  holdoutRevenueCapSource: true,
} as const;

type HoldoutSiteRow = Omit<HoldoutSite, "holdoutRevenueCap"> & { holdoutRevenueCap: { toString(): string } | null };
const fromRow = (row: HoldoutSiteRow): HoldoutSite => ({ ...row, holdoutRevenueCap: row.holdoutRevenueCap === null ? null : Number(row.holdoutRevenueCap) });

/** The shop's sites with their holdout setting, oldest first. */
export async function listHoldoutSites(shopDomain: string): Promise<HoldoutSite[]> {
  const db = await prisma();
  return (await db.site.findMany({ where: { shop: { domain: shopDomain } }, orderBy: { createdAt: "asc" }, select: HOLDOUT_SITE })).map(fromRow);
}

/**
 * Sets the site's holdout share. A new share starts a new run (`runId`, from `now`) with the revenue cap fixed
 * for it (`cap`, as a test fixes its own when it starts), so that a run compares one fixed split under one
 * cap; 0 ends it. The same share again changes nothing. Null when the site is not the shop's.
 */
export async function writeHoldout(
  shopDomain: string,
  publicId: string,
  percent: number,
  run: { id: string; since: Date; cap: { amount: number; source: string } | null },
): Promise<HoldoutSite | null> {
  const db = await prisma();
  const site = await db.site.findFirst({ where: { publicId, shop: { domain: shopDomain } }, select: HOLDOUT_SITE });
  if (!site) return null;
  if (site.holdoutPercent === percent) return fromRow(site);
  const data =
    percent === 0
      ? { holdoutPercent: 0, holdoutRunId: null, holdoutSince: null, holdoutRevenueCap: null, holdoutRevenueCapSource: null }
      : { holdoutPercent: percent, holdoutRunId: run.id, holdoutSince: run.since, holdoutRevenueCap: run.cap?.amount ?? null, holdoutRevenueCapSource: run.cap?.source ?? null };
  return fromRow(await db.site.update({ where: { id: site.id }, data, select: HOLDOUT_SITE }));
}

/** One side's sums on one goal (`SideSums`: the holdout page's figures are read from them). */
export interface HoldoutRollupSums extends SideSums {
  armId: string;
  goal: string;
}

/**
 * Per side (armId) and goal ("" holds the exposures), the run's rollups over the days from..to (YYYY-MM-DD,
 * both included): first-exposed visitors, converting visitors (every currency), and revenue in the site's
 * currency, as recorded and capped at the run's cap with Σ per-visitor capped revenue² and ³.
 */
export async function holdoutRollupSums(site: { id: string; currency: string }, runId: string, from: string, to: string): Promise<HoldoutRollupSums[]> {
  const db = await prisma();
  const rows = await db.dailyRollup.findMany({
    where: { siteId: site.id, testId: runId, day: { gte: new Date(`${from}T00:00:00Z`), lte: new Date(`${to}T00:00:00Z`) } },
    select: {
      armId: true,
      goal: true,
      currency: true,
      exposedVisitors: true,
      convertingVisitors: true,
      revenue: true,
      cappedRevenue: true,
      cappedRevenueSquares: true,
      cappedRevenueCubes: true,
    },
  });
  const sums = new Map<string, HoldoutRollupSums>();
  for (const row of rows) {
    const key = `${row.armId}\u0000${row.goal}`;
    const sum = sums.get(key) ?? { armId: row.armId, goal: row.goal, visitors: 0, converters: 0, revenue: 0, cappedRevenue: 0, cappedRevenueSquares: 0, cappedRevenueCubes: 0 };
    sum.visitors += row.exposedVisitors;
    sum.converters += row.convertingVisitors;
    if (row.currency === site.currency) {
      sum.revenue += Number(row.revenue);
      sum.cappedRevenue += Number(row.cappedRevenue);
      sum.cappedRevenueSquares += Number(row.cappedRevenueSquares);
      sum.cappedRevenueCubes = sum.cappedRevenueCubes === null || row.cappedRevenueCubes === null ? null : sum.cappedRevenueCubes + Number(row.cappedRevenueCubes);
    }
    sums.set(key, sum);
  }
  return [...sums.values()];
}
