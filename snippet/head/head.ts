// The optional inline head helper for non-Shopify sites, pasted before the async tag: hides, from the first
// paint, what the visitor's cached arms change on this page, under the CSS-only timeout of app/wire/hide.ts.
import { privacySignal } from "../src/privacy";
import { hideFromCache } from "./from-cache";

try {
  // Under GPC/DNT the snippet never runs to reveal, so an old cache must not hide anything either.
  if (!privacySignal()) hideFromCache();
} catch {
  // Blocked storage, no head, anything: the page renders as if svc were not installed.
}
