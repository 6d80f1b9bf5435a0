// Buy-it-now on a product an offer test covers: the theme's dynamic checkout buttons go straight to checkout,
// skipping the cart, and with it the visitor id svc's Discount Function charges the arm's offer by (app/wire/offers.ts),
// so a buyer there would pay the list price whatever their arm showed. Every arm of such a test hides them, unless
// the merchant chose to leave them and keep their buyers out of the results.
import type { Patch } from "~/wire";

/**
 * What an offer test does about the buttons (docs/offers.md, "Buy-it-now"): `hide` them on every arm, or leave
 * them and `exclude` their buyers, who pay the list price whatever their arm showed, from its results.
 */
export const BUY_NOW_CHOICES = ["hide", "exclude"] as const;
export type BuyNowChoice = (typeof BUY_NOW_CHOICES)[number];
export const BUY_NOW_LABELS: Record<BuyNowChoice, string> = {
  hide: "Hide them on the test's pages, on every arm",
  exclude: "Leave them, and keep their buyers out of the results (they pay the list price)",
};
export const isBuyNowChoice = (value: unknown): value is BuyNowChoice => (BUY_NOW_CHOICES as readonly unknown[]).includes(value);

/** Where an Online Store 2.0 theme renders its dynamic checkout buttons (Liquid's `payment_button` filter). */
export const BUY_NOW_SELECTOR = ".shopify-payment-button";

const HIDE_BUY_NOW: Patch = { op: "hide", sel: BUY_NOW_SELECTOR };

/**
 * Whether a patch is the one withBuyNowHidden adds: no exposure waits for it (exposureSelector), since a page of
 * an offer test without Buy-it-now buttons is still where the visitor saw their arm.
 */
export const isBuyNowHide = (patch: Patch): boolean => patch.op === "hide" && patch.sel === BUY_NOW_SELECTOR;

/**
 * The arm's patches as served: with the Buy-it-now buttons hidden when `offerTest` (its test carries an offer on
 * any arm and chose to hide them; the control too, so that both arms are bought the same way). Patches stored in a
 * shape this version cannot read are left as they are: they are refused where they are served, as before.
 */
export function withBuyNowHidden(patches: unknown, offerTest: boolean): unknown {
  return offerTest && Array.isArray(patches) ? [...(patches as unknown[]), HIDE_BUY_NOW] : patches;
}
