// GET /api/patches?site=&vid=&sid=&url=: this visitor's arms of the site's running tests (informational).
import { ID_PATTERN, isSiteId } from "~/wire";
import { patchesFor, PATCHES_TTL_SECONDS } from "~/domain/patches-response";
import { snippetEndpoint } from "~/http/endpoint";
import { problemResponse } from "~/http/problem";
import { throttleSnippetRequest } from "~/services/limits.server";
import { getSiteConfig } from "~/services/site-cache.server";

const endpoint = snippetEndpoint("GET", async ({ request }) => {
  const query = new URL(request.url).searchParams;
  const site = query.get("site") ?? "";
  const vid = query.get("vid") ?? "";
  const sid = query.get("sid") ?? "";
  if (!isSiteId(site)) return problemResponse({ status: 400, type: "invalid-site", title: "site must be a Site ID" });
  for (const [name, value] of [["vid", vid], ["sid", sid]] as const) {
    if (!ID_PATTERN.test(value)) return problemResponse({ status: 400, type: "invalid-query", title: `${name} is missing or malformed` });
  }
  const config = await getSiteConfig(site);
  // Unknown or paused sites get the same empty answer as a site with no running test.
  if (!config || config.tests.length === 0) return answer({ ttl: PATCHES_TTL_SECONDS, tests: [] });
  const limited = throttleSnippetRequest(config.id, vid);
  if (limited) return problemResponse(limited);
  return answer(patchesFor(config, vid));
});
export const loader = endpoint;
export const action = endpoint;

function answer(body: unknown): Response {
  // Per-visitor data that the snippet caches itself (for `ttl`): no HTTP cache may keep a copy.
  return Response.json(body, { headers: { "Cache-Control": "no-store" } });
}
