// The admin's tests list: each of the shop's tests with its site, traffic, exposed visitors and the
// primary goal's lift so far, marked decided or not by the results page's own decision (buildResults and
// decisionSummary over the summed rollups of the primary goal).
import { carriesPriceOffer } from "~/domain/shopify/price-display";
import { describeAudience, storedAudience } from "~/wire/rules/audience";
import type { TestStatus } from "~/domain/experiments/test-lifecycle";
import { testGlance } from "~/domain/experiments/test-glance";
import { buildResults, type RollupRow } from "~/domain/results/build-results";
import { decisionSummary, primaryMarkOf, type ArmMark } from "~/domain/results/decision-summary";
import { totalsPerArm } from "~/domain/results/totals";
import { findShopByDomain } from "~/models/shops/shop.server";
import { listSitesOfShop } from "~/models/sites/site.server";
import { listTestsOfShop, readRollupTotals } from "~/models/tests/test-list.server";

export const LIST_FILTERS = ["all", "draft", "running", "paused", "completed", "archived"] as const;
export type ListFilter = (typeof LIST_FILTERS)[number];

export interface TestListRow {
  id: string;
  name: string;
  status: TestStatus;
  /** Set when the service paused the test itself. */
  pausedReason: string | null;
  site: { publicId: string; name: string; paused: boolean; pausedReason: string | null };
  arms: number;
  trafficPercent: number;
  /** Who may enter, in words; null for every visitor (no audience rules). */
  audience: string | null;
  /** Its mutually exclusive group and share of it (docs/traffic.md); null: none. */
  group: { name: string; share: number } | null;
  visitors: number;
  primaryGoal: string | null;
  /**
   * The best variant's conversion-rate lift on the primary goal, when it can be computed yet, with its mark by
   * the results page's decision ("not-yet" until the page would call it decided).
   */
  lift: { armName: string; lift: number; ciLow?: number; ciHigh?: number; mark: ArmMark } | null;
  /** The split is not what was set (the page's "do not trust these results"): the list warns instead of showing the lift. */
  srm: boolean;
  winner: string | null;
  startedAt: string | null;
  endedAt: string | null;
  /** What its schedule will do next, and whether it serves its winner (app/domain/experiments/test-glance.ts). */
  glance: string[];
}

export interface TestList {
  /** The shop's name for the page's subtitle (its domain until Shopify told us the name). */
  shopName: string | null;
  /** Whether the shop has a site at all: without one, the first step is installing, not creating a test. */
  hasSite: boolean;
  filter: ListFilter;
  tests: TestListRow[];
  /** How many tests each tab holds ("all" leaves archived tests out). */
  counts: Record<ListFilter, number>;
  /** The sites of these tests that the service paused, with its reason. */
  pausedSites: Array<{ publicId: string; name: string; reason: string | null }>;
}

type ListedTest = Awaited<ReturnType<typeof listTestsOfShop>>[number];

/** The test's audience for the list, at a glance; null when it is every visitor. */
function audienceLine(stored: unknown): string | null {
  const audience = storedAudience(stored);
  return audience?.length === 0 ? null : describeAudience(audience);
}

/**
 * The best variant's lift and whether the page's decision has settled it: the page's own buildResults and
 * decisionSummary on the primary goal's summed rows (one pseudo-day), so the list and the page cannot disagree.
 */
function decidedLift(test: ListedTest, rows: readonly RollupRow[], primaryGoal: string): Pick<TestListRow, "lift" | "srm"> {
  const view = buildResults({
    test: {
      id: test.id,
      name: test.name,
      status: test.status,
      startedAt: test.startedAt?.toISOString() ?? null,
      pages: [],
      trafficPercent: test.trafficPercent,
      minDetectableEffect: test.minDetectableEffect,
    },
    arms: test.arms.map((a) => ({ id: a.id, key: a.id, name: a.name, weight: a.weight })),
    // The primary goal and the guardrails, in the site's currency: the page's decision reads revenue per visitor
    // and waits for the guardrails (verdict.ts), so the list must read them too.
    goals: [
      { label: primaryGoal, isPrimary: true },
      ...test.goals.filter((g) => g.isGuardrail && g.label !== primaryGoal).map((g) => ({ label: g.label, isPrimary: false, isGuardrail: true })),
    ],
    currency: test.site.currency,
    rollups: rows.filter((r) => r.goal === "" || r.goal === primaryGoal || test.goals.some((g) => g.isGuardrail && g.label === r.goal)),
    flicker: [],
    decidesOnProfit: carriesPriceOffer(test.arms),
  });
  const summary = decisionSummary(view, { today: new Date().toISOString().slice(0, 10) });
  const best = (view.goals[0]?.arms ?? [])
    .filter((a) => !a.isControl && a.lift !== undefined)
    .sort((a, b) => (b.lift ?? 0) - (a.lift ?? 0))[0];
  const srm = summary.state === "srm";
  if (!best || best.lift === undefined) return { lift: null, srm };
  return {
    lift: {
      armName: best.name,
      lift: best.lift,
      ...(best.ciLow !== undefined && best.ciHigh !== undefined && { ciLow: best.ciLow, ciHigh: best.ciHigh }),
      mark: primaryMarkOf(summary, best.armId),
    },
    srm,
  };
}

export const parseListFilter = (value: string | null): ListFilter =>
  (LIST_FILTERS as readonly string[]).includes(value ?? "") ? (value as ListFilter) : "all";

export async function loadTestList(shopDomain: string, filter: ListFilter): Promise<TestList> {
  const [shop, tests] = await Promise.all([findShopByDomain(shopDomain), listTestsOfShop(shopDomain)]);
  const [rollups, sites] = await Promise.all([readRollupTotals(tests), shop ? listSitesOfShop(shop.id) : []]);
  const rows = tests.map((test): TestListRow => {
    const armIds = test.arms.map((a) => a.id);
    const rows = rollups.get(test.id) ?? [];
    // Rates need no currency: only revenue is kept per currency, and the list shows none.
    const visitors = totalsPerArm(rows, armIds, "", null).reduce((sum, t) => sum + t.visitors, 0);
    const primaryGoal = (test.goals.find((g) => g.isPrimary) ?? test.goals[0])?.label ?? null;
    const { lift, srm } = primaryGoal === null ? { lift: null, srm: false } : decidedLift(test, rows, primaryGoal);
    return {
      id: test.id,
      name: test.name,
      status: test.status,
      pausedReason: test.pausedReason,
      site: {
        publicId: test.site.publicId,
        name: test.site.name,
        paused: test.site.status === "paused",
        pausedReason: test.site.pausedReason,
      },
      arms: test.arms.length,
      trafficPercent: test.trafficPercent,
      audience: audienceLine(test.audience),
      group: test.group && test.groupShare !== null ? { name: test.group.name, share: test.groupShare } : null,
      visitors,
      primaryGoal,
      lift,
      srm,
      winner: test.winnerArmId ? (test.arms.find((a) => a.id === test.winnerArmId)?.name ?? null) : null,
      startedAt: test.startedAt?.toISOString() ?? null,
      endedAt: test.endedAt?.toISOString() ?? null,
      glance: testGlance({ ...test, timeZone: shop?.timeZone ?? "UTC" }),
    };
  });
  const counts = Object.fromEntries(LIST_FILTERS.map((f) => [f, rows.filter((r) => inFilter(r.status, f)).length])) as Record<ListFilter, number>;
  const pausedSites = new Map<string, TestList["pausedSites"][number]>();
  for (const { site } of rows) {
    if (site.paused) pausedSites.set(site.publicId, { publicId: site.publicId, name: site.name, reason: site.pausedReason });
  }
  return {
    shopName: shop ? (shop.name ?? shop.domain) : null,
    hasSite: sites.length > 0,
    filter,
    tests: rows.filter((r) => inFilter(r.status, filter)),
    counts,
    pausedSites: [...pausedSites.values()],
  };
}

// Archived tests are put away: only their own tab shows them.
const inFilter = (status: TestStatus, filter: ListFilter) => (filter === "all" ? status !== "archived" : status === filter);
