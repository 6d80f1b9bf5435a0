// What a price test adds to the storefront (docs/offers.md, "Prices on the storefront"): each arm's marker patch,
// through which the core snippet tells the price bundle which arm it showed, and the arms' prices the app embed
// prints on the test's pages for the price bundle to write.
import type { Patch } from "~/wire";
import { parseOffer } from "~/wire/offers";
import { PRICE_ARM_ATTRIBUTE, PRICE_SELECTOR, type ArmPrices } from "~/wire/price-display";
import { scriptSafeJson } from "./local-plan";

const VARIANT_GID = /^gid:\/\/shopify\/ProductVariant\/(\d+)$/;

/** Whether any of a test's arms carries a price offer: a price test, whose prices the storefront shows. */
export function carriesPriceOffer(arms: ReadonlyArray<{ offer: unknown }>): boolean {
  return arms.some((arm) => parseOffer(arm.offer)?.k === "price");
}

/**
 * The arm's patches as served: on every arm of a price test (`priceTest`), the control's too, with
 * `data-svc-price-arm="<arm id>"` written on every price element, first, so that the test's exposure selector (its
 * first patch's, exposureSelector) is the price element: a visitor is exposed where the price is shown. Patches stored
 * in a shape this version cannot read are left as they are (refused where served, as before).
 */
export function withPriceMarker(patches: unknown, armId: string, priceTest: boolean): unknown {
  if (!Array.isArray(patches) || !priceTest) return patches;
  const marker: Patch = { op: "attr", sel: PRICE_SELECTOR, name: PRICE_ARM_ATTRIBUTE, value: armId };
  return [marker, ...(patches as unknown[])];
}

/** The prices of the arms with a price offer, by the variants' numeric ids (what a theme's `{{ variant.id }}` prints); null when none has one. */
export function armPrices(arms: ReadonlyArray<{ id: string; offer: unknown }>): ArmPrices | null {
  const prices: ArmPrices = {};
  for (const arm of arms) {
    const offer = parseOffer(arm.offer);
    if (offer?.k !== "price") continue;
    const own: Record<string, number> = {};
    for (const [gid, price] of Object.entries(offer.prices)) {
      const id = VARIANT_GID.exec(gid)?.[1];
      // A percentage arm's value goes as its negative (ArmPrices); 0% off is the list price, which needs no writing.
      if (id && !(offer.by === "percent" && price === 0)) own[id] = offer.by === "percent" ? -price : price;
    }
    prices[arm.id] = own;
  }
  return Object.keys(prices).length > 0 ? prices : null;
}

/** armPrices as the script-safe JSON text the embed prints as it is; null when no arm has a price offer. */
export function armPricesText(arms: ReadonlyArray<{ id: string; offer: unknown }>): string | null {
  const prices = armPrices(arms);
  return prices && scriptSafeJson(prices);
}
