// What happens to a shop's records when Shopify tells us it uninstalled the app or changed its scopes
// (installing is shop-install.server.ts, erasing at shop/redact is compliance.server.ts).
import { markShopUninstalled } from "~/models/shops/shop.server";
import { deleteSessionsOfShop, setSessionScope } from "~/models/shopify/session.server";
import { invalidateSite } from "~/services/site-cache.server";

/**
 * Deletes the shop's sessions and stamps `Shop.uninstalledAt`, so its sites are no longer served
 * (loadSiteConfig answers null for them). Everything else is kept: a reinstall (afterAuth) serves again,
 * and shop/redact, 48 hours after the uninstall, erases it all.
 */
export async function recordUninstall(shop: string): Promise<void> {
  await deleteSessionsOfShop(shop);
  const siteIds = await markShopUninstalled(shop);
  // This instance stops serving at once; other instances within the cache's refresh interval.
  for (const siteId of siteIds) invalidateSite(siteId);
}

export async function updateSessionScopes(sessionId: string, scopes: string[]): Promise<void> {
  await setSessionScope(sessionId, scopes.join(","));
}
