// Whether a market handle a batch states counts as itself for its site (app/domain/events/segment-values.ts):
// answered from memory once the site counts it; otherwise the sighting is judged and noted in the database
// under a lock, at most once a minute per (site, handle, network) and per spent network.
import { createHmac } from "node:crypto";
import { clientNetwork } from "~/domain/events/exposure-integrity";
import { judgeSighting, MARKET_ADMISSION, type AdmissionPolicy } from "~/domain/events/segment-values";
import { previewKey } from "~/env.server";
import { readAdmittedSegmentValues, sightSegmentValue } from "~/models/events/segment-value.server";

const DIMENSION = "market";

/** Each site's counted handles, as far as this process knows (the database holds them all): only ever grows. */
const admitted = new Map<string, Set<string>>();
const MAX_SITES = 5_000;

/**
 * Sightings that changed nothing, recently: the same network showing the same pending handle again, or a
 * network that has vouched for all it may. They are answered "not counted" without the database for
 * REPEAT_MS, so a stream of junk from one network costs one write per handle and then none.
 */
const quiet = new Map<string, number>();
const REPEAT_MS = 60_000;
const MAX_QUIET = 20_000;

/**
 * The client network's keyed hash, per site: two sites' rows cannot be linked, and a row never holds the
 * address or the network itself. Keyed by the preview key (shared by instances with the same app secret).
 */
export function networkTag(siteId: string, address: string | undefined): string | null {
  const network = clientNetwork(address);
  if (network === null) return null;
  return createHmac("sha256", previewKey().key).update(`segment-network\u0000${siteId}\u0000${network}`).digest("base64url").slice(0, 16);
}

/** Whether `market` (a handle of the right shape, neither "unknown" nor "other") counts as itself for this batch. */
export async function marketCounted(siteId: string, market: string, address: string | undefined, policy: AdmissionPolicy = MARKET_ADMISSION): Promise<boolean> {
  const known = await admittedOf(siteId);
  if (known.has(market)) return true;
  const network = networkTag(siteId, address);
  if (network === null) return false;
  const now = Date.now();
  const repeat = `${siteId}\u0000${market}\u0000${network}`;
  const spent = `${siteId}\u0000\u0000${network}`;
  if ((quiet.get(repeat) ?? 0) > now || (quiet.get(spent) ?? 0) > now) return false;
  let spentNow = false;
  const sighting = await sightSegmentValue({ siteId, dimension: DIMENSION, value: market, network }, policy.pendingMs, (noted) => {
    const judged = judgeSighting(noted, market, network, policy);
    spentNow = judged.change.kind === "none" && !judged.counted && noted.filter((v) => v.networks.includes(network)).length >= policy.perNetwork;
    // Another instance counted it meanwhile: remember every counted handle read.
    for (const v of noted) if (v.admitted) known.add(v.value);
    return judged;
  });
  if (sighting.counted) {
    known.add(market);
    return true;
  }
  quiet.set(spentNow ? spent : repeat, now + REPEAT_MS);
  while (quiet.size > MAX_QUIET) quiet.delete(quiet.keys().next().value as string);
  return false;
}

async function admittedOf(siteId: string): Promise<Set<string>> {
  let known = admitted.get(siteId);
  if (!known) {
    known = new Set(await readAdmittedSegmentValues(siteId, DIMENSION));
    // Another batch of the site may have loaded it meanwhile: keep one set, holding both.
    const other = admitted.get(siteId);
    if (other) {
      for (const v of known) other.add(v);
      known = other;
    }
    admitted.set(siteId, known);
    while (admitted.size > MAX_SITES) admitted.delete(admitted.keys().next().value as string);
  }
  return known;
}
