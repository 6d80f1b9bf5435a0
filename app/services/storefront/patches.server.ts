// GET /api/patches: this visitor's arms of the site's running tests, from the in-memory site cache, or in
// preview (a signed token from the admin) the one forced arm of the previewed test, read from the database.
import { patchesFor, previewPatchesFor, PATCHES_TTL_SECONDS } from "~/domain/experiments/patches-response";
import { verifyPreviewToken } from "~/domain/links/preview-token";
import { previewKey } from "~/env.server";
import { findPreviewableTest } from "~/models/tests/preview.server";
import { ID_PATTERN, isSiteId, type PatchesQuery, type PatchesResponse } from "~/wire";
import { needsCountry, visitorFacts, type FactSources } from "~/wire/rules/audience";
import { normalizeCountry } from "~/domain/consent/region";
import { countryOfAddress } from "~/infra/geoip.server";
import { throttleSnippetRequest } from "~/services/limits.server";
import { fail, ok, type Outcome } from "~/services/outcome";
import { getSiteConfig } from "~/services/site-cache.server";

/** The query's parameters as sent ("" when missing); `url` is not needed to answer. */
export type PatchesRequest = Pick<PatchesQuery, "site" | "vid" | "sid"> & {
  preview?: string;
  /**
   * The client's IP address: limits its lookups of unknown Site IDs (site-cache.server.ts), and its and
   * its network's requests to a site (limits.server.ts).
   */
  address?: string;
  /** What the audience rules read (docs/audiences.md): the query's landing and Shopify facts, the User-Agent. */
  facts?: Omit<FactSources, "country">;
  /** The trusted CDN country header's value, when one is configured (else GeoIP, as for consent). */
  headerCountry?: string | null;
};

export async function patchesForVisitor({ site, vid, sid, preview, address, facts, headerCountry }: PatchesRequest): Promise<Outcome<PatchesResponse>> {
  if (!isSiteId(site)) return fail({ status: 400, type: "invalid-site", title: "site must be a Site ID" });
  for (const [name, value] of [["vid", vid], ["sid", sid]] as const) {
    if (!ID_PATTERN.test(value)) return fail({ status: 400, type: "invalid-query", title: `${name} is missing or malformed` });
  }
  const config = await getSiteConfig(site, address);
  if (preview) {
    // A preview costs the same bucket as a normal answer: a token must not open a way around the limits.
    const throttled = config && (await throttleSnippetRequest(config.id, vid, address, "patches"));
    if (throttled && !throttled.ok) return throttled;
    const forced = await previewAnswer(site, preview);
    // A bad, expired or foreign token is ignored: the shopper who followed a stale link gets the normal page.
    if (forced) return ok(forced);
  }
  // Unknown or paused sites get the same empty answer as a site with no running test, and cost no bucket.
  if (!config || (config.tests.length === 0 && !config.served?.length && !config.holdout)) return ok({ ttl: PATCHES_TTL_SECONDS, tests: [] });
  // The shop's own team (Settings, "Leave my team's visits out of tests") sees the page as without svc.
  if (address && config.staffAddresses?.includes(address)) return ok({ ttl: PATCHES_TTL_SECONDS, tests: [] });
  // A preview took its request above.
  if (!preview) {
    const throttled = await throttleSnippetRequest(config.id, vid, address, "patches");
    if (!throttled.ok) return throttled;
  }
  // The country costs a lookup: only when a running test's audience reads it.
  const country = config.tests.some((t) => needsCountry(t.audience ?? []))
    ? (normalizeCountry(headerCountry ?? null) ?? (await countryOfAddress(address)))
    : null;
  return ok(patchesFor(config, vid, () => visitorFacts({ ...facts, country })));
}

async function previewAnswer(site: string, token: string): Promise<PatchesResponse | null> {
  const check = verifyPreviewToken(previewKey().key, token, site, Math.floor(Date.now() / 1000));
  if (!check.ok) return null;
  const test = await findPreviewableTest(site, check.claims.test);
  return test && previewPatchesFor(test, check.claims.arm);
}
