// What happens to a shop's records when Shopify tells us it uninstalled the app or changed its scopes.
import { markShopUninstalled } from "~/models/shop.server";
import { deleteSessionsOfShop, setSessionScope } from "~/models/session.server";

export async function recordUninstall(shop: string): Promise<void> {
  await deleteSessionsOfShop(shop);
  await markShopUninstalled(shop);
}

export async function updateSessionScopes(sessionId: string, scopes: string[]): Promise<void> {
  await setSessionScope(sessionId, scopes.join(","));
}
