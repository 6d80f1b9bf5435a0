// GET /api/patches?site=&vid=&sid=&url=[&preview=]: this visitor's arms of the site's running tests (informational).
import { snippetEndpoint } from "~/http/endpoint";
import { answer } from "~/http/problem";
import { patchesForVisitor } from "~/services/patches.server";

const endpoint = snippetEndpoint("GET", async ({ request }) => {
  const query = new URL(request.url).searchParams;
  const outcome = await patchesForVisitor({
    site: query.get("site") ?? "",
    vid: query.get("vid") ?? "",
    sid: query.get("sid") ?? "",
    preview: query.get("preview") ?? "",
  });
  // Per-visitor data that the snippet caches itself (for `ttl`): no HTTP cache may keep a copy.
  return answer(outcome, (body) => Response.json(body, { headers: { "Cache-Control": "no-store" } }));
});
export const loader = endpoint;
export const action = endpoint;
