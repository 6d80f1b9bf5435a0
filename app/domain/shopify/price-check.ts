// A price arm checked against the shop's list prices when the test is saved (docs/offers.md, "In the test form"): each
// price at or below its variant's price in Shopify (the list price: checkout never charges above it), and every
// variant one of the shop's, so that a typo in an id does not silently leave that arm at the list price.
import type { VariantPrice } from "./price-write";

/** A GID's number, as the merchant typed it. */
export const idOf = (gid: string) => gid.slice(gid.lastIndexOf("/") + 1);
/** The first three items and how many more. */
export const listed = (items: readonly string[]) => (items.length <= 3 ? items.join(", ") : `${items.slice(0, 3).join(", ")} and ${items.length - 3} more`);

/** What is wrong with an arm's prices against the variants the shop answered (`current`); null when nothing is. */
export function priceOfferProblem(prices: Readonly<Record<string, number>>, current: readonly VariantPrice[], by?: "percent"): string | null {
  const list = new Map(current.map((v) => [v.id, v.price]));
  const missing: string[] = [];
  const above: string[] = [];
  for (const [variant, price] of Object.entries(prices)) {
    const listPrice = list.get(variant);
    if (listPrice === undefined) missing.push(idOf(variant));
    // A percentage off is below the list price whatever it is: only its variants are checked.
    else if (by !== "percent" && price > listPrice + 1e-9) above.push(`${idOf(variant)}: ${price} is above ${listPrice}`);
  }
  if (missing.length > 0) return `Not a variant of this shop: ${listed(missing)}. Correct the id, or choose the products again.`;
  if (above.length > 0) {
    return `Above the variant's price in Shopify, the list price, which checkout would charge instead (${listed(above)}). ` +
      "Lower this arm's price, or raise the variant's price in Shopify first.";
  }
  return null;
}
