// The holdout page: each site's holdout setting, and for the chosen site, period and goal the holdout
// against everyone else (app/domain/results/holdout.ts); saving a new share starts a new run.
import { randomBytes } from "node:crypto";
import { compareHoldout, holdoutPeriod, parseHoldoutPercent, type HoldoutComparison, type Period, type SideSums } from "~/domain/results/holdout";
import { HOLDOUT_ARM, REST_ARM } from "~/domain/experiments/patches-response";
import { PURCHASE_GOAL } from "~/domain/shopify/purchase";
import { holdoutRollupSums, listHoldoutSites, writeHoldout } from "~/models/holdout.server";
import { fail, invalidForm, ok, type Outcome } from "~/services/outcome";
import { invalidateSite } from "~/services/storefront/site-cache.server";

export interface HoldoutPage {
  sites: Array<{ id: string; name: string; percent: number }>;
  /** The chosen site; null when the shop has none. */
  site: { id: string; name: string; currency: string; percent: number; since: string | null } | null;
  period: Period | null;
  /** The goals with conversions in the period, and the one compared. */
  goals: string[];
  goal: string | null;
  comparison: HoldoutComparison | null;
}

const NO_SIDE: SideSums = { visitors: 0, converters: 0, revenue: 0, revenueSquares: 0 };

/** The page for `query.site` (a public Site ID; else the shop's first site), period and goal. */
export async function loadHoldoutPage(shopDomain: string, query: { site?: string | null; from?: string | null; to?: string | null; goal?: string | null }, now = new Date()): Promise<HoldoutPage> {
  const sites = await listHoldoutSites(shopDomain);
  const site = sites.find((s) => s.publicId === query.site) ?? sites[0];
  const list = sites.map((s) => ({ id: s.publicId, name: s.name, percent: s.holdoutPercent }));
  if (!site) return { sites: list, site: null, period: null, goals: [], goal: null, comparison: null };
  const shown = { id: site.publicId, name: site.name, currency: site.currency, percent: site.holdoutPercent, since: site.holdoutSince?.toISOString() ?? null };
  if (!site.holdoutRunId || site.holdoutPercent === 0) return { sites: list, site: shown, period: null, goals: [], goal: null, comparison: null };
  const period = holdoutPeriod({ from: query.from ?? undefined, to: query.to ?? undefined }, now, site.holdoutSince);
  const sums = await holdoutRollupSums(site, site.holdoutRunId, period.from, period.to);
  const goals = [...new Set(sums.filter((s) => s.goal !== "").map((s) => s.goal))].sort();
  const goal = goals.find((g) => g === query.goal) ?? (goals.includes(PURCHASE_GOAL) ? PURCHASE_GOAL : (goals[0] ?? null));
  const side = (arm: string): SideSums => {
    const exposed = sums.find((s) => s.armId === arm && s.goal === "");
    const converted = goal === null ? undefined : sums.find((s) => s.armId === arm && s.goal === goal);
    return { ...NO_SIDE, visitors: exposed?.visitors ?? 0, converters: converted?.converters ?? 0, revenue: converted?.revenue ?? 0, revenueSquares: converted?.revenueSquares ?? 0 };
  };
  return { sites: list, site: shown, period, goals, goal, comparison: compareHoldout(side(HOLDOUT_ARM), side(REST_ARM)) };
}

/** Saves the site's holdout share (0 turns it off); the snippet's endpoints see it at once. */
export async function saveHoldoutSetting(shopDomain: string, siteId: string, percent: unknown, now = new Date()): Promise<Outcome<{ percent: number }>> {
  const parsed = parseHoldoutPercent(percent);
  if (!parsed.ok) return fail(invalidForm("invalid-holdout", { holdoutPercent: parsed.message }));
  // The run id names the holdout pseudo-test on the wire: ID_PATTERN-safe, and no Test row's (a cuid).
  const runId = `holdout-${now.getTime().toString(36)}-${randomBytes(6).toString("hex")}`;
  const site = await writeHoldout(shopDomain, siteId, parsed.percent, runId, now);
  if (!site) return fail({ status: 404, type: "not-found", title: "No such site", detail: "This site does not exist or belongs to another shop." });
  invalidateSite(site.publicId);
  return ok({ percent: site.holdoutPercent });
}
