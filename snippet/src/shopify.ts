// Shopify storefronts: the Customer Privacy API decides when collection may run (guarantee 4).
import { CART_ATTRIBUTE } from "../../app/wire/limits";
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
 * Saves the session id as a hidden cart attribute so the order webhook can attribute the order.
 * The root path works in every locale of the store, so Shopify.routes.root is not needed.
 */
export function saveSessionOnCart(sid: string, saved: () => void): void {
  fetch("/cart/update.js", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ attributes: { [CART_ATTRIBUTE]: sid } }),
    credentials: "same-origin",
  })
    .then((r) => r.ok && saved())
    .catch(noop);
}
