// GET /api/hide.css: the hiding sheet a first pageview of another site links from the opt-in head helper
// (docs/anti-flicker-other-sites.md, "First-visit hiding"): the same text for every visitor of a page, from
// the in-memory site cache. Nothing about the request is stored.
import { hideSheet, parseHideSheetQuery } from "~/domain/experiments/hide-sheet";
import { fail, ok, type Outcome } from "~/services/outcome";
import { throttleSnippetRequest } from "~/services/limits.server";
import { getSiteConfig } from "~/services/site-cache.server";

export interface HideSheetRequest {
  /** The query's `site` and `p`, null when absent. */
  site: string | null;
  p: string | null;
  /** The client's IP address: limits its lookups of unknown Site IDs, and its requests to a site. */
  address?: string;
}

/** The sheet's CSS ("" when nothing on the page is changed), or the problem: bad query, unknown site, rate limited. */
export async function hideSheetFor({ site, p, address }: HideSheetRequest): Promise<Outcome<string>> {
  const query = parseHideSheetQuery(site, p);
  if (!query.ok) return fail(query.error);
  const config = await getSiteConfig(query.value.site, address);
  // The browser ignores a sheet answered with an error: the page shows as without svc (fail open).
  if (!config) return fail({ status: 404, type: "unknown-site", title: "Unknown Site ID" });
  // The site's bucket and the address's (shared with its event batches): no visitor id rides along.
  const throttled = await throttleSnippetRequest(config.id, null, address);
  if (!throttled.ok) return throttled;
  return ok(hideSheet(config, query.value.path));
}
