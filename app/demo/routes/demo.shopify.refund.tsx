// POST /demo/shopify/refund {"order": id} (local demo, loopback clients only: it signs webhooks with the app's
// secret): refunds a demo order in full and sends the app its refunds/create webhook (demo/shopify-refund.server.ts).
import { demoEndpoint, demoJson } from "~/demo/endpoint.server";
import { problemResponse } from "~/http/problem";
import { refundDemoOrder } from "~/demo/shopify-refund.server";
import { isDemoRequest } from "~/http/web/demo-door.server";

const endpoint = demoEndpoint("POST", async ({ request, context }) => {
  if (!isDemoRequest(request, context)) {
    return problemResponse({ status: 403, type: "not-local", title: "The demo refund is for this machine only" });
  }
  const body: unknown = await request.json().catch(() => null);
  const order = body && typeof body === "object" ? (body as { order?: unknown }).order : undefined;
  return demoJson(await refundDemoOrder(order, new URL(request.url).origin));
});
export const loader = endpoint;
export const action = endpoint;
