// Decides what a group of new snippet events changes (first exposures, new visitors, conversions and
// their arms, rollup increments per key) from what the database already holds, so that it is written
// in sets: the same answers as handling the events one by one, in arrival order.
import { attribute, exposureCounts, type AttributionTest, type VisitorExposure } from "./attribution";
import { conversionIncrement, type RollupDayKey } from "./conversion-increment";
import { covariateOf, covariateProduct, covariateSums, inCovariateWindow } from "./covariate";
import { networkTally, type NetworkDelta } from "./network-plan";
import { attributedExposure, segmentTally, type SegmentDelta, type SegmentedExposure } from "./segment-plan";
import type { CovariateSums, RevenueSums, RollupFigures } from "./rollup-figures";
import { totalCurrency, visitorTotalTally, type VisitorTotalDelta } from "./visitor-totals";

export interface PlanSite {
  id: string;
  currency: string;
  /** The tests conversions may count for (SiteConfig.attributionTests), by id. */
  tests: ReadonlyMap<string, AttributionTest>;
  /** Those tests' revenue caps in the site's currency (Test.revenueCap); a test without one is not capped. */
  revenueCaps?: ReadonlyMap<string, number>;
}

interface PlanEventBase {
  site: PlanSite;
  eventId: string;
  visitorId: string;
  sessionId: string;
  occurredAt: Date;
  /** The sender's network bucket (network-bucket.ts); null or absent: none known. */
  network?: string | null;
}

export type PlanEvent =
  | (PlanEventBase & {
      kind: "exposure"; testId: string; armId: string; msToApply: number | null; msHidden: number | null;
      /** The visitor's segment at this exposure (segment.ts's encodeSegment); null or absent: none known. */
      segment?: string | null;
    })
  | (PlanEventBase & { kind: "conversion"; goal: string; value: number | null });

/** What the database held before the group, read for the sites, sessions and visitors of its events. */
export interface KnownFacts {
  /** Stored exposures of the group's exposed sessions (a session keeps its first exposure per test). */
  sessionExposures: ReadonlyArray<{ siteId: string; testId: string; sessionId: string }>;
  /**
   * For each (site, test, visitor) of the group's conversions, the visitor's earliest stored exposure to
   * the test at or after its start, from any session: the only one attribution can pick (attribution.ts).
   */
  visitorExposures: ReadonlyArray<VisitorExposure & { siteId: string; visitorId: string; covariate: number | null; segment?: string | null; network?: string | null }>;
  /**
   * (site, test, visitor) with at least one exposed session, with the covariate their exposure rows hold
   * (null: exposed before it was kept).
   */
  exposedVisitors: ReadonlyArray<{ siteId: string; testId: string; visitorId: string; covariate: number | null }>;
  /**
   * For each of the group's exposures, by its index in the group's events: the visitor's stored revenue in
   * the site's currency in the covariate window before it (covariate.ts). Absent means none.
   */
  revenueBefore: ReadonlyArray<{ index: number; revenue: number }>;
  /** Earlier attributed conversions per visitor, goal and test, one row per currency ("" for none): their running totals. */
  visitorHistory: ReadonlyArray<{ siteId: string; testId: string; goal: string; visitorId: string; currency: string; conversions: number; revenue: number }>;
  /** Conversions already recorded under these event ids (by another door). */
  recordedConversions: ReadonlyArray<{ siteId: string; eventId: string }>;
}

/** CUPED's sums are null when a visitor's covariate is unknown: the rollup row then stays unknown. */
export type CovariateDelta = { [K in keyof CovariateSums]: number | null };

export interface RollupDelta extends RollupFigures, RevenueSums, CovariateDelta, RollupDayKey {}

export interface IngestPlan {
  exposures: Array<{
    siteId: string; testId: string; sessionId: string; visitorId: string; armId: string; eventId: string; exposedAt: Date;
    msToApply: number | null; msHidden: number | null;
    /** CUPED's covariate of the visitor for this test (the same on all their rows; null: unknown). */
    covariate: number | null;
    segment: string | null;
    network: string | null;
  }>;
  conversions: Array<{
    siteId: string; eventId: string; goal: string; value: number | null; currency: string | null; sessionId: string; visitorId: string; occurredAt: Date;
    network: string | null;
  }>;
  attributions: Array<{ siteId: string; eventId: string; testId: string; armId: string }>;
  /** One entry per rollup key, increments summed, sorted by key (a fixed lock order for concurrent writers). */
  rollups: RollupDelta[];
  /** The segment rollups' increments (segment-plan.ts), one entry per key, sorted by key. */
  segmentRollups: SegmentDelta[];
  /** The network rollups' increments (network-plan.ts), one entry per key, sorted by key. */
  networkRollups: NetworkDelta[];
  /** The visitors' running totals' increments (visitor-totals.ts), one entry per key, sorted by key. */
  visitorTotals: VisitorTotalDelta[];
}

const key = (...parts: string[]) => parts.join("\u0000");

export function planIngest(events: readonly PlanEvent[], known: KnownFacts): IngestPlan {
  const exposedTests = new Set(known.sessionExposures.map((e) => key(e.siteId, e.sessionId, e.testId)));
  const visitorExposures = new Map<string, SegmentedExposure[]>();
  for (const e of known.visitorExposures) push(visitorExposures, key(e.siteId, e.visitorId), e);
  const exposedVisitors = new Set(known.exposedVisitors.map((v) => key(v.siteId, v.testId, v.visitorId)));
  // Each exposed visitor's covariate per test, from their stored rows, then from the group's new visitors.
  const covariates = new Map<string, number | null>();
  for (const v of [...known.exposedVisitors, ...known.visitorExposures]) covariates.set(key(v.siteId, v.testId, v.visitorId), v.covariate);
  const revenueBefore = new Map(known.revenueBefore.map((r) => [r.index, r.revenue]));
  // The group's conversions so far with a value, per (site, visitor): stored before a later exposure is.
  const groupRevenue = new Map<string, Array<{ at: Date; value: number }>>();
  const history = new Map<string, VisitorHistory>();
  for (const h of known.visitorHistory) {
    const entry = historyOf(history, key(h.siteId, h.testId, h.goal, h.visitorId));
    entry.conversions += h.conversions;
    entry.revenue.set(h.currency, (entry.revenue.get(h.currency) ?? 0) + h.revenue);
    entry.byCurrency.set(h.currency, (entry.byCurrency.get(h.currency) ?? 0) + h.conversions);
  }
  const recorded = new Set(known.recordedConversions.map((c) => key(c.siteId, c.eventId)));

  const plan: IngestPlan = { exposures: [], conversions: [], attributions: [], rollups: [], segmentRollups: [], networkRollups: [], visitorTotals: [] };
  const segments = segmentTally();
  const totals = visitorTotalTally();
  const networks = networkTally();
  const rollups = new Map<string, RollupDelta>();
  const add = (delta: Omit<RollupDelta, keyof typeof ZERO | keyof CovariateDelta> & Partial<typeof ZERO> & Partial<CovariateDelta>) => {
    const k = key(delta.siteId, delta.testId, delta.armId, delta.goal, delta.day, delta.currency);
    const row = rollups.get(k) ?? { ...ZERO, ...NO_COVARIATE, ...pick(delta) };
    for (const f of FIGURES) row[f] += delta[f] ?? 0;
    for (const f of COVARIATE_FIGURES) {
      const d = delta[f] === undefined ? 0 : delta[f];
      const sum = row[f];
      row[f] = sum === null || d === null ? null : sum + d;
    }
    rollups.set(k, row);
  };

  for (const [index, event] of events.entries()) {
    const siteId = event.site.id;
    const day = event.occurredAt.toISOString().slice(0, 10);
    if (event.kind === "exposure") {
      // An exposure dated outside its test's run (a `ts` back-dated before the start) counts for nothing.
      const test = event.site.tests.get(event.testId);
      if (!test || !exposureCounts(test, event.occurredAt)) continue;
      // Only a session's first exposure to a test is kept; the first to arrive wins, as the table's key does.
      const sessionTest = key(siteId, event.sessionId, event.testId);
      if (exposedTests.has(sessionTest)) continue;
      exposedTests.add(sessionTest);
      const segment = event.segment ?? null;
      const network = event.network ?? null;
      push(visitorExposures, key(siteId, event.visitorId), { testId: event.testId, armId: event.armId, exposedAt: event.occurredAt, segment, network });
      const visitor = key(siteId, event.testId, event.visitorId);
      const newVisitor = !exposedVisitors.has(visitor);
      exposedVisitors.add(visitor);
      // A new visitor's covariate is looked up at their first exposure and kept on every row of theirs after.
      if (newVisitor) {
        const inGroup = (groupRevenue.get(key(siteId, event.visitorId)) ?? [])
          .filter((c) => inCovariateWindow(c.at, event.occurredAt))
          .reduce((sum, c) => sum + c.value, 0);
        covariates.set(visitor, covariateOf((revenueBefore.get(index) ?? 0) + inGroup, event.site.revenueCaps?.get(event.testId) ?? null));
      }
      const covariate = covariates.get(visitor) ?? null;
      plan.exposures.push({
        siteId, testId: event.testId, sessionId: event.sessionId, visitorId: event.visitorId, armId: event.armId,
        eventId: event.eventId, exposedAt: event.occurredAt, msToApply: event.msToApply, msHidden: event.msHidden, covariate, segment, network,
      });
      if (newVisitor) {
        segments.exposed({ siteId, testId: event.testId, armId: event.armId, day }, segment);
        networks.exposed({ siteId, testId: event.testId, armId: event.armId }, network);
      }
      add({
        siteId, testId: event.testId, armId: event.armId, goal: "", day, currency: "", exposures: 1, exposedVisitors: newVisitor ? 1 : 0,
        ...(newVisitor && covariateSums(covariate)),
      });
      continue;
    }
    if (recorded.has(key(siteId, event.eventId))) continue;
    recorded.add(key(siteId, event.eventId));
    // A browser conversion carries no currency: its value is in the site's currency.
    const currency = event.site.currency;
    plan.conversions.push({
      siteId, eventId: event.eventId, goal: event.goal, value: event.value, currency: event.value === null ? null : currency,
      sessionId: event.sessionId, visitorId: event.visitorId, occurredAt: event.occurredAt, network: event.network ?? null,
    });
    if (event.value !== null) push(groupRevenue, key(siteId, event.visitorId), { at: event.occurredAt, value: event.value });
    const exposuresOfVisitor = visitorExposures.get(key(siteId, event.visitorId)) ?? [];
    const arms = attribute(event.occurredAt, exposuresOfVisitor, event.site.tests);
    for (const { testId, armId } of arms) {
      plan.attributions.push({ siteId, eventId: event.eventId, testId, armId });
      totals.add({
        siteId, visitorId: event.visitorId, testId, goal: event.goal, currency: totalCurrency(event.value, currency), conversions: 1,
        revenue: event.value ?? 0,
      });
      const before = historyOf(history, key(siteId, testId, event.goal, event.visitorId));
      // Stored conversions without a value have no currency ("") and count in the site's currency's rows.
      const prior = {
        conversions: before.conversions,
        currencyConversions: (before.byCurrency.get(currency) ?? 0) + (before.byCurrency.get("") ?? 0),
        revenue: before.revenue.get(currency) ?? 0,
      };
      const inc = conversionIncrement(prior, event.value, 0, event.site.revenueCaps?.get(testId) ?? null);
      const covariate = covariates.get(key(siteId, testId, event.visitorId)) ?? null;
      add({ siteId, testId, armId, goal: event.goal, day, currency, ...inc, covariateRevenueProducts: covariateProduct(covariate, inc.cappedRevenue) });
      const exposure = attributedExposure(exposuresOfVisitor, testId, armId);
      segments.converted({ siteId, testId, armId, goal: event.goal, day, currency }, exposure?.segment, inc);
      networks.converted({ siteId, testId, armId, goal: event.goal, currency }, exposure?.network, inc);
      before.conversions += 1;
      before.byCurrency.set(currency, (before.byCurrency.get(currency) ?? 0) + 1);
      before.revenue.set(currency, (before.revenue.get(currency) ?? 0) + (event.value ?? 0));
    }
  }
  plan.rollups = [...rollups.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row);
  plan.segmentRollups = segments.rows();
  plan.networkRollups = networks.rows();
  plan.visitorTotals = totals.rows();
  return plan;
}

const ZERO = {
  exposures: 0, exposedVisitors: 0, convertingVisitors: 0, conversions: 0, revenue: 0, revenueSquares: 0, refunded: 0,
  cappedRevenue: 0, cappedRevenueSquares: 0, cappedRevenueCubes: 0, conversionSquares: 0, revenueConversions: 0, cappedRevenueConversions: 0,
};
const FIGURES = Object.keys(ZERO) as Array<keyof typeof ZERO>;
const NO_COVARIATE: CovariateDelta = { covariateSum: 0, covariateSquares: 0, covariateRevenueProducts: 0 };
const COVARIATE_FIGURES = Object.keys(NO_COVARIATE) as Array<keyof CovariateDelta>;

function pick(d: RollupDayKey) {
  return { siteId: d.siteId, testId: d.testId, armId: d.armId, goal: d.goal, day: d.day, currency: d.currency };
}

function push<T>(map: Map<string, T[]>, k: string, value: T) {
  const list = map.get(k);
  if (list) list.push(value);
  else map.set(k, [value]);
}

/** A visitor's earlier conversions on a goal in a test: in all, then per currency with their revenue. */
interface VisitorHistory {
  conversions: number;
  byCurrency: Map<string, number>;
  revenue: Map<string, number>;
}

function historyOf(map: Map<string, VisitorHistory>, k: string): VisitorHistory {
  let entry = map.get(k);
  if (!entry) map.set(k, (entry = { conversions: 0, byCurrency: new Map(), revenue: new Map() }));
  return entry;
}

/**
 * Which events of a group's batches carry the first occurrence of their (site, eventId): only those
 * are written, so an id repeated in a batch or across the group's batches is a duplicate however the
 * batches were grouped.
 */
export function firstOccurrences(batches: ReadonlyArray<ReadonlyArray<{ siteId: string; eventId: string }>>): boolean[][] {
  const seen = new Set<string>();
  return batches.map((events) =>
    events.map((e) => {
      const k = key(e.siteId, e.eventId);
      if (seen.has(k)) return false;
      seen.add(k);
      return true;
    }),
  );
}
