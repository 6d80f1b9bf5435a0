// GET /app/tests/:testId/segments: the results page's exploratory segments card, read when the merchant opens it.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { answer } from "~/http/problem";
import { loadSegments } from "~/services/admin/results.server";
import { authenticateAdmin } from "~/shopify.server";

export const loader = async ({ request, context, params }: LoaderFunctionArgs) => {
  const { shop } = await authenticateAdmin(request, context);
  return answer(await loadSegments(shop, params.testId ?? ""), (segments) => Response.json(segments, { headers: { "Cache-Control": "private, no-store" } }));
};
