// What svc does to its automatic app discount so that it carries the configuration the shop's tests call for:
// create it, update it, delete it, or leave it. Decided here from the configuration and what Shopify holds.
import type { OfferConfigOutcome } from "./offer-config";

/** svc's discount as Shopify holds it: its id and its metafield's value (null: no value). */
export interface HeldDiscount {
  id: string;
  json: string | null;
}

export type OfferDiscountStep =
  | { kind: "create"; json: string }
  | { kind: "update"; id: string; json: string }
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
    if (!held) return { kind: "create", json: wanted.json };
    return held.json === wanted.json ? { kind: "none" } : { kind: "update", id: held.id, json: wanted.json };
  }
  if (wanted.reason === "too-large") {
    return { kind: "refuse", why: `the offers' configuration is ${wanted.bytes} bytes, past the discount metafield's 10,000` };
  }
  return held ? { kind: "delete", id: held.id } : { kind: "none" };
}
