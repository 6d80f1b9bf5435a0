// The segment (segment.ts) a batch's exposures are counted under: read from its request (User-Agent, the
// page's Origin, the country the caller read by the trusted header or GeoIP) and its landing facts. Nothing of
// the request is kept but the classes.
import { boundMarket, encodeSegment, MAX_SITE_MARKETS, segmentOf, UNKNOWN } from "~/domain/events/segment";
import type { SiteConfig } from "~/domain/sites/site-config";
import { readSiteSegmentValues } from "~/models/segment-rollup.server";
import type { EventBatch, SvcEvent } from "~/wire";

export interface SegmentRequest {
  userAgent?: string | null;
  origin: string | null;
  /** The request's country (requestCountry: the trusted header, else GeoIP); null when unknown. */
  country: string | null;
}

export async function batchSegment(site: SiteConfig, batch: EventBatch, events: readonly SvcEvent[], request: SegmentRequest): Promise<string | null> {
  if (!events.some((e) => e.type === "exposure")) return null;
  const segment = segmentOf({ userAgent: request.userAgent, landing: batch.l, pageHost: hostOf(request.origin), country: request.country, shopify: site.kind === "shopify" });
  if (segment.market === "" || segment.market === UNKNOWN) return encodeSegment(segment);
  return encodeSegment(boundMarket(segment, await admittedMarkets(site.id)));
}

/**
 * Each site's market handles admitted so far, read from its segment rows on its first market in this process.
 * Per process: with several instances a site may count a few more, which the results page bounds again.
 */
const markets = new Map<string, Set<string>>();
const MAX_SITES_WITH_MARKETS = 5_000;

async function admittedMarkets(siteId: string): Promise<Set<string>> {
  let admitted = markets.get(siteId);
  if (!admitted) {
    admitted = new Set((await readSiteSegmentValues(siteId, "market", MAX_SITE_MARKETS + 2)).filter((v) => v !== UNKNOWN && v !== "other"));
    markets.set(siteId, admitted);
    while (markets.size > MAX_SITES_WITH_MARKETS) markets.delete(markets.keys().next().value as string);
  }
  return admitted;
}

function hostOf(origin: string | null): string | null {
  try {
    return origin && origin !== "null" ? new URL(origin).host : null;
  } catch {
    return null;
  }
}
