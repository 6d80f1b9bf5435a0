// How the admin shows a shop's sites: with their tests on the home page, with status and test counts on Sites & install.
import { snippetTag } from "~/domain/sites/snippet-tag";
import { findShopByDomain } from "~/models/shop.server";
import { countTestsBySite, listSitesOfShop } from "~/models/site.server";
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
      tag: snippetTag(baseUrl, site.publicId, { consentGranted: site.consentManagedByMerchant }),
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

export interface SiteListItem {
  id: string;
  name: string;
  kind: "shopify" | "web";
  domain: string | null;
  status: "active" | "paused";
  pausedReason: string | null;
  pausedAt: string | null;
  runningTests: number;
  tests: number;
}

/** The Sites & install page's list: every site of the shop with its status and how many tests it has. */
export async function loadSiteList(shopDomain: string): Promise<SiteListItem[]> {
  const shop = await findShopByDomain(shopDomain);
  if (!shop) return [];
  const sites = await listSitesOfShop(shop.id);
  const counts = await countTestsBySite(sites.map((s) => s.id));
  return sites.map((site) => {
    const own = counts.filter((c) => c.siteId === site.id);
    return {
      id: site.publicId,
      name: site.name,
      kind: site.kind,
      domain: site.domain,
      status: site.status,
      pausedReason: site.pausedReason,
      pausedAt: site.pausedAt?.toISOString() ?? null,
      runningTests: own.filter((c) => c.status === "running").reduce((n, c) => n + c.count, 0),
      tests: own.reduce((n, c) => n + c.count, 0),
    };
  });
}
