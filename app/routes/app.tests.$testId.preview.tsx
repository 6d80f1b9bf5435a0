// GET /app/tests/:testId/preview: the test's preview links (one per arm) as JSON, for the authenticated shop only.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { answer } from "~/http/problem";
import { previewLinks } from "~/services/admin/preview-links.server";
import { authenticateAdmin } from "~/shopify.server";

export const loader = async ({ request, context, params }: LoaderFunctionArgs) => {
  const { shop, demo } = await authenticateAdmin(request, context);
  const outcome = await previewLinks(shop, params.testId ?? "", { demo, requestOrigin: new URL(request.url).origin });
  // Each link is a signed credential for a day: no cache may keep it.
  return answer(outcome, (value) => Response.json(value, { headers: { "Cache-Control": "private, no-store" } }));
};
