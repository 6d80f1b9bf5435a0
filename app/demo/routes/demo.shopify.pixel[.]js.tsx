// GET /demo/shopify/pixel.js (local demo only): the real web pixel in a stand-in of Shopify's pixel runtime
// (demo/shopify-pixel.server.ts), so the demo storefront reports its funnel as a store's pixel does.
import { demoEndpoint } from "~/demo/endpoint.server";
import { demoPixelResponse } from "~/demo/shopify-pixel.server";

const endpoint = demoEndpoint("GET", () => demoPixelResponse());
export const loader = endpoint;
export const action = endpoint;
