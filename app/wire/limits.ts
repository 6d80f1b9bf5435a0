// Limits and names shared by the snippet and the server, so both sides enforce the same bounds.

/** Endpoint paths, relative to the base URL (the origin of the snippet's own `src`). */
export const ENDPOINTS = {
  consent: "/api/consent",
  patches: "/api/patches",
  events: "/api/events",
  collect: "/api/collect",
} as const;

/** localStorage key holding the plain session id (public: the spec names it). */
export const SESSION_KEY = "svc_sid";
/** localStorage key holding the visitor id; the web pixel reads it beside SESSION_KEY. */
export const VISITOR_KEY = "svc_vid";
/** Hidden cart attribute carrying the session id into the Shopify order (`note_attributes`). */
export const CART_ATTRIBUTE = "_svc_sid";

/** A session ends after this long without an event; the next event starts a new session id. */
export const SESSION_TIMEOUT_MS = 30 * 60 * 1000;

/** Site IDs, visitor/session/event ids, test and arm ids all match this. */
export const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
/** Shopify shop domains as printed by the app embed in `data-svc-shop`. */
export const SHOP_PATTERN = /^[a-z0-9][a-z0-9-]*\.myshopify\.com$/;

/** The server rejects a batch with more events; the snippet never sends more. */
export const MAX_BATCH_EVENTS = 50;
/**
 * The control characters no text on the wire may hold (goal labels, paths, element ids): C0
 * (U+0000–U+001F: line breaks, tab, NUL…) and DEL. C1 controls (U+0080–U+009F) are accepted, as they
 * always were on both sides: they break no JSON, CSV row or HTML this text ends up in, and refusing
 * them now could drop labels sites already send.
 */
export const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;
/** Goal labels: 1..64 UTF-16 code units, no control characters (isGoalLabel in goal.ts); longer labels are dropped, not cut. */
export const MAX_GOAL_LENGTH = 64;
/**
 * A conversion `value` must be finite with |value| <= MAX_VALUE (isConversionValue). The snippet drops
 * any other value and keeps the conversion without one, so a well-behaved snippet never sends an
 * out-of-range value; the server refuses a batch (or a server-side conversion) carrying one with 400,
 * rather than clipping it into the totals, so only a non-snippet client ever sees that.
 */
export const MAX_VALUE = 1e12;
/** Whether `v` may be sent as a conversion value: a number within ±MAX_VALUE (NaN and ±Infinity fail). */
export const isConversionValue = (v: unknown): v is number => typeof v === "number" && Math.abs(v) <= MAX_VALUE;
/** Paths (`location.pathname`) are cut to this length. */
export const MAX_PATH_LENGTH = 512;
/** Click descriptor: `sel` and `href` are cut to this length, `id` to MAX_ELEMENT_ID_LENGTH. */
export const MAX_SELECTOR_LENGTH = 200;
export const MAX_ELEMENT_ID_LENGTH = 64;
/** Exposure timings are whole milliseconds, clamped to 0..MAX_TIMING_MS. */
export const MAX_TIMING_MS = 600_000;
/** Upper bound the snippet applies to the `ttl` of a patches response (seconds). */
export const MAX_CONFIG_TTL_S = 86_400;
