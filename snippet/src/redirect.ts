// Split-URL arms: sends the visitor to the arm's URL, keeping query and hash, and never looping.
import { isObject } from "./guard";
import { readJSON, remove, write } from "./storage";
import { REDIRECT_MARK_MS } from "./timing";

const MARK_KEY = "svc_rd";

/**
 * The URL to go to, "" when the visitor is already there, undefined when `redirect` is unusable
 * (not http(s), another origin, unparsable). Current query parameters the target lacks are kept
 * (the target's own win, e.g. Shopify's `view`), and the current hash when the target has none.
 */
export function redirectTarget(redirect: string, current: string): string | undefined {
  try {
    const here = new URL(current);
    const to = new URL(redirect, here);
    if (to.origin !== here.origin) return;
    // Compared in one serialisation, so a mere reordering or re-encoding is never a redirect.
    const query = new URLSearchParams(here.search);
    const before = "" + query;
    to.searchParams.forEach((v, k) => query.set(k, v));
    to.search = "" + query;
    if (!to.hash) to.hash = here.hash;
    return to.pathname === here.pathname && to.search.slice(1) === before ? "" : to.href;
  } catch {
    return;
  }
}

export interface RedirectMark {
  test: string;
  arm: string;
  /**
   * performance.timeOrigin of the page that redirected, later by the wait for the shopper's consent there (`began`
   * in main.ts), so msToApply spans both pages and counts svc's time only.
   */
  origin: number;
}

export function markRedirect(test: string, arm: string, began: number): boolean {
  return write(MARK_KEY, JSON.stringify({ test, arm, origin: performance.timeOrigin + began, at: Date.now() }), true);
}

/** Reads and clears the mark: a fresh one means this pageview is a redirect's landing. */
export function takeRedirectMark(now: number): RedirectMark | undefined {
  const m = readJSON(MARK_KEY, true);
  remove(MARK_KEY, true);
  // Field types need no check: a wrong one matches no test and clamps to a zero msToApply.
  if (isObject(m) && now - (m.at as number) < REDIRECT_MARK_MS) return m as unknown as RedirectMark;
}
