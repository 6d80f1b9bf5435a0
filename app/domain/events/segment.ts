// A visitor's segment for the exploratory segment results (docs/results.md "Segments"): the classes their
// first exposure to a test counts under (device, new or returning, traffic channel, country, Shopify market),
// read from the events request and the landing facts the snippet sends on each batch, by the same audience
// rules /api/patches applies (app/wire/rules/audience.ts). Classes only: nothing that names a visitor.
import { visitorFacts } from "~/wire";
import { ISO_COUNTRIES } from "../iso-countries";

export const SEGMENT_DIMENSIONS = ["device", "visitor", "channel", "country", "market"] as const;
export type SegmentDimension = (typeof SEGMENT_DIMENSIONS)[number];

/** One value per dimension; market is "" outside Shopify (that dimension then has no row). */
export type Segment = Record<SegmentDimension, string>;

/** What could not be told: no landing facts sent (an older snippet), no country, no market. */
export const UNKNOWN = "unknown";

/** Landing facts longer than this (a very long utm_campaign) are not read: the batch's segment is unknown in part. */
export const MAX_LANDING_LENGTH = 2_048;

export interface SegmentSources {
  userAgent: string | null | undefined;
  /** The batch's `l`: the snippet's landing facts and Shopify facts, as sent to /api/patches ("&nv=1&ref=…&a=…"). */
  landing: string | null | undefined;
  /** The page's host (the request's Origin): a referrer on it is the site itself, a direct visit. */
  pageHost: string | null;
  /** ISO 3166-1 alpha-2 from the trusted header or GeoIP. */
  country: string | null;
  /** Only Shopify sites have markets. */
  shopify: boolean;
}

export function segmentOf(s: SegmentSources): Segment {
  const sent = typeof s.landing === "string" && s.landing.length <= MAX_LANDING_LENGTH;
  const q = new URLSearchParams(sent ? s.landing! : "");
  const facts = visitorFacts({
    userAgent: s.userAgent,
    pageHost: s.pageHost,
    nv: q.get("nv"),
    utm_source: q.get("utm_source"),
    utm_medium: q.get("utm_medium"),
    utm_campaign: q.get("utm_campaign"),
    ref: q.get("ref"),
    a: q.get("a"),
    country: s.country,
  });
  return {
    device: facts.device,
    visitor: facts.returning === null ? UNKNOWN : facts.returning ? "returning" : "new",
    // Without landing facts every visit would read as direct: unknown instead.
    channel: sent ? facts.channel : UNKNOWN,
    country: facts.country && ISO_COUNTRIES.has(facts.country) ? facts.country : UNKNOWN,
    market: !s.shopify ? "" : facts.market && facts.market.length <= MAX_MARKET_LENGTH ? facts.market : UNKNOWN,
  };
}

const MAX_MARKET_LENGTH = 32;

/**
 * What a market handle counts as while the site does not count it as itself: the page states the handle,
 * so anybody can choose one, and a site counts only handles shown from many networks, 50 at most
 * (segment-values.ts's MARKET_ADMISSION).
 */
export const OTHER = "other";

const VALUE = /^[A-Za-z0-9-]{0,32}$/;

/** Exposure.segment's text: the values in SEGMENT_DIMENSIONS' order, joined by "|". */
export const encodeSegment = (s: Segment): string => SEGMENT_DIMENSIONS.map((d) => s[d]).join("|");

/** The stored text back, or null when it is absent or not one this code wrote. */
export function decodeSegment(text: string | null | undefined): Segment | null {
  const parts = (text ?? "").split("|");
  if (!text || parts.length !== SEGMENT_DIMENSIONS.length || !parts.every((p) => VALUE.test(p))) return null;
  return Object.fromEntries(SEGMENT_DIMENSIONS.map((d, i) => [d, parts[i]!])) as Segment;
}

/** The (dimension, value) pairs a visitor of this segment counts under: every dimension with a value. */
export function segmentEntries(text: string | null | undefined): Array<[SegmentDimension, string]> {
  const s = decodeSegment(text);
  return s ? SEGMENT_DIMENSIONS.filter((d) => s[d] !== "").map((d) => [d, s[d]]) : [];
}
