// Writes a group of screened snippet batches in one transaction with a fixed number of set-based statements:
// new events, what the database knows about their sessions and visitors (on PGlite in the same statement),
// then the domain's plan (exposures, conversions, attributions, rollup increments).
import { COVARIATE_WINDOW_MS } from "~/domain/events/covariate";
import { admitGoalLabels, MAX_GOAL_LABELS } from "~/domain/events/goal-labels";
import { PURCHASE_GOAL } from "~/domain/events/purchase";
import { FUNNEL_LABELS } from "~/wire/rules/funnel";
import { firstOccurrences, planIngest, type IngestPlan, type KnownFacts, type PlanEvent, type PlanSite } from "~/domain/events/ingest-plan";
import type { SiteConfig } from "~/domain/sites/site-config";
import { insertEventRows, type EventRow } from "~/models/events/event.server";
import { factsWithEvents, insertEventsReadingFacts, readKnownFacts, readSiteGoalLabels, writePlan, type KnownFactsQuery } from "~/models/events/event-group.server";
import { inSqlTransaction, inTransaction, sqlOf, type Sql } from "~/models/transaction.server";
import type { EventBatch, SvcEvent } from "~/wire";
import { recordCheckoutInTx } from "~/services/shopify/orders.server";
import { noteUnfolded, rollupPart } from "./rollup-fold.server";

export interface ScreenedBatch {
  site: SiteConfig;
  batch: EventBatch;
  /** The batch's events that passed screening, in the batch's order. */
  events: SvcEvent[];
  receivedAt: Date;
  /** The segment its exposures count under (batch-segment.server.ts); null: none known. */
  segment?: string | null;
  /** The sender's network bucket (network-bucket.ts), kept on its exposures and conversions; null: none known. */
  network?: string | null;
}

export interface BatchWritten {
  accepted: number;
  duplicates: number;
}

/** Events may be at most this old; older client timestamps are clamped (a stale queue, a wrong clock). */
const MAX_EVENT_AGE_MS = 7 * 24 * 3600 * 1000;

/**
 * Another writer (a second instance, a retried request racing its original) stored some of the same
 * sessions' exposures or conversions between our reads and our writes: the plan no longer holds, so
 * the whole group is rolled back and its requests answered 503, to be retried against fresh reads.
 */
export class ConcurrentWriteError extends Error {}

export async function writeEventGroup(group: readonly ScreenedBatch[]): Promise<BatchWritten[]> {
  const rows = group.map((b) => b.events.map((event) => toRow(b.site, b.batch, event, b.receivedAt)));
  const first = firstOccurrences(rows);
  const checkouts = group.some((b) => b.events.some((e) => e.type === "checkout"));
  // Checkouts keep the single-order path, written with Prisma, so their groups use a Prisma transaction;
  // the rest go straight to the driver, which measured cheaper per statement.
  const written = checkouts
    ? await inTransaction((tx) => writeRows(sqlOf(tx), group, rows, first, (site, c) => recordCheckoutInTx(tx, site, c)))
    : await inSqlTransaction((sql) => writeRows(sql, group, rows, first, () => Promise.reject(new Error("checkout outside a Prisma transaction"))));
  noteUnfolded(group.map((b) => b.site.id));
  return written;
}

async function writeRows(
  sql: Sql,
  group: readonly ScreenedBatch[],
  rows: EventRow[][],
  first: boolean[][],
  recordCheckout: (site: SiteConfig, checkout: { orderId: string; sessionId: string; visitorId: string; checkoutToken: string | null }) => Promise<void>,
): Promise<BatchWritten[]> {
  const checkouts: Array<{ site: SiteConfig; orderId: string; sessionId: string; visitorId: string; checkoutToken: string | null }> = [];
  const planSites = new Map<string, PlanSite>();
  // The exposures and conversions the group offers for the first time in it; those the insert finds new are planned.
  const offered: Array<{ event: PlanEvent; key: string }> = [];
  group.forEach((b, bi) => {
    const site = planSites.get(b.site.id) ?? {
      id: b.site.id,
      currency: b.site.currency,
      tests: new Map(b.site.attributionTests.map((t) => [t.id, t])),
      revenueCaps: new Map(b.site.attributionTests.flatMap((t) => (t.revenueCap === null ? [] : [[t.id, t.revenueCap] as const]))),
    };
    planSites.set(site.id, site);
    b.events.forEach((event, i) => {
      if (!first[bi]![i]) return;
      // Every report of a checkout is judged, a duplicate id included: its id is the pixel's `checkout-<order>`,
      // which anybody can send first, so the event's id must not decide whose report counts.
      if (event.type === "checkout") {
        checkouts.push({ site: b.site, orderId: event.order, sessionId: b.batch.sid, visitorId: b.batch.vid, checkoutToken: event.checkout ?? null });
      }
      const base = { site, eventId: event.id, visitorId: b.batch.vid, sessionId: b.batch.sid, occurredAt: rows[bi]![i]!.occurredAt, network: b.network ?? null };
      const key = eventKey(b.site.id, event.id);
      if (event.type === "exposure") {
        offered.push({
          key,
          event: {
            ...base, kind: "exposure", testId: event.test, armId: event.arm, msToApply: event.msToApply ?? null, msHidden: event.msHidden ?? null,
            segment: b.segment ?? null,
          },
        });
      } else if (event.type === "conversion") {
        offered.push({ key, event: { ...base, kind: "conversion", goal: event.goal, value: event.value ?? null } });
      }
    });
  });
  // In key order, so that two instances inserting the same ids (a retried batch) cannot deadlock.
  const eventRows = rows.flatMap((batchRows, b) => batchRows.filter((_, i) => first[b]![i])).sort(byKey);
  let inserted: Set<string>;
  let offeredFacts: KnownFacts | null = null;
  if (offered.length > 0 && (await factsWithEvents())) {
    // The new events and what the database knows of the offered ones' sessions and visitors, in one round trip.
    const written = await insertEventsReadingFacts(sql, eventRows, factsQuery(offered.map((o) => o.event)));
    inserted = new Set(written.inserted.map((r) => eventKey(r.siteId, r.eventId)));
    offeredFacts = written.known;
  } else {
    inserted = new Set((await insertEventRows(sql, eventRows)).map((r) => eventKey(r.siteId, r.eventId)));
  }
  const planned = offered.flatMap((o, index) => (inserted.has(o.key) ? [{ event: o.event, index }] : []));
  if (planned.length > 0) {
    const events = planned.map((p) => p.event);
    let known: KnownFacts;
    if (offeredFacts) {
      // revenueBefore is by index among the events the facts were read for: renumbered for the planned ones.
      const position = new Map(planned.map((p, i) => [p.index, i]));
      known = {
        ...offeredFacts,
        revenueBefore: offeredFacts.revenueBefore.flatMap((r) => (position.has(r.index) ? [{ ...r, index: position.get(r.index)! }] : [])),
      };
    } else known = await readKnownFacts(sql, factsQuery(events));
    await persistPlan(sql, planIngest(await boundGoalLabels(sql, group, events), known));
  }
  const isNew = (b: number, i: number) => first[b]![i]! && inserted.has(eventKey(rows[b]![i]!.siteId, rows[b]![i]!.eventId));
  // One per order and rare: they keep the single-order path, in the same transaction, after the
  // group's exposures so that an order learns of a session exposed in the same group.
  for (const { site, ...checkout } of checkouts) await recordCheckout(site, checkout);
  return rows.map((batchRows, b) => {
    const accepted = batchRows.filter((_, i) => isNew(b, i)).length;
    return { accepted, duplicates: batchRows.length - accepted };
  });
}

/** The keys whose stored facts `events` need (index: the event's position in `events`, for revenueBefore). */
function factsQuery(events: readonly PlanEvent[]): KnownFactsQuery {
  const exposures = events.filter((e) => e.kind === "exposure");
  const conversions = events.filter((e) => e.kind === "conversion");
  return {
    siteIds: [...new Set(events.map((e) => e.site.id))].sort(),
    // Exposures are read by the table's key, and a converting visitor's by (site, test, visitor): an index.
    exposureKeys: exposures.map((e) => ({ siteId: e.site.id, testId: e.testId, sessionId: e.sessionId })),
    visitorExposureKeys: conversions.flatMap((e) =>
      [...e.site.tests.values()].map((test) => ({ siteId: e.site.id, testId: test.id, visitorId: e.visitorId, startedAt: test.startedAt })),
    ),
    visitorKeys: exposures.map((e) => ({ siteId: e.site.id, testId: e.testId, visitorId: e.visitorId })),
    revenueBeforeKeys: events.flatMap((e, index) =>
      e.kind === "exposure"
        ? [{ index, siteId: e.site.id, testId: e.testId, visitorId: e.visitorId, currency: e.site.currency, from: new Date(e.occurredAt.getTime() - COVARIATE_WINDOW_MS), before: e.occurredAt }]
        : [],
    ),
    historyVisitors: conversions.map((e) => ({ siteId: e.site.id, visitorId: e.visitorId })),
    conversionKeys: conversions.map((e) => ({ siteId: e.site.id, eventId: e.eventId })),
  };
}

/** Writes the plan into this process's rollup part; throws ConcurrentWriteError when its reads were overtaken. */
export async function persistPlan(sql: Sql, plan: IngestPlan): Promise<void> {
  const written = await writePlan(sql, plan, rollupPart());
  if (written.exposures !== plan.exposures.length) throw new ConcurrentWriteError("exposures written concurrently");
  if (written.conversions !== plan.conversions.length) throw new ConcurrentWriteError("conversions written concurrently");
}

/**
 * Each site's goal labels admitted so far (at most MAX_GOAL_LABELS besides its tests' goals), read from
 * its rollups on a site's first conversion in this process. Per process: with several instances a site
 * may count a few more labels, which the results page bounds again (boundGoals).
 */
const admittedLabels = new Map<string, Set<string>>();
const MAX_SITES_WITH_LABELS = 5_000;

/** The conversions with labels past the site's bound counted under OTHER_GOAL (goal-labels.ts). */
async function boundGoalLabels(sql: Sql, group: readonly ScreenedBatch[], events: PlanEvent[]): Promise<PlanEvent[]> {
  const conversions = events.filter((e) => e.kind === "conversion");
  if (conversions.length === 0) return events;
  const sites = new Map(group.map((b) => [b.site.id, b.site]));
  const unseen = [...new Set(conversions.map((e) => e.site.id))].filter((id) => !admittedLabels.has(id));
  if (unseen.length > 0) {
    for (const [siteId, labels] of await readSiteGoalLabels(sql, unseen)) {
      const configured = configuredLabels(sites.get(siteId));
      admittedLabels.set(siteId, new Set(labels.filter((l) => !configured.has(l)).slice(0, MAX_GOAL_LABELS)));
    }
    while (admittedLabels.size > MAX_SITES_WITH_LABELS) admittedLabels.delete(admittedLabels.keys().next().value as string);
  }
  const configured = new Map([...sites].map(([id, site]) => [id, configuredLabels(site)]));
  return events.map((e) => {
    if (e.kind !== "conversion") return e;
    const [goal] = admitGoalLabels([e.goal], admittedLabels.get(e.site.id) ?? new Set(), configured.get(e.site.id) ?? new Set());
    return goal === e.goal ? e : { ...e, goal: goal! };
  });
}

/** A site's configured goals (every running test's), Shopify's purchase and funnel: always counted as themselves. */
function configuredLabels(site: SiteConfig | undefined): Set<string> {
  return new Set([PURCHASE_GOAL, ...FUNNEL_LABELS, ...(site?.tests.flatMap((t) => t.goals.map((g) => g.label)) ?? [])]);
}

/** An event's identity in the group: its site and id. */
const eventKey = (siteId: string, eventId: string) => `${siteId}\u0000${eventId}`;

const byKey = (a: EventRow, b: EventRow) =>
  a.siteId < b.siteId ? -1 : a.siteId > b.siteId ? 1 : a.eventId < b.eventId ? -1 : a.eventId > b.eventId ? 1 : 0;

function toRow(site: SiteConfig, batch: EventBatch, event: SvcEvent, receivedAt: Date): EventRow {
  // The client's clock may be wrong; keep its intervals (sent - ts) but anchor them to ours.
  const age = Math.min(Math.max(batch.sent - event.ts, 0), MAX_EVENT_AGE_MS);
  const { id, ts: _ts, path, type, ...data } = event;
  return {
    siteId: site.id,
    eventId: id,
    type,
    visitorId: batch.vid,
    sessionId: batch.sid,
    path,
    occurredAt: new Date(receivedAt.getTime() - age),
    data,
  };
}
