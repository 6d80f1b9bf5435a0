// Which of the two builds this is (snippet/build.mjs): the spec's tag for every site, or the Shopify app embed's.
declare const SVC_EMBED: boolean | undefined;

/**
 * True in the build the Shopify app embed loads (`/snippet.js?for=shopify`): its pages are Shopify
 * storefronts, where the Customer Privacy API decides consent, and carry the embed's plan, so it assigns
 * locally and leaves out the consent prompt of other sites. The spec's tag gets the other build, which still
 * follows the Customer Privacy API on a storefront that pastes it. Unset (false) in the source's own tests.
 */
export const EMBED = typeof SVC_EMBED != "undefined" && SVC_EMBED;
