// Checks a Shopify test's price arms against the shop's list prices at save (app/domain/shopify/price-check.ts), by
// reading the variants' prices through the Admin API. Without an answer (the local demo, an Admin API outage) the
// save goes on unchecked: the Function never charges above the list price, so the check guards against a mistake,
// not a loss.
import { priceOfferProblem } from "~/domain/shopify/price-check";
import { readVariantPrices, variantBatches, VARIANT_PRICES_QUERY, type VariantPrice } from "~/domain/shopify/price-write";
import type { AdminGraphql } from "~/infra/admin-graphql";
import type { Offer } from "~/wire/offers";

/** Field errors (`arms.<i>.offer.prices`) of the arms whose prices the shop refutes; none when it could not be asked. */
export async function armPriceErrors(arms: ReadonlyArray<{ offer: Offer | null }>, graphql: AdminGraphql | null): Promise<Record<string, string>> {
  const errors: Record<string, string> = {};
  if (!graphql) return errors;
  for (const [i, arm] of arms.entries()) {
    if (arm.offer?.k !== "price") continue;
    const current: VariantPrice[] = [];
    for (const ids of variantBatches(arm.offer.prices)) {
      const answer = await graphql(VARIANT_PRICES_QUERY, { ids }).catch(() => null);
      const read = answer && answer.errors.length === 0 ? readVariantPrices(answer.data, ids) : null;
      if (!read) {
        console.warn("[svc] the variants' prices could not be read: the test is saved without its list-price check");
        return {};
      }
      current.push(...read);
    }
    const problem = priceOfferProblem(arm.offer.prices, current, arm.offer.by);
    if (problem) errors[`arms.${i}.offer.prices`] = problem;
  }
  return errors;
}
