// GET /demo/shopify/products/stoneware-bowl (local demo only): the product page of the bowl, whose price the demo's
// price test tests; its price element carries `data-svc-price` (demo/shopify-page.server.ts).
import { demoEndpoint } from "~/demo/endpoint.server";
import { demoStorefrontResponse } from "~/demo/shopify-page.server";

const endpoint = demoEndpoint("GET", ({ request }) => demoStorefrontResponse(request, "bowl"));
export const loader = endpoint;
export const action = endpoint;
