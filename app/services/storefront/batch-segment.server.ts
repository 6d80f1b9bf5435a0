// The segment (segment.ts) a batch's exposures are counted under: read from its request (User-Agent, the
// page's Origin, the country by the trusted header or GeoIP) and its landing facts. Only batches with an
// exposure pay for the country lookup; nothing of the request is kept but the classes.
import { normalizeCountry } from "~/domain/consent/region";
import { encodeSegment, segmentOf } from "~/domain/events/segment";
import type { SiteConfig } from "~/domain/sites/site-config";
import { countryOfAddress } from "~/infra/geoip.server";
import type { EventBatch, SvcEvent } from "~/wire";

export interface SegmentRequest {
  userAgent?: string | null;
  origin: string | null;
  /** The trusted CDN country header's value, when one is configured (else GeoIP). */
  headerCountry?: string | null;
  address?: string;
}

export async function batchSegment(site: SiteConfig, batch: EventBatch, events: readonly SvcEvent[], request: SegmentRequest): Promise<string | null> {
  if (!events.some((e) => e.type === "exposure")) return null;
  const country = normalizeCountry(request.headerCountry) ?? (await countryOfAddress(request.address));
  return encodeSegment(
    segmentOf({ userAgent: request.userAgent, landing: batch.l, pageHost: hostOf(request.origin), country, shopify: site.kind === "shopify" }),
  );
}

function hostOf(origin: string | null): string | null {
  try {
    return origin && origin !== "null" ? new URL(origin).host : null;
  } catch {
    return null;
  }
}
