// Names of the local demo's seeded records, shared by the seeding code and the tests that use them.

export { DEMO_SHOP_DOMAIN, DEMO_SHOPIFY_SITE_ID, DEMO_SITE_ID } from "./public.server";
export const DEMO_TEST_ID = "demo-headline";
export const DEMO_ARM_IDS = [`${DEMO_TEST_ID}-a`, `${DEMO_TEST_ID}-b`] as const;
export const DEMO_SHOPIFY_TEST_ID = "demo-shopify-headline";
export const DEMO_SHOPIFY_ARM_IDS = [`${DEMO_SHOPIFY_TEST_ID}-a`, `${DEMO_SHOPIFY_TEST_ID}-b`] as const;
/** The demo's price test: the stoneware bowl at its list price, or for less through svc's Discount Function. */
export const DEMO_PRICE_TEST_ID = "demo-shopify-price";
export const DEMO_PRICE_ARM_IDS = [`${DEMO_PRICE_TEST_ID}-a`, `${DEMO_PRICE_TEST_ID}-b`] as const;
/** The cheaper arm's price of the bowl, in the shop's currency (its list price is 30.00). */
export const DEMO_PRICE_ARM_PRICE = 24;
/** What the demo cart and checkout show beside the cheaper arm's discount: the price test's own title. */
export const DEMO_PRICE_TITLE = "Stoneware launch price";
/** Printed in the demo's start-up log; a demo database is local, so the key is no secret. */
export const DEMO_API_KEY = "svc_sk_demo2demo2demo2demo2demo2demo2de";
