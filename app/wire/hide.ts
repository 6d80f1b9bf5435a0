// The anti-flicker contract between what hides elements before the snippet runs (the Shopify app embed's
// style, the optional inline head helpers for other sites and the hiding sheet one of them links) and the
// snippet, which reveals them.

/**
 * Marks an element that hides, from the first paint, the elements a running test changes on this page: a
 * `<style>` (the embed's, the head helper's, the snippet's own), or a `<link rel="stylesheet">` to
 * HIDE_SHEET_PATH (the first-visit head helper's). The snippet turns every such element off through the
 * element itself (`disabled = true`: a style's sheet, a link's attribute, which disables its sheet, loaded
 * or not), never by removing it from its parent or by writing on html, head, body or :root (guarantee 2).
 */
export const HIDE_ATTRIBUTE = "data-svc-hide";

/**
 * Hard timeout of that hiding, in ms from when an element is styled (for elements in the page's HTML, from
 * the parse, so from navigation start at the earliest). The style reveals by CSS alone, with an animation
 * that holds `opacity: 0` for this long and then ends, so a blocked or failed snippet leaves the original
 * showing after it. The snippet never applies a variant to a hidden page later than this after navigation
 * start (`performance.now()`): by then the original may have been seen, and it stays.
 */
export const HIDE_TIMEOUT_MS = 1000;

/**
 * The hiding sheet of other sites' first pageviews: `GET {base}/api/hide.css?site=<Site ID>&p=<pathname>`
 * answers `text/css`, hideCss of what the site's running tests change on pages matching `p` (empty when
 * nothing), the same for every visitor (app/domain/experiments/hide-sheet.ts).
 */
export const HIDE_SHEET_PATH = "/api/hide.css";

/** The longest `p` (a pathname, before its trailing slashes are dropped) that the hiding sheet answers. */
export const HIDE_PATH_MAX_CHARS = 1024;

/** Name of the CSS animation that does the hiding; the same in the embed's Liquid and the head helper. */
export const HIDE_ANIMATION = "svc-hide";

/**
 * The hiding style's text for a selector list (already validated): every part is kept off html, head and
 * body, and nothing but opacity changes, so the layout does not move when the elements appear.
 */
export function hideCss(selectors: readonly string[]): string {
  if (!selectors.length) return "";
  return (
    `@keyframes ${HIDE_ANIMATION}{from,to{opacity:0}}` +
    `:is(${selectors.join(",")}):not(html,head,body){animation:${HIDE_ANIMATION} ${HIDE_TIMEOUT_MS}ms}`
  );
}
