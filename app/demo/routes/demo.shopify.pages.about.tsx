// GET /demo/shopify/pages/about (local demo only): a page of the demo Shopify storefront that no test
// targets, with the same head as the product page, so that nothing is hidden there can be seen.
import { demoEndpoint } from "~/demo/endpoint.server";
import { demoStorefrontResponse } from "~/demo/shopify-page.server";

const endpoint = demoEndpoint("GET", ({ request }) => demoStorefrontResponse(request, "about"));
export const loader = endpoint;
export const action = endpoint;
