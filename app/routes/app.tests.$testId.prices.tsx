// POST /app/tests/:testId/prices: writes a completed price test's winning prices to the shop's products
// (app/services/shopify/price-write.server.ts); JSON: what changed, or a problem (403 when the scope is not granted).
import type { ActionFunctionArgs } from "@remix-run/node";
import { answer, problemResponse } from "~/http/problem";
import { writeWinningPrices } from "~/services/shopify/price-write.server";
import { authenticateAdmin } from "~/shopify.server";

export const action = async ({ request, context, params }: ActionFunctionArgs) => {
  const { shop, admin } = await authenticateAdmin(request, context);
  if (request.method !== "POST") {
    return problemResponse({ status: 405, type: "method-not-allowed", title: "Method not allowed", detail: "Use POST.", headers: { Allow: "POST" } });
  }
  return answer(await writeWinningPrices(shop, params.testId ?? "", admin), (value) => Response.json(value));
};
