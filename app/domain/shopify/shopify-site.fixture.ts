// For tests: a Shopify storefront's SiteConfig with no tests, served (active), that a test fills in.
import type { SiteConfig } from "../sites/site-config";

export function shopifySite(over: Partial<SiteConfig> = {}): SiteConfig {
  return {
    id: "cm0site000000000000000001",
    publicId: "k3v9q2m7x1c8b4n6",
    kind: "shopify",
    status: "active",
    currency: "USD",
    domain: null,
    allowedOrigins: [],
    consentCountries: [],
    shopId: "shop1",
    shopDomain: "ceramics.myshopify.com",
    staffAddresses: [],
    excludeStaff: false,
    tests: [],
    attributionTests: [],
    ...over,
  };
}
