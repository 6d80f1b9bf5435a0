// What both inline head helpers do first: hide, from the first paint, what the visitor's cached arms change
// on this page, under the CSS-only timeout of app/wire/hide.ts.
import { HIDE_ATTRIBUTE, hideCss } from "../../app/wire/hide";
import { cachedSelectors } from "./hidden-selectors";

/**
 * Appends one hiding `<style data-svc-hide>` to head for the cached arms' selectors on this page, if any.
 * Answers whether the visitor has a usable cached config (then it alone decides what hides). Throws only
 * where storage or the DOM does (the helpers catch it).
 */
export function hideFromCache(): boolean {
  const ls = localStorage;
  const sels = cachedSelectors(ls.getItem("svc_cfg"), ls.getItem("svc_vid"), location.pathname, Date.now());
  if (sels?.length) {
    const style = document.createElement("style");
    style.setAttribute(HIDE_ATTRIBUTE, "");
    style.textContent = hideCss(sels);
    // A child of head: nothing is ever written on html, head or body (guarantee 2).
    document.head.appendChild(style);
  }
  return !!sels;
}
