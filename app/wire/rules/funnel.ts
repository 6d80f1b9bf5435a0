// Shopify's funnel as built-in goals: which web pixel event counts as which step, the reserved goal label
// each step is counted under, and the event id a pixel report carries (so a resend counts once). Shared by
// the pixel (extensions/svc-pixel) and the server; both suites run funnel.cases.json.

/** The purchase step's label: Shopify orders, counted from the orders webhooks (PURCHASE_GOAL on the server). */
export const FUNNEL_PURCHASE = "purchase";

/**
 * The steps the web pixel reports itself, in funnel order: Shopify's standard event, the goal label the
 * step counts under, and the short prefix of its event ids. The purchase comes last (FUNNEL_PURCHASE).
 */
export const PIXEL_FUNNEL_STEPS = [
  { event: "product_viewed", label: "product_viewed", prefix: "pv" },
  { event: "product_added_to_cart", label: "added_to_cart", prefix: "atc" },
  { event: "checkout_started", label: "checkout_started", prefix: "cs" },
] as const;

export type PixelFunnelStep = (typeof PIXEL_FUNNEL_STEPS)[number];
export type PixelFunnelLabel = PixelFunnelStep["label"];

/** Every step's goal label in funnel order: viewed, added to cart, checkout started, purchase. */
export const FUNNEL_LABELS = [...PIXEL_FUNNEL_STEPS.map((s) => s.label), FUNNEL_PURCHASE] as const;

/**
 * The labels only the web pixel reports (on /api/collect): a page's own `svc.convert` may not count under
 * them, so a funnel step always means what the pixel saw.
 */
export const isPixelFunnelLabel = (label: unknown): label is PixelFunnelLabel => PIXEL_FUNNEL_STEPS.some((s) => s.label === label);

const ID_CHARACTER = /[^A-Za-z0-9_-]/g;
const MAX_ID_LENGTH = 64;

/**
 * The svc event id of a pixel report: the step's prefix and Shopify's own event id (its characters outside
 * ID_PATTERN replaced by "_", cut to 64), so the same Shopify event sent twice is one event to the server.
 * Null when Shopify gave no usable id: such an event could not be deduplicated, so it is not sent.
 */
export function funnelEventId(step: PixelFunnelStep, shopifyEventId: unknown): string | null {
  if (typeof shopifyEventId !== "string" || shopifyEventId.trim() === "") return null;
  return `${step.prefix}-${shopifyEventId.trim()}`.replace(ID_CHARACTER, "_").slice(0, MAX_ID_LENGTH);
}
