// Reads the snippet's own script tag: Site ID, API base, Shopify shop and template, the merchant's consent declaration and prompt language.
import { SHOP_PATTERN } from "../../app/wire/limits";
import { isSiteId } from "../../app/wire/rules/site-id";
import { EMBED } from "./build-flags";

export interface Tag {
  site: string;
  /** Origin of the script's own src: every API call goes there. */
  base: string;
  /** Set by the Shopify app embed; selects POST /api/collect. */
  shop?: string;
  /** The page's Shopify template (`template.name`), printed by the app embed; matched by `template:` pages. */
  template?: string;
  /** `data-svc-consent="granted"`: the merchant's consent platform already gates this tag. */
  preconsented?: boolean;
  /** `data-svc-lang`: the language the consent prompt should speak, before the browser's (promptLanguage). */
  lang?: string;
  /** `data-svc-aud`: the app embed's Shopify facts for audience rules, forwarded as is (shopifyFacts). */
  aud?: string;
}

export function readTag(doc: Document = document): Tag | undefined {
  // currentScript is null only when the snippet was not run as a classic script; fall back to the tag.
  const el = (doc.currentScript ?? doc.querySelector("script[data-svc-site]")) as HTMLScriptElement | null;
  // dataset.svcSite is data-svc-site, and so on: shorter in the bundle than getAttribute.
  const data = el?.dataset;
  const site = data?.svcSite;
  if (!el || !isSiteId(site)) return;
  let base: string;
  try {
    base = new URL(el.src).origin;
  } catch {
    return;
  }
  if (!/^https?:/.test(base)) return;
  const shop = data!.svcShop ?? "";
  return {
    site,
    base,
    shop: SHOP_PATTERN.test(shop) ? shop : undefined,
    template: data!.svcTemplate,
    aud: data!.svcAud,
    // Read by other sites' consent prompt only, which the app embed's build leaves out (build-flags.ts).
    ...(!EMBED && { preconsented: data!.svcConsent === "granted", lang: data!.svcLang }),
  };
}
