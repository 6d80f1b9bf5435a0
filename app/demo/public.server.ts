// All that production code may use of the local demo (lint-enforced): start it, and tell its sites and shop
// apart. It imports nothing of the demo but lazily, at start, so nothing that names it depends on the demo.

/** The demo's seeded shop and sites, named here so that telling them apart needs nothing else of the demo. */
export const DEMO_SHOP_DOMAIN = "svc-demo.myshopify.com";
export const DEMO_SITE_ID = "demo";
/** The demo shop's own storefront (kind shopify), served at /demo/shopify through the real app embed. */
export const DEMO_SHOPIFY_SITE_ID = "demo-shopify";

/** The demo's shop, which the admin serves to loopback clients in demo mode. */
export const DEMO_ADMIN_SHOP = DEMO_SHOP_DOMAIN;

/** Which of the demo's own storefront pages shows a site, by its Site ID. */
const STOREFRONT_PATHS: Readonly<Record<string, string>> = { [DEMO_SITE_ID]: "/demo", [DEMO_SHOPIFY_SITE_ID]: "/demo/shopify" };

export interface SiteOfShop {
  publicId: string;
  shop: { domain: string };
}

/** Whether a site is one the demo seeded, whose storefront is this server's own /demo pages. */
export function isDemoSite(site: SiteOfShop): boolean {
  return site.shop.domain === DEMO_SHOP_DOMAIN && Object.hasOwn(STOREFRONT_PATHS, site.publicId);
}

/** The demo page that shows a demo site (`/demo`, `/demo/shopify`), or null for any other site. */
export function demoStorefrontPath(site: SiteOfShop): string | null {
  return isDemoSite(site) ? (STOREFRONT_PATHS[site.publicId] ?? null) : null;
}

/**
 * Seeds the demo's shop, sites, tests and key (idempotent), hands out the demo's stand-in of the Admin API
 * where a shop's would be (app/demo/admin-api.server.ts), then says where to find them.
 */
export async function startDemo(baseUrl: string, log: (line: string) => void, withShopifyCredentials: boolean): Promise<void> {
  const [{ DEMO_API_KEY, seedDemo }, { installDemoAdminApi }] = await Promise.all([import("./seed.server"), import("./admin-api.server")]);
  installDemoAdminApi();
  const { site } = await seedDemo(baseUrl);
  log(
    `DEMO MODE: ${withShopifyCredentials ? "with the app's Shopify credentials (webhooks are checked against SHOPIFY_API_SECRET)" : "no Shopify credentials"}; ` +
      `the admin is served without Shopify to loopback clients only. ` +
      `Admin: ${new URL("/app", baseUrl).href}  Demo storefront: ${new URL("/demo", baseUrl).href} (site ${site.publicId}, ` +
      `Shopify storefront: ${new URL("/demo/shopify", baseUrl).href}, ` +
      `server-side conversions with Authorization: Bearer ${DEMO_API_KEY})`,
  );
}

/**
 * The demo's mail without SVC_SMTP_URL: a local SMTP catcher on loopback that prints each message to the
 * log. Answers its smtp:// URL for the outbox's sender.
 */
export async function startDemoMailCatcher(log: (line: string) => void): Promise<string> {
  const { startMailCatcher } = await import("./mail-catcher.server");
  const catcher = await startMailCatcher({
    onMail: (mail) => log(`demo mail to ${mail.to.join(", ")}: ${mail.subject}\n${mail.text.trimEnd()}`),
  });
  log(`demo mail: SVC_SMTP_URL is not set, so mail goes to a local SMTP catcher at ${catcher.url}; each message is printed here`);
  return catcher.url;
}
