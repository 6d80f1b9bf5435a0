// GET /demo/shopify/collections/all (local demo only): the demo store's collection grid, each card's price tagged
// with `data-svc-price` as a theme's would be for price tests (demo/shopify-page.server.ts).
import { demoEndpoint } from "~/demo/endpoint.server";
import { demoStorefrontResponse } from "~/demo/shopify-page.server";

const endpoint = demoEndpoint("GET", ({ request }) => demoStorefrontResponse(request, "collection"));
export const loader = endpoint;
export const action = endpoint;
