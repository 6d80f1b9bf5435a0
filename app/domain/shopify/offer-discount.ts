// What svc does to its automatic app discount so that it carries the configuration the shop's tests call for:
// create it, update it, delete it, or leave it. Decided here from the configuration and what Shopify holds.
import { EMPTY_SHARD, EMPTY_VARIABLES, OFFER_COLLECTION_SLOTS, OFFER_SHARD_KEYS } from "~/wire/offers";
import type { OfferConfigOutcome } from "./offer-config";

/**
 * The texts for every metafield svc writes (OFFER_METAFIELD_KEYS' order): the configuration's shards, EMPTY_SHARD
 * for the rest, then the input query's variables (every slot empty when none is given).
 */
export function allShards(shards: readonly string[], variables: string = EMPTY_VARIABLES): string[] {
  return [...OFFER_SHARD_KEYS.map((_, i) => shards[i] ?? EMPTY_SHARD), variables];
}

/**
 * What a metafield Shopify holds no value of compares as: a further shard, empty (the Function reads none as none);
 * the first and the variables, nothing, so they are written. Without the variables metafield Shopify may pass null
 * for the query's slots, which `inAnyCollection` does not take.
 */
const unwritten = (i: number) => (i > 0 && i < OFFER_SHARD_KEYS.length ? EMPTY_SHARD : null);

/** svc's discount as Shopify holds it: its id and its metafields' values in OFFER_METAFIELD_KEYS' order (null: no value). */
export interface HeldDiscount {
  id: string;
  shards: Array<string | null>;
}

/** `shards`: every OFFER_METAFIELD_KEYS metafield's value to write (allShards). */
export type OfferDiscountStep =
  | { kind: "create"; shards: string[] }
  | { kind: "update"; id: string; shards: string[] }
  | { kind: "delete"; id: string }
  | { kind: "none" }
  /** The configuration cannot be written (past the metafield's limit): the held discount is left as it is. */
  | { kind: "refuse"; why: string };

/**
 * The step from what Shopify holds (`held`, null when svc has no discount there, or the merchant deleted it) to
 * `wanted`. A site with no offer left, or that serves nothing by itself, gets no discount at all: an empty
 * configuration would leave a discount that runs a Function on every cart for nothing.
 */
export function offerDiscountStep(wanted: OfferConfigOutcome, held: HeldDiscount | null): OfferDiscountStep {
  if (wanted.ok) {
    const shards = allShards(wanted.shards, wanted.variables);
    if (!held) return { kind: "create", shards };
    // A discount written before shards (or before collections) holds only the first: its missing ones hold nothing.
    const same = shards.every((shard, i) => shard === (held.shards[i] ?? unwritten(i)));
    return same ? { kind: "none" } : { kind: "update", id: held.id, shards };
  }
  if (wanted.reason === "too-large") {
    return {
      kind: "refuse",
      why: `the offers' configuration is ${wanted.bytes} bytes, past what the discount's ${OFFER_SHARD_KEYS.length} metafields of 10,000 bytes hold`,
    };
  }
  if (wanted.reason === "too-many-collection-sets") {
    return { kind: "refuse", why: `the offers name ${wanted.sets} different collection sets, past the Function's ${OFFER_COLLECTION_SLOTS} slots` };
  }
  return held ? { kind: "delete", id: held.id } : { kind: "none" };
}

/** An active automatic discount of the shop as the Admin API lists it: `app` names the app that made it, if one did. */
export interface ShopAutomaticDiscount {
  id: string;
  title: string;
  app: string | null;
}

/**
 * What an offer test's page says of the shop's other active automatic discounts (the merchant's own, other apps'),
 * or null when there are none. svc's discount combines with no other, so where one of them gives a buyer more,
 * Shopify applies it instead and that buyer pays otherwise than their arm's price; svc's Function cannot see them.
 */
export function otherDiscountsWarning(discounts: readonly ShopAutomaticDiscount[], ownId: string | null): string | null {
  const others = discounts.filter((d) => d.id !== ownId);
  if (others.length === 0) return null;
  const named = others.slice(0, 5).map((d) => `"${d.title}"${d.app ? ` (${d.app})` : ""}`);
  const more = others.length > 5 ? ` and ${others.length - 5} more` : "";
  return (
    `${others.length === 1 ? "Another automatic discount is" : `${others.length} other automatic discounts are`} active on this store: ${named.join(", ")}${more}. ` +
    `svc's discount combines with none of them: where one gives a buyer more, Shopify applies it instead, and that buyer pays otherwise ` +
    `than their arm's price (the "Orders checked" card counts them).`
  );
}
