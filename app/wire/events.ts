// Wire shape of POST /api/events and POST /api/collect: one batch of anonymous events.

/**
 * Request body of `POST /api/events` (any site) and `POST /api/collect` (Shopify app embed).
 * Sent as a JSON string with `Content-Type: text/plain;charset=UTF-8` (sendBeacon, or fetch with
 * `keepalive`, `credentials: "omit"`): a CORS "simple request", so there is no preflight. The server
 * parses the text as JSON whatever the content type, answers 2xx (204 is fine, the body is ignored)
 * with `Access-Control-Allow-Origin: *`, and 429 when throttled (the snippet drops that batch).
 *
 * Every field is an id, a number, an enum, a path, or a label chosen by the merchant; there is no
 * free-form field, so nothing a visitor types can be carried by construction.
 */
export interface EventBatch {
  /** Wire version of this shape. */
  v: 1;
  site: string;
  vid: string;
  sid: string;
  /** Only on /api/collect: the shop domain from `data-svc-shop` (SHOP_PATTERN). */
  shop?: string;
  /**
   * The tab session's audience facts as the snippet sends them to /api/patches (landingQuery, then `&a=` and
   * the app embed's Shopify facts): the server reads from it only the classes of the segment results (new or
   * returning, traffic channel, market; app/domain/events/segment.ts) and stores none of it as sent.
   */
  l?: string;
  /** Client clock (ms since epoch) when the batch was sent; `sent - ts` corrects clock skew. */
  sent: number;
  /** 1..MAX_BATCH_EVENTS events, oldest first. */
  events: SvcEvent[];
}

export type SvcEvent = PageviewEvent | ClickEvent | ExposureEvent | ConversionEvent | CheckoutEvent;
export type SvcEventType = SvcEvent["type"];

interface EventBase {
  /** Random id, unique per event (ID_PATTERN); the server dedupes on (site, id), so resends are safe. */
  id: string;
  /** Client clock, ms since epoch. */
  ts: number;
  /** `location.pathname` of the page (no query string, no hash), at most MAX_PATH_LENGTH. */
  path: string;
}

export interface PageviewEvent extends EventBase {
  type: "pageview";
}

/** A click on a link, button or other interactive element (clicks elsewhere are not recorded). */
export interface ClickEvent extends EventBase {
  type: "click";
  el: ElementDescriptor;
}

/** What was clicked. Never its text, never a form value. */
export interface ElementDescriptor {
  /** Lower-case tag name, e.g. "a", "button". */
  tag: string;
  /** The element's `id` attribute, when it has one. */
  id?: string;
  /** A short CSS selector, up to three levels, e.g. "nav#main > a.cta". */
  sel: string;
  /** Links only: origin + pathname for http(s) links, only the scheme (e.g. "mailto:") for others. */
  href?: string;
}

/** The visitor was shown `arm` of `test` (control included). Once per test per session. */
export interface ExposureEvent extends EventBase {
  type: "exposure";
  test: string;
  arm: string;
  /**
   * ms from navigation start (of the first page, for a redirect) to the arm being applied; from the shopper's
   * consent instead when svc stood aside waiting for it, since that wait is theirs (events sent before issue 36
   * counted it).
   */
  msToApply: number;
  /** ms during which elements were hidden to avoid flicker (0 when nothing was hidden). */
  msHidden: number;
}

/** `window.svc.convert(goal, value)` or an automatic goal. */
export interface ConversionEvent extends EventBase {
  type: "conversion";
  goal: string;
  value?: number;
}

/**
 * Only on `/api/collect`, sent by the web pixel (extensions/svc-pixel) on Shopify's `checkout_completed`:
 * this session placed this order. The order's value comes from the orders/paid webhook, never from here;
 * the two are joined on the order id, so a purchase counts once whichever arrives first.
 */
export interface CheckoutEvent extends EventBase {
  type: "checkout";
  /** The order's numeric id (normalOrderId in order-id.ts). */
  order: string;
  /**
   * The checkout's token (CHECKOUT_TOKEN_PATTERN in order-id.ts), which the order's webhook carries as
   * `checkout_token`: a report that arrives before its order counts only when it names the order's checkout.
   */
  checkout?: string;
}
