// POST /api/events and /api/collect: validate a snippet batch, refuse conversions only a trusted source may
// report, keep only exposures the visitor was really assigned, and hand the rest to the process's
// group-commit writer (answered once committed).
import { refusalIssue, screenBrowserConversions, type RefusedConversion } from "~/domain/events/browser-conversions";
import { parseEventBatch, parseJsonText } from "~/domain/events/event-batch";
import { MAX_ISSUES } from "~/domain/parse-result";
import { seenFacts, seenFactsAdmit } from "~/domain/events/exposure-audience";
import { claimWeight, judgeExposure, siteOwnOrigins } from "~/domain/events/exposure-integrity";
import { networkBucket } from "~/domain/events/network-bucket";
import { networkKey, readDatabaseEnv } from "~/env.server";
import { holdoutArmOf } from "~/domain/experiments/patches-response";
import { assignTests } from "~/wire/rules/traffic-split";
import type { SiteConfig } from "~/domain/sites/site-config";
import { addRejectedExposures } from "~/models/sites/site.server";
import { isDataError } from "~/models/transaction.server";
import type { EventBatch, SvcEvent } from "~/wire";
import { isPixelFunnelLabel } from "~/wire/rules/funnel";
import { throttleSnippetRequest } from "~/services/limits.server";
import { pauseTestForMisuse } from "./misuse-pause.server";
import { recordMisuseClaims } from "~/services/misuse.server";
import { fail, ok, type Outcome, type Problem } from "~/services/outcome";
import { getSiteConfig } from "~/services/site-cache.server";
import { groupCommit, QueueFullError } from "~/infra/group-commit.server";
import { writeEventGroup, type BatchWritten, type ScreenedBatch } from "./write-event-group.server";
import { batchSegment } from "./batch-segment.server";
import { requestCountry } from "./visitor-network.server";
import type { VisitorFacts } from "~/wire/rules/audience";

export type Door = "events" | "collect";

export interface IngestInput {
  door: Door;
  text: string;
  /** The request's Origin header. */
  origin: string | null;
  /**
   * The client's address: the per-address limit (hashed there) and the misuse monitor (distinct networks)
   * read it; never stored, only its network's keyed bucket (network-bucket.ts).
   */
  address?: string;
  receivedAt: Date;
  /** The request's User-Agent and trusted country header (when configured): the exposures' segment, as classes only. */
  userAgent?: string | null;
  headerCountry?: string | null;
}

export interface IngestSummary {
  accepted: number;
  duplicates: number;
  rejected: number;
}

/**
 * A few writers per process (writerCount): batches arriving while the commits are in flight share the next
 * transaction, and a site's batches are in one commit in flight at a time, so writers never queue on a site's rows.
 * An idle writer commits on the next turn of the event loop: under load the in-flight commit already
 * gathers the next group, and a window only made things worse (measured in-process on PostgreSQL, 20
 * callers: 16,600 events/s with none, 10,200 with 2 ms, 8,300 with 5 ms).
 * The cap keeps one transaction's statements and JSON parameters small (~a few hundred KB).
 * A group the database refuses for a batch's data is retried without that batch (isolates), so a batch
 * that slipped past validation fails itself (422) and never its neighbours, whatever their site.
 * Batches wait in one lane per site, and groups take the lanes in turn: a site's backlog delays another
 * site's batch by one group at most. The wait is bounded (WRITE_QUEUE, docs/api.md "Limits"): past it a
 * batch is answered 503 with Retry-After at once, rather than after minutes in the queue.
 */
export const WRITE_QUEUE = {
  /** Events of one site waiting for the writer: two full groups. */
  maxSiteEvents: 4_000,
  /** Events of all sites waiting (besides one batch of each site, always admitted): ten full groups. */
  maxEvents: 20_000,
} as const;

let writers: number | null = null;
/**
 * SVC_WRITERS, else 2 on PostgreSQL, where one group's statements run while another's wait for their answers
 * (measured: docs/performance.md), and 1 on PGlite, whose one connection would only queue a second.
 */
function writerCount(): number {
  if (writers === null) {
    const env = readDatabaseEnv();
    writers = env.writers ?? (env.databaseUrl ? 2 : 1);
  }
  return writers;
}

const writeInGroup = groupCommit<ScreenedBatch, BatchWritten>({
  commit: writeEventGroup,
  windowMs: 0,
  maxWeight: 2_000,
  weight: (job) => Math.max(1, job.events.length),
  isolates: isDataError,
  lane: (job) => job.site.id,
  maxLaneWeight: WRITE_QUEUE.maxSiteEvents,
  maxQueuedWeight: WRITE_QUEUE.maxEvents,
  writers: writerCount,
});

const UNSTORABLE = {
  status: 422,
  type: "unstorable-batch",
  title: "The event batch could not be stored",
  detail: "The database refused a value of this batch; nothing of it was stored. Sending it again will not help.",
} as const;

/** The writer's queue is at its bound (WRITE_QUEUE): nothing was queued; the snippet sends the batch again later. */
const WRITER_BUSY = { status: 503, type: "temporarily-unavailable", title: "Try again shortly", detail: "The writer's queue is full.", retryAfterSeconds: 1 } as const;

export async function ingestEventBatch(input: IngestInput): Promise<Outcome<IngestSummary>> {
  const json = parseJsonText(input.text);
  const parsed = json.ok ? parseEventBatch(json.value) : json;
  if (!parsed.ok) return fail({ status: 400, type: "invalid-batch", title: "The event batch is not valid", issues: parsed.issues });
  const sent = parsed.value;
  if (input.door === "events" && sent.events.some((e) => e.type === "checkout")) {
    return fail({ status: 400, type: "invalid-batch", title: "The event batch is not valid", issues: ["events: checkout events are accepted on /api/collect only"] });
  }
  const site = await getSiteConfig(sent.site, input.address);
  if (!site) return fail({ status: 404, type: "unknown-site", title: "Unknown Site ID" });
  if (input.door === "collect" && (site.kind !== "shopify" || sent.shop !== site.shopDomain)) {
    return fail({ status: 403, type: "shop-mismatch", title: "This site does not belong to that shop" });
  }
  if (site.allowedOrigins.length > 0 && input.origin && !site.allowedOrigins.includes(input.origin)) {
    return fail({ status: 403, type: "origin-not-allowed", title: "Events from this origin are not accepted for this site" });
  }
  const throttled = await throttleSnippetRequest(site.id, sent.vid, input.address);
  if (!throttled.ok) return throttled;

  // Money only from money's source: a conversion the browser may not report is refused on its own, and the
  // shopper's other events in the batch still count (app/domain/events/browser-conversions.ts).
  const money = screenBrowserConversions(sent.events, site);
  // The funnel's reserved labels are the web pixel's, which reports on /api/collect only: a page's
  // svc.convert under one of them on /api/events counts for nothing (app/wire/rules/funnel.ts).
  const events = input.door === "events" ? money.kept.filter((e) => !(e.type === "conversion" && isPixelFunnelLabel(e.goal))) : money.kept;
  const foreignFunnel = money.kept.length - events.length;
  const batch = { ...sent, events };
  if (money.refused.length > 0 && events.length === 0) return fail(browserConversionRefused(money.refused, null));
  // What the request itself shows of the visitor (device, country), read once: the audience check and the segment.
  const country = batch.events.some((e) => e.type === "exposure") ? await requestCountry(input.headerCountry, input.address) : null;
  const seen = seenFacts({ userAgent: input.userAgent, country });
  const screened = await screenExposures(site, batch, input, seen);
  const { kept } = screened;
  const rejected = screened.rejected + foreignFunnel;
  let written: BatchWritten;
  try {
    const segment = await batchSegment(site, batch, kept, { ...input, country });
    const network = networkBucket(input.address, networkKey());
    written = await writeInGroup({ site, batch, events: kept, receivedAt: input.receivedAt, segment, network });
  } catch (error) {
    // Isolated by the group commit: this batch alone holds what the database refused; nothing of it was stored.
    if (isDataError(error)) return fail(UNSTORABLE);
    if (error instanceof QueueFullError) return fail(WRITER_BUSY);
    throw error;
  }
  if (money.refused.length > 0) return fail(browserConversionRefused(money.refused, { ...written, rejected }));
  return ok({ ...written, rejected });
}

/**
 * 403 for a batch that reported conversions only a trusted source may (docs/api.md): `issues` names each,
 * and `detail` says what became of the batch's other events, which were stored as any batch's are.
 */
function browserConversionRefused(refused: readonly RefusedConversion[], stored: IngestSummary | null): Problem {
  const where = refused.some((r) => r.source === "orders")
    ? "On a Shopify site, purchases and their revenue come from the shop's signed order webhooks only."
    : "This site counts these goals from its server only (POST /api/conversions with a site API key).";
  const rest = stored
    ? ` The batch's other events were stored: ${stored.accepted} accepted, ${stored.duplicates} duplicates, ${stored.rejected} rejected.`
    : " Nothing else of the batch was stored.";
  return {
    status: 403,
    type: "browser-conversion-refused",
    title: "A browser may not report these conversions",
    detail: where + rest,
    issues: refused.slice(0, MAX_ISSUES).map(refusalIssue),
  };
}

/**
 * Drops exposures that claim a test or arm this visitor was not assigned, assignment's audience check
 * included on what the request shows (`seen`: a desktop's exposure to a mobile-only test is a visitor
 * outside the test). Only claims that could come from the site itself feed the misuse monitor
 * (docs/decisions/014-misuse-evidence.md): sent from one of its own origins, about a running test, by a
 * visitor in that test. When a test's evidence is sustained, by many visitors from many networks, that
 * test alone is paused. Everything else is dropped and counts for nothing.
 */
async function screenExposures(site: SiteConfig, batch: EventBatch, input: IngestInput, seen: VisitorFacts): Promise<{ kept: SvcEvent[]; rejected: number }> {
  const kept: SvcEvent[] = [];
  let rejected = 0;
  const fromSiteOrigin = input.origin !== null && siteOwnOrigins(site).includes(input.origin);
  const claims = new Map<string, { claims: number; evidence: number }>();
  // What patchesFor gave this visitor: groups and the holdout included (traffic-split.ts).
  const arms = new Map(assignTests({ id: site.id, holdoutPercent: site.holdout?.percent ?? 0 }, site.tests, batch.vid).map((a) => [a.test.id, a.arm.id]));
  for (const event of batch.events) {
    if (event.type !== "exposure") {
      kept.push(event);
      continue;
    }
    const holdout = site.holdout?.runId === event.test;
    const test = site.tests.find((t) => t.id === event.test);
    const assigned = holdout ? holdoutArmOf(site, batch.vid) : test ? (seenFactsAdmit(test.audience, seen) ? (arms.get(test.id) ?? null) : null) : undefined;
    const verdict = judgeExposure({ test: event.test, arm: event.arm }, assigned);
    if (verdict === "valid") kept.push(event);
    else rejected += 1;
    // The holdout is no test the misuse monitor could pause: its false claims are dropped, nothing more.
    const weight = holdout ? "none" : claimWeight(verdict, fromSiteOrigin);
    if (weight === "none") continue;
    const counts = claims.get(event.test) ?? { claims: 0, evidence: 0 };
    counts.claims += 1;
    if (weight === "evidence") counts.evidence += 1;
    claims.set(event.test, counts);
  }
  if (rejected > 0) await addRejectedExposures(site.id, rejected);
  for (const [testId, counts] of claims) {
    const verdict = await recordMisuseClaims(site.id, testId, { ...counts, visitor: batch.vid, address: input.address });
    if (verdict?.pause) await pauseTestForMisuse(site, testId, verdict);
  }
  return { kept, rejected };
}
