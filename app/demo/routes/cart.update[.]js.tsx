// POST /cart/update.js (local demo only): {attributes: {...}} merged into the demo cart's ("" removes a key),
// as Shopify's AJAX Cart API, answered with the cart after svc's discount; the snippet writes its `_svc_sid` here.
import { demoEndpoint, demoJson } from "~/demo/endpoint.server";
import { readBody } from "~/http/body";
import { demoCarts, MAX_CART_BODY_BYTES } from "~/demo/cart.server";
import { demoCartJson } from "~/demo/cart-discount.server";
import { ok } from "~/services/outcome";

const endpoint = demoEndpoint("POST", async ({ request }) => {
  const body = await readBody(request, MAX_CART_BODY_BYTES);
  const { cart, setCookie } = demoCarts.open(request.headers.get("Cookie"));
  const updated = body.ok ? demoCarts.update(cart, body.value) : body;
  // The attributes may name the visitor svc's discount is given by: the answer is the cart after it.
  return demoJson(updated.ok ? ok(await demoCartJson(cart)) : updated, setCookie);
});
export const loader = endpoint;
export const action = endpoint;
