// Init script standing in for Shopify's storefront globals and its Customer Privacy API
// (window.Shopify.loadFeatures, customerPrivacy.analyticsProcessingAllowed, visitorConsentCollected).

export interface ShopifyStubOptions {
  /** analyticsProcessingAllowed() at load. */
  analytics: boolean;
  /** customerPrivacy already present (true) or loaded through Shopify.loadFeatures (false). */
  preloaded?: boolean;
  designMode?: boolean;
}

/** Returns an init script; in the page, `window.__shopify.setConsent(bool)` changes consent. */
export function shopifyStub({ analytics, preloaded = false, designMode = false }: ShopifyStubOptions): string {
  return `(() => {
    // Like Shopify, the visitor's answer outlives the page (in its _tracking_consent cookie).
    const saved = /(?:^|; )_tracking_consent=(yes|no)/.exec(document.cookie);
    const state = { analytics: saved ? saved[1] === "yes" : ${analytics}, loadCalls: [] };
    const customerPrivacy = {
      analyticsProcessingAllowed: () => state.analytics,
      marketingAllowed: () => state.analytics,
      preferencesProcessingAllowed: () => state.analytics,
      saleOfDataAllowed: () => state.analytics,
      shouldShowBanner: () => !state.analytics,
    };
    window.Shopify = {
      shop: "demo-shop.myshopify.com",
      designMode: ${designMode},
      routes: { root: "/" },
      loadFeatures(features, callback) {
        state.loadCalls.push(features);
        setTimeout(() => { window.Shopify.customerPrivacy = customerPrivacy; callback(); }, 30);
      },
    };
    if (${preloaded}) window.Shopify.customerPrivacy = customerPrivacy;
    window.__shopify = {
      state,
      setConsent(allowed) {
        state.analytics = allowed;
        document.cookie = "_tracking_consent=" + (allowed ? "yes" : "no") + "; path=/";
        document.dispatchEvent(new CustomEvent("visitorConsentCollected", { detail: {
          analyticsAllowed: allowed, marketingAllowed: allowed, preferencesAllowed: allowed, saleOfDataAllowed: allowed,
        } }));
      },
    };
  })();`;
}
