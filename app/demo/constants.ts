// Names of the local demo's seeded records, shared by the seeding code and the tests that use them.

export { DEMO_SHOP_DOMAIN, DEMO_SHOPIFY_SITE_ID, DEMO_SITE_ID } from "./public.server";
export const DEMO_TEST_ID = "demo-headline";
export const DEMO_ARM_IDS = [`${DEMO_TEST_ID}-a`, `${DEMO_TEST_ID}-b`] as const;
export const DEMO_SHOPIFY_TEST_ID = "demo-shopify-headline";
export const DEMO_SHOPIFY_ARM_IDS = [`${DEMO_SHOPIFY_TEST_ID}-a`, `${DEMO_SHOPIFY_TEST_ID}-b`] as const;
/** Printed in the demo's start-up log; a demo database is local, so the key is no secret. */
export const DEMO_API_KEY = "svc_sk_demo2demo2demo2demo2demo2demo2de";
