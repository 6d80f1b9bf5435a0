// The optional inline head helper for non-Shopify sites, pasted before the async tag: hides, from the first
// paint, what the visitor's cached arms change on this page, under the CSS-only timeout of app/wire/hide.ts.
import { HIDE_ATTRIBUTE, hideCss } from "../../app/wire/hide";
import { privacySignal } from "../src/privacy";
import { hiddenSelectors } from "./hidden-selectors";

try {
  // Under GPC/DNT the snippet never runs to reveal, so an old cache must not hide anything either.
  if (!privacySignal()) {
    const ls = localStorage;
    const sels = hiddenSelectors(ls.getItem("svc_cfg"), ls.getItem("svc_vid"), location.pathname, Date.now());
    if (sels.length) {
      const style = document.createElement("style");
      style.setAttribute(HIDE_ATTRIBUTE, "");
      style.textContent = hideCss(sels);
      // A child of head: nothing is ever written on html, head or body (guarantee 2).
      document.head.appendChild(style);
    }
  }
} catch {
  // Blocked storage, no head, anything: the page renders as if svc were not installed.
}
