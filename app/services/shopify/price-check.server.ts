// Checks a Shopify test's offers against the shop at save: price arms against its list prices
// (app/domain/shopify/price-check.ts), by reading the variants' prices through the Admin API, and offers' collections
// against its collections (collection-check.ts). Without an answer (the local demo, an Admin API outage) the save goes
// on unchecked: the Function never charges above the list price, so the check guards against a mistake, not a loss.
import { COLLECTION_IDS_QUERY, collectionProblem, MAX_COLLECTIONS_PER_QUERY, offerCollections, readCollectionIds } from "~/domain/shopify/collection-check";
import { priceOfferProblem } from "~/domain/shopify/price-check";
import { readVariantPrices, variantBatches, VARIANT_PRICES_QUERY, type VariantPrice } from "~/domain/shopify/price-write";
import type { AdminGraphql } from "~/infra/admin-graphql";
import type { Offer } from "~/wire/offers";

/** A form's offers against the shop at save: its price arms' and its collections' field errors, both asked at once. */
export async function armOfferErrors(arms: ReadonlyArray<{ offer: Offer | null }>, graphql: AdminGraphql | null): Promise<Record<string, string>> {
  const [prices, collections] = await Promise.all([armPriceErrors(arms, graphql), armCollectionErrors(arms, graphql)]);
  return { ...prices, ...collections };
}

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

/** Field errors (`arms.<i>.offer.collections`, `….getCollections`) naming collections the shop does not have; none when it could not be asked. */
async function armCollectionErrors(arms: ReadonlyArray<{ offer: Offer | null }>, graphql: AdminGraphql | null): Promise<Record<string, string>> {
  const lists = arms.flatMap((arm, i) => offerCollections(arm.offer).map((list) => ({ ...list, at: `arms.${i}.offer.${list.field}` })));
  const ids = [...new Set(lists.flatMap((list) => list.ids))];
  if (!graphql || ids.length === 0) return {};
  const known = new Set<string>();
  for (let i = 0; i < ids.length; i += MAX_COLLECTIONS_PER_QUERY) {
    const batch = ids.slice(i, i + MAX_COLLECTIONS_PER_QUERY);
    const answer = await graphql(COLLECTION_IDS_QUERY, { ids: batch }).catch(() => null);
    const read = answer && answer.errors.length === 0 ? readCollectionIds(answer.data, batch) : null;
    if (!read) {
      console.warn("[svc] the shop's collections could not be read: the test is saved without its collection check");
      return {};
    }
    for (const id of read) known.add(id);
  }
  const errors: Record<string, string> = {};
  for (const list of lists) {
    const problem = collectionProblem(list.ids, known);
    if (problem && !errors[list.at]) errors[list.at] = problem;
  }
  return errors;
}
