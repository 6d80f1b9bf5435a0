// Which of a shop's offer tests leave a paid order out of their results (docs/offers.md, "Buy-it-now"): those that keep
// their Buy-it-now buttons, for an order without svc's visitor id on their products (buy-now-orders.ts).
import { buyNowExclusions, carriesVisitorId } from "~/domain/shopify/buy-now-orders";
import { readShopOffers } from "~/models/shopify/arm-offers.server";

/**
 * The tests whose results leave the orders/paid payload out; none for a shop whose tests all hide the buttons. An
 * order through the cart (svc's visitor id on it) is left out of none, without reading the shop's tests.
 */
export async function buyNowExcludedTests(shopDomain: string, payload: unknown): Promise<string[]> {
  if (carriesVisitorId(payload)) return [];
  const shop = await readShopOffers(shopDomain);
  if (!shop) return [];
  const tests = shop.excludeBuyNow.flatMap((id) => (shop.offers[id] ? [{ id, offers: Object.values(shop.offers[id]) }] : []));
  return buyNowExclusions(payload, tests);
}
