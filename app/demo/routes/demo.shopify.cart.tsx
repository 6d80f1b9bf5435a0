// GET /demo/shopify/cart (local demo only): the demo store's cart page, drawn from the visitor's cart after svc's
// discount, as a theme's cart template is from Shopify's cart (demo/shopify-page.server.ts).
import { demoEndpoint } from "~/demo/endpoint.server";
import { demoStorefrontResponse } from "~/demo/shopify-page.server";

const endpoint = demoEndpoint("GET", ({ request }) => demoStorefrontResponse(request, "cart"));
export const loader = endpoint;
export const action = endpoint;
