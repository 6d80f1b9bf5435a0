// What the admin's home page shows a shop: its sites, each with the tag that installs it.
import { snippetTag } from "~/domain/snippet-tag";
import { findShopByDomain } from "~/models/shop.server";
import { listSitesOfShop } from "~/models/site.server";
import { listTestsOfSites } from "~/models/test.server";

export interface TestSummary {
  id: string;
  name: string;
  status: string;
  pages: string[];
  startedAt: string | null;
}

export interface SiteOverview {
  id: string;
  name: string;
  kind: "shopify" | "web";
  status: "active" | "paused";
  pausedReason: string | null;
  tag: string;
  tests: TestSummary[];
}

export interface AdminOverview {
  shop: { domain: string; name: string | null; currency: string } | null;
  sites: SiteOverview[];
}

export async function loadAdminOverview(shopDomain: string, baseUrl: string): Promise<AdminOverview> {
  const shop = await findShopByDomain(shopDomain);
  if (!shop) return { shop: null, sites: [] };
  const sites = await listSitesOfShop(shop.id);
  const tests = await listTestsOfSites(sites.map((s) => s.id));
  return {
    shop: { domain: shop.domain, name: shop.name, currency: shop.currency },
    sites: sites.map((site) => ({
      id: site.publicId,
      name: site.name,
      kind: site.kind,
      status: site.status,
      pausedReason: site.pausedReason,
      tag: snippetTag(baseUrl, site.publicId),
      tests: tests
        .filter((t) => t.siteId === site.id)
        .map((t) => ({
          id: t.id,
          name: t.name,
          status: t.status,
          pages: t.pages,
          startedAt: t.startedAt?.toISOString() ?? null,
        })),
    })),
  };
}
