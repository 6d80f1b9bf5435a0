// What webhook routes check beyond the library's HMAC: the signature covers the body, not the headers, so
// the shop the body names must be the shop the X-Shopify-Shop-Domain header names.
import { problemResponse } from "../problem";

/**
 * A 400 problem response when the signed payload's `field` names another shop than `shop` (the header's),
 * or is missing while `required`; null when they agree. Stops a signed body for one shop being replayed
 * with another shop's header.
 */
export function shopMismatch(payload: unknown, field: string, shop: string, { required }: { required: boolean }): Response | null {
  const named = payload && typeof payload === "object" ? (payload as Record<string, unknown>)[field] : undefined;
  if (named === undefined && !required) return null;
  if (named === shop) return null;
  return problemResponse({
    status: 400,
    type: "webhook-shop-mismatch",
    title: "The webhook's body names another shop than its header",
    detail: `${field} must be the X-Shopify-Shop-Domain header's shop`,
  });
}
