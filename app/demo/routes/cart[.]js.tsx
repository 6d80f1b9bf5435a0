// GET /cart.js (local demo only): the visitor's demo cart, in the shape of Shopify's AJAX Cart API.
import { demoEndpoint, demoJson } from "~/demo/endpoint.server";
import { ok } from "~/services/outcome";
import { cartJson, demoCarts } from "~/demo/cart.server";

const endpoint = demoEndpoint("GET", async ({ request }) => {
  const { cart, setCookie } = demoCarts.open(request.headers.get("Cookie"));
  return demoJson(ok(cartJson(cart)), setCookie);
});
export const loader = endpoint;
export const action = endpoint;
