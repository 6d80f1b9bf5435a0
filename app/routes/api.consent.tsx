// GET /api/consent?site=: whether the visitor's region needs consent (informational; snippet only).
import { appEnv } from "~/env.server";
import { clientAddress } from "~/http/client-address";
import { snippetEndpoint } from "~/http/endpoint";
import { answer } from "~/http/problem";
import { consentFor } from "~/services/consent.server";

const endpoint = snippetEndpoint("GET", async ({ request, context }) => {
  const env = appEnv();
  const outcome = await consentFor({
    site: new URL(request.url).searchParams.get("site") ?? "",
    headerCountry: env.countryHeader ? request.headers.get(env.countryHeader) : null,
    address: clientAddress(request, context, env.trustProxy),
  });
  // The answer depends on the visitor's network, so only their own browser may keep it.
  return answer(outcome, (body) => Response.json(body, { headers: { "Cache-Control": "private, max-age=3600" } }));
});
export const loader = endpoint;
export const action = endpoint;
