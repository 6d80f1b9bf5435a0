// Timing and volume rules of the snippet itself (the server does not need them; docs/snippet.md lists them).

/** Wait for GET /api/consent; after it the pageview runs without svc (nothing stored or shown). */
export const CONSENT_TIMEOUT_MS = 3000;
/** Wait for GET /api/patches; after it the visitor sees the original and nothing is collected. */
export const PATCHES_TIMEOUT_MS = 1000;
/** A queued event waits at most this long before its batch is sent. */
export const FLUSH_DELAY_MS = 2000;
/** A batch is sent as soon as this many events are queued. */
export const FLUSH_AT_EVENTS = 20;
/** Events beyond this many on one pageview are dropped (a runaway click loop cannot flood the API). */
export const MAX_EVENTS_PER_PAGEVIEW = 200;
/** The same convert(goal, value) within this window of a counted one, on one pageview, is dropped. */
export const CONVERT_DEDUPE_MS = 2000;
/** Patches reach elements that appear later for this long after the snippet starts. */
export const OBSERVE_MS = 10_000;
/** "No consent needed in this region" is re-checked after this long. */
export const CONSENT_RECHECK_MS = 86_400_000;
/** A redirect mark older than this is ignored (the next page is not the redirect's landing). */
export const REDIRECT_MARK_MS = 10_000;
