// The svc web pixel: reports Shopify's funnel (product viewed, added to cart, checkout started) and, on
// checkout_completed, which svc session placed which order, to POST /api/collect.
import type { ExtensionApi, PixelEventsCheckoutCompleted } from "@shopify/web-pixels-extension";
import type { CheckoutEvent, ConversionEvent, EventBatch } from "../../../app/wire/events";
import { funnelEventId, PIXEL_FUNNEL_STEPS, type PixelFunnelStep } from "../../../app/wire/rules/funnel";
import { CONTROL_CHARACTERS, ENDPOINTS, ID_PATTERN, MAX_PATH_LENGTH, SESSION_KEY, SHOP_PATTERN, VISITOR_KEY } from "../../../app/wire/limits";
import { checkoutToken, normalOrderId } from "../../../app/wire/rules/order-id";
import { isSiteId } from "../../../app/wire/rules/site-id";

/** The part of Shopify's web pixel API this pixel uses. */
export type PixelApi = Pick<ExtensionApi, "analytics" | "browser" | "init" | "settings">;

/**
 * Registered with Shopify (src/index.ts). With usable settings (the app's Site ID and base URL, set by
 * webPixelCreate) it listens for checkout_completed and the funnel's events (PIXEL_FUNNEL_STEPS in
 * app/wire/rules/funnel.ts); otherwise it does nothing at all.
 *
 * The reports carry ids only: the order id or the step's reserved goal label with an id made from
 * Shopify's event id, and the visitor and session ids the snippet stored in the storefront's
 * localStorage. Nothing else of the product, cart or checkout (email, addresses, totals, lines) is read
 * or sent; the order's value comes from the orders webhooks. When those ids are missing, svc
 * never ran for this visitor (or was never allowed to), so there is nothing to attribute and nothing
 * is sent. A pixel must never break the checkout's page, so every failure is silent.
 */
export function svcPixel({ analytics, browser, init, settings }: PixelApi): void {
  try {
    const site: unknown = settings?.siteId;
    const endpoint = collectUrl(settings?.baseUrl);
    const shop: unknown = init?.data?.shop?.myshopifyDomain;
    if (!isSiteId(site) || !endpoint || typeof shop !== "string" || !SHOP_PATTERN.test(shop)) return;
    const send = async (batch: EventBatch | null) => {
      if (batch) await fetch(endpoint, { method: "POST", keepalive: true, credentials: "omit", body: JSON.stringify(batch) });
    };
    analytics.subscribe("checkout_completed", async (event: PixelEventsCheckoutCompleted) => {
      try {
        await send(await checkoutBatch(event, browser, site, shop));
      } catch {
        // Storage refused, the network failed, an odd event: this order is simply not reported.
      }
    });
    for (const step of PIXEL_FUNNEL_STEPS) {
      analytics.subscribe(step.event, async (event: ShopifyEvent) => {
        try {
          await send(await funnelBatch(step, event, browser, site, shop));
        } catch {
          // As above: this step of this visit is simply not reported.
        }
      });
    }
  } catch {
    // Settings or init not shaped as documented: stay inert.
  }
}

/** What the pixel reads of any standard event: its id, time and page. */
interface ShopifyEvent {
  id?: unknown;
  timestamp?: unknown;
  context?: { document?: { location?: { pathname?: unknown } } };
}

/** The visitor and session ids the snippet stored, which exist only once the visitor allowed svc; else null. */
async function svcIdentity(browser: PixelApi["browser"]): Promise<{ sid: string; vid: string } | null> {
  const [sid, vid] = await Promise.all([browser.localStorage.getItem(SESSION_KEY), browser.localStorage.getItem(VISITOR_KEY)]);
  return isId(sid) && isId(vid) ? { sid, vid } : null;
}

/**
 * The one-event batch reporting a funnel step as a conversion under its reserved label, or null without
 * Shopify's event id (a report that could not be deduplicated is not sent) or without an svc identity.
 */
async function funnelBatch(step: PixelFunnelStep, event: ShopifyEvent, browser: PixelApi["browser"], site: string, shop: string): Promise<EventBatch | null> {
  const id = funnelEventId(step, event?.id);
  if (!id) return null;
  const identity = await svcIdentity(browser);
  if (!identity) return null;
  const conversion: ConversionEvent = { type: "conversion", id, ts: eventTime(event.timestamp), path: pagePath(event.context?.document?.location?.pathname), goal: step.label };
  return { v: 1, site, ...identity, shop, sent: Date.now(), events: [conversion] };
}

/** The one-event batch reporting this checkout, or null when there is no order id or no svc identity. */
async function checkoutBatch(event: PixelEventsCheckoutCompleted, browser: PixelApi["browser"], site: string, shop: string): Promise<EventBatch | null> {
  const order = normalOrderId(event?.data?.checkout?.order?.id);
  if (!order) return null;
  const identity = await svcIdentity(browser);
  if (!identity) return null;
  const checkout: CheckoutEvent = {
    type: "checkout",
    // One id per order: if Shopify fires the event again (a reload of the Thank-you page), the server
    // counts the resend as a duplicate.
    id: `checkout-${order}`,
    ts: eventTime(event.timestamp),
    path: pagePath(event.context?.document?.location?.pathname),
    order,
  };
  // The checkout's token: the order's webhook carries it too, so the report counts even if it arrives
  // before the order (a report naming no checkout counts only after it).
  const token = checkoutToken(event?.data?.checkout?.token);
  if (token) checkout.checkout = token;
  return { v: 1, site, ...identity, shop, sent: Date.now(), events: [checkout] };
}

/** `{origin}/api/collect` of an http(s) base URL (the snippet also talks to its base's origin), else null. */
function collectUrl(baseUrl: unknown): string | null {
  if (typeof baseUrl !== "string") return null;
  try {
    const url = new URL(baseUrl);
    return url.protocol === "https:" || url.protocol === "http:" ? `${url.origin}${ENDPOINTS.collect}` : null;
  } catch {
    return null;
  }
}

function isId(value: unknown): value is string {
  return typeof value === "string" && ID_PATTERN.test(value);
}

/** Shopify's ISO timestamp of the event in ms, or now when it is missing or unreadable. */
function eventTime(timestamp: unknown): number {
  const ms = typeof timestamp === "string" ? Date.parse(timestamp) : NaN;
  return ms > 0 ? ms : Date.now();
}

/** The checkout page's pathname, cut like the snippet's; "/" when absent or not a path the server accepts. */
function pagePath(pathname: unknown): string {
  if (typeof pathname !== "string" || !pathname.startsWith("/")) return "/";
  const path = pathname.slice(0, MAX_PATH_LENGTH);
  return CONTROL_CHARACTERS.test(path) ? "/" : path;
}
