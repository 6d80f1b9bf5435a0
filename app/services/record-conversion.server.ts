// Records one conversion from any door (server-side API, Shopify order): counted once per (site, eventId),
// attributed per test to its visitor's first exposure (attribution.ts, the rule the snippet's group path
// follows too), and added to the rollups with per-visitor revenue so results can compute variances.
import { attribute } from "~/domain/events/attribution";
import { conversionIncrement } from "~/domain/events/conversion-increment";
import { covariateProduct } from "~/domain/events/covariate";
import { networkTally } from "~/domain/events/network-plan";
import { attributedExposure, segmentTally } from "~/domain/events/segment-plan";
import { priorConversions, profitMomentIncrement, totalCurrency } from "~/domain/events/visitor-totals";
import type { SiteConfig } from "~/domain/sites/site-config";
import { insertAttributions, insertConversion, type ConversionFacts } from "~/models/events/conversion.server";
import { findSessionVisitor, firstVisitorExposures } from "~/models/events/exposure.server";
import { addToRollup, type RollupIncrement } from "~/models/events/rollup.server";
import { addToNetworkRollupsInTx } from "~/models/events/network-rollup.server";
import { addToSegmentRollupsInTx } from "~/models/events/segment-rollup.server";
import { addToVisitorTotals, readVisitorGoalTotals } from "~/models/events/visitor-total.server";
import type { Tx } from "~/models/transaction.server";

export interface ConversionInput extends ConversionFacts {
  /** Part of `value` already refunded when the conversion is counted (a Shopify order refunded before its session was known). */
  refunded?: number;
  /** A Shopify order's sums for profit (app/domain/shopify/order-lines.ts), added to each arm it counts for. */
  orderSums?: Partial<RollupIncrement>;
  /**
   * Tests whose results leave it out (a Buy-it-now order on the products of a test that keeps those buttons:
   * docs/offers.md, "Buy-it-now"); it is attributed to their arms nowhere, and answered as `excluded`.
   */
  excludedTests?: readonly string[];
}

export type Attributed = Array<{ testId: string; armId: string }>;

/**
 * `visitorId`: the visitor the conversion counts for (given, or its session's), null when unknown; `excluded`: the
 * arms it would have counted for in its `excludedTests`.
 */
export type ConversionResult = { status: "duplicate" } | { status: "created"; attributed: Attributed; excluded: Attributed; visitorId: string | null };

export async function recordConversionInTx(tx: Tx, site: SiteConfig, input: ConversionInput): Promise<ConversionResult> {
  // A conversion that names only a session is the visitor's whose session it was.
  const visitorId = input.visitorId ?? (input.sessionId ? await findSessionVisitor(tx, site.id, input.sessionId) : null);
  // A value without a currency is in the site's currency; other currencies are kept and reported apart.
  const currency = input.value === null ? site.currency : (input.currency ?? site.currency);
  // Field by field: callers may pass objects with more than ConversionInput, which the row must not get.
  const inserted = await insertConversion(tx, {
    siteId: site.id,
    eventId: input.eventId,
    goal: input.goal,
    value: input.value,
    currency: input.value === null ? null : currency,
    sessionId: input.sessionId,
    visitorId,
    source: input.source,
    occurredAt: input.occurredAt,
  });
  if (!inserted) return { status: "duplicate" };
  const { attributed, excluded } = await attributeConversionInTx(tx, site, { ...input, visitorId, currency });
  return { status: "created", attributed, excluded, visitorId };
}

/**
 * Attributes a recorded conversion to the arms its visitor was first exposed to (any session), and adds
 * it to those arms' rollups. Called once per conversion: when it is recorded, or when a Shopify order
 * that was recorded without a session learns it later (the web pixel's report). Without a visitor it
 * counts for no arm. The arms of its `excludedTests` are answered apart, and nothing is added to them.
 */
export async function attributeConversionInTx(
  tx: Tx,
  site: SiteConfig,
  conversion: {
    eventId: string; goal: string; value: number | null; currency: string; visitorId: string | null; sessionId: string | null; occurredAt: Date;
    refunded?: number; orderSums?: Partial<RollupIncrement>; excludedTests?: readonly string[];
  },
): Promise<{ attributed: Attributed; excluded: Attributed }> {
  const { eventId, goal, visitorId, currency, occurredAt } = conversion;
  const tests = site.attributionTests;
  const exposures = visitorId ? await firstVisitorExposures(tx, site.id, visitorId, tests) : [];
  const all = attribute(occurredAt, exposures, new Map(tests.map((t) => [t.id, t])));
  const leftOut = new Set(conversion.excludedTests ?? []);
  const attributed = all.filter((a) => !leftOut.has(a.testId));
  const excluded = all.filter((a) => leftOut.has(a.testId));
  await insertAttributions(tx, site.id, eventId, attributed);
  // Split: these go straight into the folded rows (part 0), which hold one row a dimension.
  const segments = segmentTally({ split: true });
  const networks = networkTally();
  // An order's profit (its costed net revenue less its cost), which its visitor's profit per visitor gains.
  const profit = (conversion.orderSums?.costedNetRevenue ?? 0) - (conversion.orderSums?.orderCost ?? 0);
  for (const { testId, armId } of attributed) {
    const before = visitorId
      ? priorConversions(await readVisitorGoalTotals(tx, { siteId: site.id, visitorId, testId, goal }), currency, site.currency)
      : { conversions: 0, currencyConversions: 0, revenue: 0, profit: 0 };
    // The cap is an amount in the site's currency; revenue in another is never added to it, nor capped.
    const cap = currency === site.currency ? (tests.find((t) => t.id === testId)?.revenueCap ?? null) : null;
    const inc = conversionIncrement(before, conversion.value, conversion.refunded ?? 0, cap);
    // The visitor's covariate is on their exposure rows (the same on each), looked up when first exposed.
    const covariate = exposures.find((e) => e.testId === testId)?.covariate ?? null;
    await addToRollup(
      tx,
      { siteId: site.id, testId, armId, goal, day: occurredAt, currency },
      {
        ...inc,
        covariateRevenueProducts: covariateProduct(covariate === null ? null : Number(covariate), inc.cappedRevenue),
        ...conversion.orderSums,
        ...profitMomentIncrement(before.profit, profit),
      },
    );
    // In the segment and network of the exposure it is attributed to, as the group path does (segment-plan.ts).
    const key = { siteId: site.id, testId, armId, goal, day: occurredAt.toISOString().slice(0, 10), currency };
    const exposure = attributedExposure(exposures, testId, armId);
    segments.converted(key, exposure?.segment, inc);
    networks.converted({ siteId: site.id, testId, armId, goal, currency }, exposure?.network, inc);
  }
  if (visitorId) {
    const value = conversion.value;
    await addToVisitorTotals(tx, attributed.map(({ testId }) => ({
      siteId: site.id, visitorId, testId, goal, currency: totalCurrency(value, currency), conversions: 1, revenue: value ?? 0, profit,
    })));
  }
  await addToSegmentRollupsInTx(tx, segments.rows());
  await addToNetworkRollupsInTx(tx, networks.rows());
  return { attributed, excluded };
}
