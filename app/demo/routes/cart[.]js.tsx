// GET /cart.js (local demo only): the visitor's demo cart, in the shape of Shopify's AJAX Cart API, its prices after
// svc's discount as Shopify's cart answers them (demo/cart-discount.server.ts).
import { demoEndpoint, demoJson } from "~/demo/endpoint.server";
import { ok } from "~/services/outcome";
import { demoCarts } from "~/demo/cart.server";
import { demoCartJson } from "~/demo/cart-discount.server";

const endpoint = demoEndpoint("GET", async ({ request }) => {
  const { cart, setCookie } = demoCarts.open(request.headers.get("Cookie"));
  return demoJson(ok(await demoCartJson(cart)), setCookie);
});
export const loader = endpoint;
export const action = endpoint;
