// POST /demo/shopify/checkout (local demo, loopback clients only: it signs webhooks with the app's secret):
// places the demo cart's order and sends the app its own orders/paid webhook (demo/shopify-checkout.server.ts).
import { demoEndpoint, demoJson } from "~/demo/endpoint.server";
import { problemResponse } from "~/http/problem";
import { CLEARED_CART_COOKIE } from "~/demo/cart.server";
import { placeDemoOrder } from "~/demo/shopify-checkout.server";
import { isDemoRequest } from "~/http/web/demo-door.server";

const endpoint = demoEndpoint("POST", async ({ request, context }) => {
  if (!isDemoRequest(request, context)) {
    return problemResponse({ status: 403, type: "not-local", title: "The demo checkout is for this machine only" });
  }
  const placed = await placeDemoOrder(request.headers.get("Cookie"), new URL(request.url).origin);
  return demoJson(placed, placed.ok ? CLEARED_CART_COOKIE : null);
});
export const loader = endpoint;
export const action = endpoint;
