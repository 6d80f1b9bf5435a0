// The opt-in first-visit head helper for non-Shopify sites (docs/anti-flicker-other-sites.md, "First-visit
// hiding"), pasted inline before the async tag as
//   <script data-svc-sheet="{base}/api/hide.css?site=SITE_ID">…</script>
// (the URL in an attribute, so the text, and its CSP hash, is the same for every site). With a usable cached
// config it does what the inline helper does. Without one (a first pageview), it links the site's hiding
// sheet for this path, render-blocking, so the first paint already hides what the site's running tests
// change here; the snippet reveals it, and it turns the sheet off itself at HIDE_TIMEOUT_MS from navigation
// start, loaded or not (a hanging request then stops blocking the paint, and its answer is never applied).
import { HIDE_ATTRIBUTE, HIDE_PATH_MAX_CHARS, HIDE_TIMEOUT_MS } from "../../app/wire/hide";
import { privacySignal } from "../src/privacy";
import { hideFromCache } from "./from-cache";

try {
  // Under GPC/DNT the snippet never runs to reveal, and the page must not even ask: nothing is requested.
  if (!privacySignal() && !hideFromCache()) {
    const d = document;
    const sheet = (d.currentScript as HTMLScriptElement).dataset.svcSheet;
    const path = location.pathname;
    const left = HIDE_TIMEOUT_MS - performance.now();
    // A visitor who declined the snippet's consent prompt ("0", kept by the snippet) is never hidden for.
    if (sheet && left > 0 && path.length <= HIDE_PATH_MAX_CHARS && localStorage.getItem("svc_consent") != "0") {
      const link = d.createElement("link");
      link.rel = "stylesheet";
      // Render-blocking although inserted by a script: the first paint waits for it (before body only).
      link.setAttribute("blocking", "render");
      link.setAttribute(HIDE_ATTRIBUTE, "");
      // The sheet's URL carries the path; the page's full address (its query) goes nowhere.
      link.referrerPolicy = "no-referrer";
      // The path as the snippet compares it, trailing slashes dropped ("/" kept): one cached sheet per page.
      link.href = `${sheet}&p=${encodeURIComponent(path.replace(/(.)\/+$/, "$1"))}`;
      // A child of head: nothing is ever written on html, head or body (guarantee 2).
      d.head.appendChild(link);
      // Disabled, a pending sheet stops blocking the paint and is never applied; a loaded one stops hiding.
      setTimeout(() => (link.disabled = true), left);
    }
  }
} catch {
  // Blocked storage, no head, anything: the page renders as if svc were not installed.
}
