// An offer's collections checked against the shop's when the test is saved (docs/offers.md, "Collections"): a
// collection id that is not one of the shop's discounts nothing at checkout and makes no leak the orders check could
// see, so a typo is refused beside its field, as a price arm's unknown variant is (price-check.ts).
import { z } from "zod";
import type { Offer } from "~/wire/offers";
import { idOf, listed } from "./price-check";

/** Collections per read: the Admin API answers `nodes` for at most 250 ids (an offer names at most 25 a side). */
export const MAX_COLLECTIONS_PER_QUERY = 250;

/** Which of the ids name a node of the shop; the ids are collections' GIDs already (the form checks their shape). */
export const COLLECTION_IDS_QUERY = `#graphql
  query SvcCollectionIds($ids: [ID!]!) {
    nodes(ids: $ids) {
      ... on Collection { id }
    }
  }`;

/** An offer's collection lists, by the form field each is entered in (test-form's `arms.<i>.offer.<field>`). */
export function offerCollections(offer: Offer | null): Array<{ field: "collections" | "getCollections"; ids: readonly string[] }> {
  if (offer?.k === "products") return offer.collections?.length ? [{ field: "collections", ids: offer.collections }] : [];
  if (offer?.k !== "bxgy") return [];
  return [
    ...(offer.buyCollections?.length ? [{ field: "collections" as const, ids: offer.buyCollections }] : []),
    ...(offer.getCollections?.length ? [{ field: "getCollections" as const, ids: offer.getCollections }] : []),
  ];
}

const answer = z.object({ nodes: z.array(z.object({ id: z.string() }).partial().nullable()) });

/** The asked ids the shop answered as its collections; null when the answer is not one node per id. */
export function readCollectionIds(data: unknown, asked: readonly string[]): Set<string> | null {
  const parsed = answer.safeParse(data);
  if (!parsed.success || parsed.data.nodes.length !== asked.length) return null;
  return new Set(parsed.data.nodes.flatMap((node, i) => (node?.id === asked[i] ? [asked[i]!] : [])));
}

/** What is wrong with a list of collections against those the shop answered (`known`); null when nothing is. */
export function collectionProblem(ids: readonly string[], known: ReadonlySet<string>): string | null {
  const missing = ids.filter((id) => !known.has(id)).map(idOf);
  return missing.length > 0 ? `Not a collection of this shop: ${listed(missing)}. Correct the id, or choose the collections again.` : null;
}
