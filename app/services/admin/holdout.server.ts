// The holdout page: each site's holdout setting, and for the chosen site, period and goal the holdout
// against everyone else (app/domain/results/holdout.ts); saving a new share starts a new run with its own
// revenue cap, fixed then as a test's is when it starts.
import { randomBytes } from "node:crypto";
import {
  compareHoldout,
  HOLDOUT_ALPHA,
  holdoutPeriod,
  MIN_CONVERSIONS_PER_SIDE,
  parseHoldoutPercent,
  startsWithRun,
  type HoldoutComparison,
  type Period,
  type SideSums,
} from "~/domain/results/holdout";
import { HOLDOUT_ARM, REST_ARM } from "~/domain/experiments/patches-response";
import { PURCHASE_GOAL } from "~/domain/events/purchase";
import { holdoutRollupSums, listHoldoutSites, writeHoldout } from "~/models/results/holdout.server";
import { fail, invalidForm, ok, type Outcome } from "~/services/outcome";
import { invalidateSite } from "~/services/site-cache.server";
import { revenueCapAtStart } from "./revenue-cap.server";

export interface HoldoutPage {
  sites: Array<{ id: string; name: string; percent: number }>;
  /** The chosen site; null when the shop has none. */
  site: {
    id: string;
    name: string;
    currency: string;
    percent: number;
    since: string | null;
    /** The run's revenue cap; null when it is not capped. */
    revenueCap: { amount: number; source: "setting" | "p99" } | null;
  } | null;
  period: Period | null;
  /** Whether the period begins with the run (the only periods given intervals). */
  fromStart: boolean;
  /** The goals with conversions in the period, and the one compared. */
  goals: string[];
  goal: string | null;
  comparison: HoldoutComparison | null;
  /** How the intervals are read, for the page to say. */
  reading: { level: number; minConversions: number };
}

const NO_SIDE: SideSums = { visitors: 0, converters: 0, revenue: 0, cappedRevenue: 0, cappedRevenueSquares: 0, cappedRevenueCubes: 0 };
const READING = { level: 1 - HOLDOUT_ALPHA, minConversions: MIN_CONVERSIONS_PER_SIDE };

/** The page for `query.site` (a public Site ID; else the shop's first site), period and goal. */
export async function loadHoldoutPage(shopDomain: string, query: { site?: string | null; from?: string | null; to?: string | null; goal?: string | null }, now = new Date()): Promise<HoldoutPage> {
  const sites = await listHoldoutSites(shopDomain);
  const site = sites.find((s) => s.publicId === query.site) ?? sites[0];
  const list = sites.map((s) => ({ id: s.publicId, name: s.name, percent: s.holdoutPercent }));
  const none = { period: null, fromStart: false, goals: [], goal: null, comparison: null, reading: READING };
  if (!site) return { sites: list, site: null, ...none };
  const revenueCap = site.holdoutRevenueCap === null ? null : { amount: site.holdoutRevenueCap, source: site.holdoutRevenueCapSource === "setting" ? ("setting" as const) : ("p99" as const) };
  const shown = { id: site.publicId, name: site.name, currency: site.currency, percent: site.holdoutPercent, since: site.holdoutSince?.toISOString() ?? null, revenueCap };
  if (!site.holdoutRunId || !site.holdoutSince || site.holdoutPercent === 0) return { sites: list, site: shown, ...none };
  const period = holdoutPeriod({ from: query.from ?? undefined, to: query.to ?? undefined }, now, site.holdoutSince);
  const fromStart = startsWithRun(period, site.holdoutSince);
  const sums = await holdoutRollupSums(site, site.holdoutRunId, period.from, period.to);
  const goals = [...new Set(sums.filter((s) => s.goal !== "").map((s) => s.goal))].sort();
  const goal = goals.find((g) => g === query.goal) ?? (goals.includes(PURCHASE_GOAL) ? PURCHASE_GOAL : (goals[0] ?? null));
  const side = (arm: string): SideSums => {
    const exposed = sums.find((s) => s.armId === arm && s.goal === "");
    const converted = goal === null ? undefined : sums.find((s) => s.armId === arm && s.goal === goal);
    if (!converted) return { ...NO_SIDE, visitors: exposed?.visitors ?? 0 };
    const { converters, revenue, cappedRevenue, cappedRevenueSquares, cappedRevenueCubes } = converted;
    return { visitors: exposed?.visitors ?? 0, converters, revenue, cappedRevenue, cappedRevenueSquares, cappedRevenueCubes };
  };
  const comparison = compareHoldout(side(HOLDOUT_ARM), side(REST_ARM), { fromStart });
  return { sites: list, site: shown, period, fromStart, goals, goal, comparison, reading: READING };
}

/** Saves the site's holdout share (0 turns it off); the snippet's endpoints see it at once. */
export async function saveHoldoutSetting(shopDomain: string, siteId: string, percent: unknown, now = new Date()): Promise<Outcome<{ percent: number }>> {
  const parsed = parseHoldoutPercent(percent);
  if (!parsed.ok) return fail(invalidForm("invalid-holdout", { holdoutPercent: parsed.message }));
  const found = (await listHoldoutSites(shopDomain)).find((s) => s.publicId === siteId);
  if (!found) return fail({ status: 404, type: "not-found", title: "No such site", detail: "This site does not exist or belongs to another shop." });
  // A new run fixes its cap before it sees data, from the site's setting or recent orders, as a test does.
  const cap = parsed.percent > 0 && parsed.percent !== found.holdoutPercent ? await revenueCapAtStart(found, now) : null;
  // The run id names the holdout pseudo-test on the wire: ID_PATTERN-safe, and no Test row's (a cuid).
  const runId = `holdout-${now.getTime().toString(36)}-${randomBytes(6).toString("hex")}`;
  const site = await writeHoldout(shopDomain, siteId, parsed.percent, { id: runId, since: now, cap });
  if (!site) return fail({ status: 404, type: "not-found", title: "No such site", detail: "This site does not exist or belongs to another shop." });
  invalidateSite(site.publicId);
  return ok({ percent: site.holdoutPercent });
}
