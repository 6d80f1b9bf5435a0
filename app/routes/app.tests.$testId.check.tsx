// POST /app/tests/:testId/check (form: url, optional): a fresh selector-check link for the shop's test.
import type { ActionFunctionArgs } from "@remix-run/node";
import { answer, problemResponse } from "~/http/problem";
import { createCheckLink } from "~/services/editor/links.server";
import { authenticateAdmin } from "~/shopify.server";

export const action = async ({ request, context, params }: ActionFunctionArgs) => {
  const { shop, demo } = await authenticateAdmin(request, context);
  if (request.method !== "POST") {
    return problemResponse({ status: 405, type: "method-not-allowed", title: "Method not allowed", detail: "Use POST.", headers: { Allow: "POST" } });
  }
  const form = await request.formData().catch(() => null);
  const url = form?.get("url");
  const outcome = await createCheckLink(shop, params.testId ?? "", { url: typeof url === "string" ? url : "" }, { demo, requestOrigin: new URL(request.url).origin });
  // The link holds a credential: no cache may keep it.
  return answer(outcome, (value) => Response.json(value, { headers: { "Cache-Control": "private, no-store" } }));
};
