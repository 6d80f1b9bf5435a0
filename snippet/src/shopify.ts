// Shopify storefronts: the Customer Privacy API decides when collection may run (guarantee 4).
import { CART_ATTRIBUTE } from "../../app/wire/limits";
import type { OFFER_ATTRIBUTE } from "../../app/wire/offers";
import { EMBED } from "./build-flags";
import { guard, noop } from "./guard";
import type { Tag } from "./tag";

interface ShopifyGlobal {
  shop?: unknown;
  designMode?: unknown;
  loadFeatures?: (features: { name: string; version: string }[], done: (error?: unknown) => void) => void;
  customerPrivacy?: { analyticsProcessingAllowed?: () => unknown };
}

export function shopifyGlobal(): ShopifyGlobal | undefined {
  const s: unknown = (window as { Shopify?: unknown }).Shopify;
  return typeof s === "object" && s !== null ? (s as ShopifyGlobal) : undefined;
}

/** The app embed's tag, or Shopify's own storefront globals, make this a Shopify storefront. */
export function isShopify(tag: Tag): boolean {
  const s = shopifyGlobal();
  return !!tag.shop || typeof s?.loadFeatures === "function" || !!s?.customerPrivacy;
}

/**
 * Calls `onChange(allowed)` now (once the API is loaded) and on every later
 * `visitorConsentCollected`. Without the API nothing is ever allowed: svc stays off.
 */
export function followCustomerPrivacy(onChange: (allowed: boolean) => void): void {
  const s = shopifyGlobal();
  // The event fires only on change, and its detail may lag the API; the API is the authority.
  // typeof, not `=== true`: the build turns booleans into 0 and 1, and `=== true` into `== 1` (snippet/build.mjs).
  const check = guard(() => {
    const allowed = s?.customerPrivacy?.analyticsProcessingAllowed?.();
    onChange(typeof allowed == "boolean" && allowed);
  });
  document.addEventListener("visitorConsentCollected", check);
  if (s?.customerPrivacy) check();
  else s?.loadFeatures?.([{ name: "consent-tracking-api", version: "0.1" }], (error) => !error && check());
}

/**
 * Saves the session id as a hidden cart attribute so the order webhook can attribute the order, and with the app
 * embed the visitor id, from which svc's Discount Function assigns the arm whose offer checkout charges
 * (app/wire/offers.ts). The root path works in every locale of the store, so Shopify.routes.root is not needed.
 * The cart's cookie goes with it by fetch's default (credentials "same-origin"), which the snippet does not repeat.
 */
export function saveSessionOnCart(sid: string, vid: string, saved: () => void): void {
  fetch("/cart/update.js", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    // The visitor's key spelled out, not computed: a computed key costs the snippet a variable; `satisfies` holds
    // it to OFFER_ATTRIBUTE at compile time.
    body: JSON.stringify({ attributes: EMBED ? ({ [CART_ATTRIBUTE]: sid, _svc_vid: vid } satisfies Record<typeof CART_ATTRIBUTE | typeof OFFER_ATTRIBUTE, string>) : { [CART_ATTRIBUTE]: sid } }),
  })
    .then((r) => r.ok && saved())
    .catch(noop);
}
