// Shopify order ids as the web pixel and the order webhooks name them: one normal form, so the two are joined.

/** Digits only: Shopify's numeric order id (REST `id`), at most 20 digits (a 64-bit integer). */
export const ORDER_ID_PATTERN = /^[1-9][0-9]{0,19}$/;

/**
 * The numeric id of an order given as a number, a numeric string, or a GraphQL global id
 * (`gid://shopify/Order/123`, `gid://shopify/OrderIdentity/123`); null for anything else.
 */
export function normalOrderId(value: unknown): string | null {
  const text = typeof value === "number" && Number.isSafeInteger(value) ? String(value) : value;
  if (typeof text !== "string") return null;
  const id = /^gid:\/\/shopify\/(?:Order|OrderIdentity)\/([0-9]+)$/.exec(text)?.[1] ?? text;
  return ORDER_ID_PATTERN.test(id) ? id : null;
}

/**
 * A Shopify checkout's token, as the web pixel reads it (`checkout.token`) and the order webhook carries
 * it (`checkout_token`): printable ASCII without spaces or quotes, at most 256 characters.
 */
export const CHECKOUT_TOKEN_PATTERN = /^[A-Za-z0-9_\-+/=.:]{1,256}$/;

/** The checkout token, or null when `value` is not one. */
export function checkoutToken(value: unknown): string | null {
  return typeof value === "string" && CHECKOUT_TOKEN_PATTERN.test(value) ? value : null;
}
