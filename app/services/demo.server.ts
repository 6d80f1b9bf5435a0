// The local demo: a demo shop and site that `npm start` seeds so the product can be tried without Shopify.
import { upsertShop } from "~/models/shop.server";
import { upsertSite } from "~/models/site.server";

export const DEMO_SHOP_DOMAIN = "svc-demo.myshopify.com";
export const DEMO_SITE_ID = "demo";

/** Creates the demo shop and site if missing; safe to run at every start. */
export async function seedDemo(baseUrl: string) {
  const shop = await upsertShop(DEMO_SHOP_DOMAIN, { name: "svc demo store", currency: "USD" });
  const site = await upsertSite({
    shopId: shop.id,
    publicId: DEMO_SITE_ID,
    kind: "web",
    name: "Demo storefront",
    currency: "USD",
    allowedOrigins: [new URL(baseUrl).origin],
  });
  return { shop, site };
}
