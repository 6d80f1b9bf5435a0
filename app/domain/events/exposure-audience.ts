// Whether an exposure's own request contradicts its test's audience (docs/audiences.md "At ingestion"): the
// rules on facts the server sees itself (the device from the User-Agent, the country from the trusted header or
// GeoIP) are checked again when the exposure arrives, the way /api/patches checked them when it assigned.
// Facts the page states (landing, UTM, Shopify's market, language, currency, customer; query and cookie rules)
// are not: whoever forges an exposure states them as the audience wants, so checking them proves nothing.
import { ruleMatches, visitorFacts, type Audience, type AudienceKind, type VisitorFacts } from "~/wire/rules/audience";

/** The audience kinds an events request shows the server again, as /api/patches read them. */
export const SEEN_KINDS: readonly AudienceKind[] = ["device", "country"];

/** What the events request shows: its User-Agent and country (trusted header or GeoIP; null when unknown). */
export interface SeenRequest {
  userAgent: string | null | undefined;
  country: string | null;
}

/** The request's facts read exactly as /api/patches reads them (visitorFacts); the stated ones stay unknown. */
export const seenFacts = (request: SeenRequest): VisitorFacts => visitorFacts({ userAgent: request.userAgent, country: request.country });

/**
 * Whether the audience holds on the seen facts: every device and country rule matches (an unknown country
 * matches no country rule, as at assignment). Other rules are not judged here. Cheap: a test has at most
 * MAX_AUDIENCE_RULES rules of MAX_AUDIENCE_VALUES values.
 */
export function seenFactsAdmit(audience: Audience | undefined, facts: VisitorFacts): boolean {
  return !audience || audience.every((rule) => !SEEN_KINDS.includes(rule.kind) || ruleMatches(rule, facts));
}
