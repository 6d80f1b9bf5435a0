// GET /demo/shopify (local demo only): the demo shop's product page with the real app embed and stand-ins
// of Shopify's storefront globals (demo/shopify-page.server.ts). It opens the visitor's demo cart,
// as a Shopify storefront sets its cart cookie, so the page's and the snippet's cart calls share one cart.
import { demoEndpoint } from "~/demo/endpoint.server";
import { demoStorefrontResponse } from "~/demo/shopify-page.server";

const endpoint = demoEndpoint("GET", ({ request }) => demoStorefrontResponse(request, "product"));
export const loader = endpoint;
export const action = endpoint;
