// The store-wide holdout: a site's setting (Site.holdoutPercent and its run) and the sums of its two sides,
// read from the rollups the holdout pseudo-test's exposures and conversions feed (docs/traffic.md).
import { prisma } from "~/db.server";

export interface HoldoutSite {
  id: string;
  publicId: string;
  name: string;
  currency: string;
  holdoutPercent: number;
  holdoutRunId: string | null;
  holdoutSince: Date | null;
}

const HOLDOUT_SITE = { id: true, publicId: true, name: true, currency: true, holdoutPercent: true, holdoutRunId: true, holdoutSince: true } as const;

/** The shop's sites with their holdout setting, oldest first. */
export async function listHoldoutSites(shopDomain: string): Promise<HoldoutSite[]> {
  const db = await prisma();
  return db.site.findMany({ where: { shop: { domain: shopDomain } }, orderBy: { createdAt: "asc" }, select: HOLDOUT_SITE });
}

/**
 * Sets the site's holdout share. A new share starts a new run (`runId`, from `now`), so that a run compares
 * one fixed split; 0 ends it. The same share again changes nothing. Null when the site is not the shop's.
 */
export async function writeHoldout(shopDomain: string, publicId: string, percent: number, runId: string, now: Date): Promise<HoldoutSite | null> {
  const db = await prisma();
  const site = await db.site.findFirst({ where: { publicId, shop: { domain: shopDomain } }, select: HOLDOUT_SITE });
  if (!site) return null;
  if (site.holdoutPercent === percent) return site;
  const data = percent === 0 ? { holdoutPercent: 0, holdoutRunId: null, holdoutSince: null } : { holdoutPercent: percent, holdoutRunId: runId, holdoutSince: now };
  return db.site.update({ where: { id: site.id }, data, select: HOLDOUT_SITE });
}

export interface HoldoutRollupSums {
  armId: string;
  goal: string;
  visitors: number;
  converters: number;
  revenue: number;
  revenueSquares: number;
}

/**
 * Per side (armId) and goal ("" holds the exposures), the run's rollups over the days from..to (YYYY-MM-DD,
 * both included): first-exposed visitors, converting visitors (every currency), and revenue with Σ per-visitor
 * revenue² in the site's currency.
 */
export async function holdoutRollupSums(site: { id: string; currency: string }, runId: string, from: string, to: string): Promise<HoldoutRollupSums[]> {
  const db = await prisma();
  const rows = await db.dailyRollup.findMany({
    where: { siteId: site.id, testId: runId, day: { gte: new Date(`${from}T00:00:00Z`), lte: new Date(`${to}T00:00:00Z`) } },
    select: { armId: true, goal: true, currency: true, exposedVisitors: true, convertingVisitors: true, revenue: true, revenueSquares: true },
  });
  const sums = new Map<string, HoldoutRollupSums>();
  for (const row of rows) {
    const key = `${row.armId}\u0000${row.goal}`;
    const sum = sums.get(key) ?? { armId: row.armId, goal: row.goal, visitors: 0, converters: 0, revenue: 0, revenueSquares: 0 };
    sum.visitors += row.exposedVisitors;
    sum.converters += row.convertingVisitors;
    if (row.currency === site.currency) {
      sum.revenue += Number(row.revenue);
      sum.revenueSquares += Number(row.revenueSquares);
    }
    sums.set(key, sum);
  }
  return [...sums.values()];
}
