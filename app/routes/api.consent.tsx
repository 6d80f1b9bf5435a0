// GET /api/consent?site=: whether the visitor's region needs consent (informational; snippet only).
import { isSiteId } from "~/wire";
import { appEnv } from "~/env.server";
import { clientAddress } from "~/http/client-address";
import { snippetEndpoint } from "~/http/endpoint";
import { problemResponse } from "~/http/problem";
import { consentFor } from "~/services/consent.server";
import { getSiteConfig } from "~/services/site-cache.server";
import { throttleSnippetRequest } from "~/services/limits.server";

const endpoint = snippetEndpoint("GET", async ({ request, context }) => {
  const siteId = new URL(request.url).searchParams.get("site");
  if (!isSiteId(siteId)) return problemResponse({ status: 400, type: "invalid-site", title: "site must be a Site ID" });
  const site = await getSiteConfig(siteId);
  if (!site) return problemResponse({ status: 404, type: "unknown-site", title: "Unknown Site ID" });
  const limited = throttleSnippetRequest(site.id, null);
  if (limited) return problemResponse(limited);
  const env = appEnv();
  const body = await consentFor({
    site,
    headerCountry: env.countryHeader ? request.headers.get(env.countryHeader) : null,
    address: clientAddress(request, context, env.trustProxy),
  });
  // The answer depends on the visitor's network, so only their own browser may keep it.
  return Response.json(body, { headers: { "Cache-Control": "private, max-age=3600" } });
});
export const loader = endpoint;
export const action = endpoint;
