// Anti-flicker, snippet side: every hiding element (the embed's style, the head helpers' style or linked
// sheet, its own style) is turned off through one reveal path, and a variant is never applied once the original may have been seen.
import { HIDE_ATTRIBUTE, HIDE_TIMEOUT_MS, hideCss } from "../../app/wire/hide";
import { addSheet } from "./styles";

/** When the hiding began: navigation start for a style or sheet in the page, or when the snippet added its own. */
let since = 0;
/** Set once a hiding style has been turned off: from then on the visitor has seen the original. */
let shown = false;
/**
 * Set when svc stood aside while consent was still to come (the page shown as without svc): a consent given
 * later applies at once, and the wait until then is the shopper's, not svc's (main.ts times from consent).
 */
export let waived = false;

// Styles and the first-visit helper's <link rel=stylesheet>: `disabled` turns either's sheet off. Only head's
// children: every hiding element svc or its helpers print or add is one, and a page's own form control that
// happens to carry the attribute in body must never be disabled (3 bytes gzip, where style/link cost 7).
const hidingStyles = () => document.querySelectorAll<HTMLStyleElement | HTMLLinkElement>(`head>[${HIDE_ATTRIBUTE}]`);

/**
 * Hides the elements a cached config will change while it is refreshed, unless the page already hides
 * (with the contract's own CSS, so it shows them again by itself after HIDE_TIMEOUT_MS).
 */
export function hideWhileLoading(selectors: readonly string[]): void {
  if (!selectors.length || hidingStyles().length) return;
  // Hidden again after a consent: this time is svc's, counted from here.
  waived = false;
  since = performance.now();
  addSheet(hideCss(selectors)).setAttribute(HIDE_ATTRIBUTE, "");
}

/**
 * How long the page has hidden so far in ms (0 when nothing hides), or undefined when a variant may no
 * longer be applied: a hiding style was turned off already, or HIDE_TIMEOUT_MS has passed and CSS alone
 * has shown the original.
 */
export function msHidden(): number | undefined {
  // Not rounded here: the exposure rounds it (clampMs), and every snippet byte is paid by every shopper.
  const ms = performance.now() - since;
  return waived || !hidingStyles().length ? 0 : shown || ms >= HIDE_TIMEOUT_MS ? undefined : ms;
}

/**
 * Turns every hiding style or sheet off through the element itself; nothing is removed, html/head/body untouched.
 * `forConsent`: the shopper has not decided yet, so the page shows as without svc; if they consent on this
 * pageview, their arm is applied then, as on a page that never hid (their own click precedes the change).
 */
export function reveal(forConsent?: boolean): void {
  if (forConsent) waived = true;
  for (const el of hidingStyles())
    if (!el.disabled) {
      el.disabled = true;
      if (!forConsent) shown = true;
    }
}
