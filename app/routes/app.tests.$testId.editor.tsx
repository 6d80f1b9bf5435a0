// POST /app/tests/:testId/editor (form: arm, url): a fresh editor link for a variant, for the authenticated shop only.
import type { ActionFunctionArgs } from "@remix-run/node";
import { answer, problemResponse } from "~/http/problem";
import { createEditorLink } from "~/services/editor/links.server";
import { authenticateAdmin } from "~/shopify.server";

export const action = async ({ request, context, params }: ActionFunctionArgs) => {
  const { shop, demo } = await authenticateAdmin(request, context);
  if (request.method !== "POST") {
    return problemResponse({ status: 405, type: "method-not-allowed", title: "Method not allowed", detail: "Use POST.", headers: { Allow: "POST" } });
  }
  const form = await request.formData().catch(() => null);
  const field = (name: string) => {
    const value = form?.get(name);
    return typeof value === "string" ? value : "";
  };
  const outcome = await createEditorLink(shop, params.testId ?? "", { arm: field("arm"), url: field("url") }, { demo, requestOrigin: new URL(request.url).origin });
  // The link holds a credential for two hours: no cache may keep it.
  return answer(outcome, (value) => Response.json(value, { headers: { "Cache-Control": "private, no-store" } }));
};
