// GET /demo/shopify (local demo only): the demo shop's product page with the real app embed and stand-ins
// of Shopify's storefront globals (services/demo-shopify-page.server.ts). It opens the visitor's demo cart,
// as a Shopify storefront sets its cart cookie, so the page's and the snippet's cart calls share one cart.
import { demoEndpoint } from "~/http/demo-door.server";
import { demoCarts } from "~/services/demo-cart.server";
import { renderDemoShopifyStorefront } from "~/services/demo-shopify-page.server";

const endpoint = demoEndpoint("GET", async ({ request }) => {
  const { setCookie } = demoCarts.open(request.headers.get("Cookie"));
  const headers = new Headers({ "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" });
  if (setCookie) headers.set("Set-Cookie", setCookie);
  return new Response(renderDemoShopifyStorefront(new URL(request.url).origin), { headers });
});
export const loader = endpoint;
export const action = endpoint;
