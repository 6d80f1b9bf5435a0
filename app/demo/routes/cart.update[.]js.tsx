// POST /cart/update.js (local demo only): {attributes: {...}} merged into the demo cart's ("" removes a key),
// as Shopify's AJAX Cart API; the snippet writes its `_svc_sid` here.
import { demoEndpoint, demoJson } from "~/demo/endpoint.server";
import { readBody } from "~/http/body";
import { demoCarts, MAX_CART_BODY_BYTES } from "~/demo/cart.server";

const endpoint = demoEndpoint("POST", async ({ request }) => {
  const body = await readBody(request, MAX_CART_BODY_BYTES);
  const { cart, setCookie } = demoCarts.open(request.headers.get("Cookie"));
  return demoJson(body.ok ? demoCarts.update(cart, body.value) : body, setCookie);
});
export const loader = endpoint;
export const action = endpoint;
