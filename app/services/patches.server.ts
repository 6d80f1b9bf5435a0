// GET /api/patches: this visitor's arms of the site's running tests, from the in-memory site cache.
import { patchesFor, PATCHES_TTL_SECONDS } from "~/domain/patches-response";
import { ID_PATTERN, isSiteId, type PatchesQuery, type PatchesResponse } from "~/wire";
import { throttleSnippetRequest } from "./limits.server";
import { fail, ok, type Outcome } from "./outcome";
import { getSiteConfig } from "./site-cache.server";

/** The query's parameters as sent ("" when missing); `url` is not needed to answer. */
export type PatchesRequest = Pick<PatchesQuery, "site" | "vid" | "sid">;

export async function patchesForVisitor({ site, vid, sid }: PatchesRequest): Promise<Outcome<PatchesResponse>> {
  if (!isSiteId(site)) return fail({ status: 400, type: "invalid-site", title: "site must be a Site ID" });
  for (const [name, value] of [["vid", vid], ["sid", sid]] as const) {
    if (!ID_PATTERN.test(value)) return fail({ status: 400, type: "invalid-query", title: `${name} is missing or malformed` });
  }
  const config = await getSiteConfig(site);
  // Unknown or paused sites get the same empty answer as a site with no running test, and cost no bucket.
  if (!config || config.tests.length === 0) return ok({ ttl: PATCHES_TTL_SECONDS, tests: [] });
  const limited = throttleSnippetRequest(config.id, vid);
  if (limited) return fail(limited);
  return ok(patchesFor(config, vid));
}
