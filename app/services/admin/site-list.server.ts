// The Sites & install page's list: every site of the shop with its status and test counts.
import { findShopByDomain } from "~/models/shops/shop.server";
import { countTestsBySite, listSitesOfShop } from "~/models/sites/site.server";

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
