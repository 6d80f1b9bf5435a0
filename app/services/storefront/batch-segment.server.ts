// The segment (segment.ts) a batch's exposures are counted under: read from its request (User-Agent, the
// page's Origin, the country the caller read by the trusted header or GeoIP) and its landing facts. Nothing of
// the request is kept but the classes.
import { encodeSegment, OTHER, segmentOf, UNKNOWN } from "~/domain/events/segment";
import type { SiteConfig } from "~/domain/sites/site-config";
import type { EventBatch, SvcEvent } from "~/wire";
import { marketCounted } from "./segment-values.server";

export interface SegmentRequest {
  userAgent?: string | null;
  origin: string | null;
  /** The request's country (requestCountry: the trusted header, else GeoIP); null when unknown. */
  country: string | null;
  /** The client's address: the network that vouches for a market handle (segment-values.server.ts); never stored. */
  address?: string;
}

export async function batchSegment(site: SiteConfig, batch: EventBatch, events: readonly SvcEvent[], request: SegmentRequest): Promise<string | null> {
  if (!events.some((e) => e.type === "exposure")) return null;
  const segment = segmentOf({ userAgent: request.userAgent, landing: batch.l, pageHost: hostOf(request.origin), country: request.country, shopify: site.kind === "shopify" });
  const { market } = segment;
  if (market === "" || market === UNKNOWN || market === OTHER) return encodeSegment(segment);
  // The handle comes from the page: it counts as itself only once the site counts it (segment-values.ts).
  return encodeSegment((await marketCounted(site.id, market, request.address)) ? segment : { ...segment, market: OTHER });
}

function hostOf(origin: string | null): string | null {
  try {
    return origin && origin !== "null" ? new URL(origin).host : null;
  } catch {
    return null;
  }
}
