// What happens to a shop's records when Shopify tells us it uninstalled the app or changed its scopes.
import { markShopUninstalled } from "~/models/shop.server";
import { deleteSessionsOfShop, setSessionScope } from "~/models/session.server";

/**
 * Deletes the shop's sessions and stamps `Shop.uninstalledAt`. Today only the demo shop has a Shop row:
 * creating one at install (Shopify's afterAuth hook, with the app-embed metafields) and the compliance
 * webhooks (shop/redact) come with the Shopify integration issue, so for a real store this deletes its
 * sessions and nothing else.
 */
export async function recordUninstall(shop: string): Promise<void> {
  await deleteSessionsOfShop(shop);
  await markShopUninstalled(shop);
}

export async function updateSessionScopes(sessionId: string, scopes: string[]): Promise<void> {
  await setSessionScope(sessionId, scopes.join(","));
}
