// GET /api/consent?site=: whether the visitor's region needs consent (informational; snippet only).
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { isSiteId } from "~/wire";
import { appEnv } from "~/env.server";
import { clientAddress } from "~/http/client-address";
import { preflight, withCors } from "~/http/cors";
import { methodNotAllowed, problemResponse } from "~/http/snippet-request";
import { consentFor } from "~/services/consent.server";
import { getSiteConfig } from "~/services/site-cache.server";
import { throttleSnippetRequest } from "~/services/limits.server";

export const loader = async ({ request, context }: LoaderFunctionArgs) => {
  if (request.method === "OPTIONS") return preflight();
  const siteId = new URL(request.url).searchParams.get("site");
  if (!isSiteId(siteId)) return problemResponse({ status: 400, type: "invalid-site", title: "site must be a Site ID" });
  const site = await getSiteConfig(siteId);
  if (!site) return problemResponse({ status: 404, type: "unknown-site", title: "Unknown Site ID" });
  const throttle = throttleSnippetRequest(site.id, null);
  if (!throttle.allowed) return problemResponse({ status: 429, type: "rate-limited", title: "Too many requests", ...throttle });
  const env = appEnv();
  const body = await consentFor({
    site,
    headerCountry: env.countryHeader ? request.headers.get(env.countryHeader) : null,
    address: clientAddress(request, context, env.trustProxy),
  });
  // The answer depends on the visitor's network, so only their own browser may keep it.
  return withCors(Response.json(body, { headers: { "Cache-Control": "private, max-age=3600" } }));
};

export const action = async ({ request }: ActionFunctionArgs) =>
  request.method === "OPTIONS" ? preflight() : methodNotAllowed("GET");
