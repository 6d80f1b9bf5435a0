// Names of the local demo's seeded records, shared by the seeding code and the tests that use them.

export const DEMO_SHOP_DOMAIN = "svc-demo.myshopify.com";
export const DEMO_SITE_ID = "demo";
export const DEMO_TEST_ID = "demo-headline";
export const DEMO_ARM_IDS = [`${DEMO_TEST_ID}-a`, `${DEMO_TEST_ID}-b`] as const;
/** The demo shop's own storefront (kind shopify), served at /demo/shopify through the real app embed. */
export const DEMO_SHOPIFY_SITE_ID = "demo-shopify";
export const DEMO_SHOPIFY_TEST_ID = "demo-shopify-headline";
export const DEMO_SHOPIFY_ARM_IDS = [`${DEMO_SHOPIFY_TEST_ID}-a`, `${DEMO_SHOPIFY_TEST_ID}-b`] as const;
/** Printed in the demo's start-up log; a demo database is local, so the key is no secret. */
export const DEMO_API_KEY = "svc_sk_demo2demo2demo2demo2demo2demo2de";
