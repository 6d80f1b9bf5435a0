// POST /api/events and /api/collect: validate a snippet batch, keep only exposures the visitor was
// really assigned, write events, exposures and conversions in one transaction, and update rollups.
import { parseEventBatch, parseJsonText } from "~/domain/event-batch";
import { judgeExposure } from "~/domain/exposure-integrity";
import { armOf } from "~/domain/patches-response";
import type { SiteConfig } from "~/domain/site-config";
import { insertNewEvents, type EventRow } from "~/models/event.server";
import { countVisitorExposures, insertFirstExposure } from "~/models/exposure.server";
import { addToRollup } from "~/models/rollup.server";
import { addRejectedExposures, pauseSite } from "~/models/site.server";
import { inTransaction } from "~/models/transaction.server";
import type { EventBatch, SvcEvent } from "~/wire";
import { recordExposureVerdicts, throttleSnippetRequest } from "./limits.server";
import { fail, ok, type Outcome } from "./outcome";
import { recordConversionInTx } from "./record-conversion.server";
import { recordCheckoutInTx } from "./shopify-orders.server";
import { getSiteConfig, invalidateSite } from "./site-cache.server";

export type Door = "events" | "collect";

export interface IngestInput {
  door: Door;
  text: string;
  /** The request's Origin header. */
  origin: string | null;
  receivedAt: Date;
}

export interface IngestSummary {
  accepted: number;
  duplicates: number;
  rejected: number;
}

/** Events may be at most this old; older client timestamps are clamped (a stale queue, a wrong clock). */
const MAX_EVENT_AGE_MS = 7 * 24 * 3600 * 1000;

export async function ingestEventBatch(input: IngestInput): Promise<Outcome<IngestSummary>> {
  const json = parseJsonText(input.text);
  const parsed = json.ok ? parseEventBatch(json.value) : json;
  if (!parsed.ok) return fail({ status: 400, type: "invalid-batch", title: "The event batch is not valid", issues: parsed.issues });
  const batch = parsed.value;
  if (input.door === "events" && batch.events.some((e) => e.type === "checkout")) {
    return fail({ status: 400, type: "invalid-batch", title: "The event batch is not valid", issues: ["events: checkout events are accepted on /api/collect only"] });
  }
  const site = await getSiteConfig(batch.site);
  if (!site) return fail({ status: 404, type: "unknown-site", title: "Unknown Site ID" });
  if (input.door === "collect" && (site.kind !== "shopify" || batch.shop !== site.shopDomain)) {
    return fail({ status: 403, type: "shop-mismatch", title: "This site does not belong to that shop" });
  }
  if (site.allowedOrigins.length > 0 && input.origin && !site.allowedOrigins.includes(input.origin)) {
    return fail({ status: 403, type: "origin-not-allowed", title: "Events from this origin are not accepted for this site" });
  }
  const limited = await throttleSnippetRequest(site.id, batch.vid);
  if (limited) return fail(limited);

  const { kept, rejected } = await screenExposures(site, batch);
  const summary = await inTransaction(async (tx) => {
    const rows = kept.map((event) => toRow(site, batch, event, input.receivedAt));
    const inserted = await insertNewEvents(tx, rows);
    for (const [i, event] of kept.entries()) {
      const row = rows[i];
      if (!row || !inserted.has(row.eventId)) continue;
      if (event.type === "exposure") {
        const first = await insertFirstExposure(tx, {
          siteId: site.id,
          testId: event.test,
          armId: event.arm,
          sessionId: batch.sid,
          visitorId: batch.vid,
          eventId: event.id,
          exposedAt: row.occurredAt,
          msToApply: event.msToApply,
          msHidden: event.msHidden,
        });
        if (!first) continue;
        const newVisitor = (await countVisitorExposures(tx, site.id, event.test, batch.vid)) === 1;
        await addToRollup(
          tx,
          { siteId: site.id, testId: event.test, armId: event.arm, goal: "", day: row.occurredAt, currency: "" },
          { exposures: 1, exposedVisitors: newVisitor ? 1 : 0 },
        );
      } else if (event.type === "conversion") {
        await recordConversionInTx(tx, site, {
          eventId: event.id,
          goal: event.goal,
          value: event.value ?? null,
          currency: null,
          sessionId: batch.sid,
          visitorId: batch.vid,
          source: "browser",
          occurredAt: row.occurredAt,
        });
      } else if (event.type === "checkout") {
        await recordCheckoutInTx(tx, site, { orderId: event.order, sessionId: batch.sid, visitorId: batch.vid });
      }
    }
    return { accepted: inserted.size, duplicates: rows.length - inserted.size, rejected };
  });
  return ok(summary);
}

/**
 * Drops exposures that claim a test or arm this visitor was not assigned. Claims against running
 * tests feed the misuse monitor, which pauses the site's tests when misuse is sustained; claims naming
 * tests that are not running (a stopped test still in a snippet's cache, or made-up ids) are dropped
 * without counting as misuse, since they cannot reach any result.
 */
async function screenExposures(site: SiteConfig, batch: EventBatch): Promise<{ kept: SvcEvent[]; rejected: number }> {
  const kept: SvcEvent[] = [];
  let rejected = 0;
  let claimsValid = 0;
  let claimsInvalid = 0;
  for (const event of batch.events) {
    if (event.type !== "exposure") {
      kept.push(event);
      continue;
    }
    const test = site.tests.find((t) => t.id === event.test);
    const assigned = test ? (armOf(site, test, batch.vid)?.id ?? null) : undefined;
    const verdict = judgeExposure({ test: event.test, arm: event.arm }, assigned);
    if (verdict === "valid") kept.push(event);
    else rejected += 1;
    if (verdict === "valid") claimsValid += 1;
    else if (verdict !== "unknown-test") claimsInvalid += 1;
  }
  const pause = claimsValid + claimsInvalid > 0 && (await recordExposureVerdicts(site.id, claimsValid, claimsInvalid));
  if (rejected > 0) await addRejectedExposures(site.id, rejected);
  if (pause) {
    await pauseSite(site.id, "Too many exposure events claimed arms that visitors were not assigned (window.svc.exposure misuse).");
    invalidateSite(site.publicId);
  }
  return { kept, rejected };
}

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
