// Which segment values a page states, and so anybody can choose (the Shopify market handle), a site counts as
// themselves (docs/results.md "Segments"). svc does not know a shop's own markets (that needs Shopify's
// read_markets scope), so a handle is counted only once visitors from many distinct networks have shown it,
// each network vouching for a few handles at most: junk from a few networks is never counted, and the site's
// slots stay for its real markets. Until then, and past the site's cap, a handle counts as "other".

export interface AdmissionPolicy {
  /** Distinct client networks (IPv4 /24, IPv6 /48) that must show a value before it is counted. */
  networks: number;
  /** Values one network may vouch for per site and dimension (pending or counted). */
  perNetwork: number;
  /** Values a site counts at most; past it, new values stay pending (counted as "other"). */
  maxAdmitted: number;
  /** Pending values a site keeps at most; past it, new values are not even noted until some expire. */
  maxPending: number;
  /** A pending value not counted within this long is forgotten, with the networks that vouched for it. */
  pendingMs: number;
}

/**
 * The Shopify market's policy. 20 networks: more than the 10 an outsider is assumed to hold (issue 33), so
 * 10 networks admit no junk at all, and n networks admit at most n × 4 / 20 handles. A real market reaches
 * 20 networks within its first few dozen visitors, who count as "other" until then. 50 markets per site:
 * Shopify's own limit when this was written. 200 pending, forgotten after 7 days: a small table per site.
 */
export const MARKET_ADMISSION: AdmissionPolicy = { networks: 20, perNetwork: 4, maxAdmitted: 50, maxPending: 200, pendingMs: 7 * 24 * 3600_000 };

/** A value the site has noted: the networks that showed it while pending (at most `networks`), and whether it counts. */
export interface NotedValue {
  value: string;
  networks: readonly string[];
  admitted: boolean;
}

/** What one sighting changes: nothing, a new pending (or at once counted) value, or one more network on a noted value. */
export type SightingChange = { kind: "none" } | { kind: "insert"; admitted: boolean } | { kind: "add-network"; admitted: boolean };

export interface Sighting {
  /** Whether the value counts as itself for this exposure. */
  counted: boolean;
  change: SightingChange;
}

const NONE: SightingChange = { kind: "none" };

/**
 * One visitor's network showing `value`, judged against everything the site has noted for the dimension
 * (`noted`, expired pending values already gone). `network` is the keyed hash of the client's network;
 * null (no usable address) vouches for nothing. The value is counted from the sighting that brings its
 * networks to `policy.networks`, while the site counts fewer than `policy.maxAdmitted`.
 */
export function judgeSighting(noted: readonly NotedValue[], value: string, network: string | null, policy: AdmissionPolicy): Sighting {
  const row = noted.find((v) => v.value === value);
  if (row?.admitted) return { counted: true, change: NONE };
  if (network === null || row?.networks.includes(network) || (row && row.networks.length >= policy.networks)) return { counted: false, change: NONE };
  if (noted.filter((v) => v.networks.includes(network)).length >= policy.perNetwork) return { counted: false, change: NONE };
  const admit = (row?.networks.length ?? 0) + 1 >= policy.networks && noted.filter((v) => v.admitted).length < policy.maxAdmitted;
  if (row) return { counted: admit, change: { kind: "add-network", admitted: admit } };
  if (!admit && noted.filter((v) => !v.admitted).length >= policy.maxPending) return { counted: false, change: NONE };
  return { counted: admit, change: { kind: "insert", admitted: admit } };
}
