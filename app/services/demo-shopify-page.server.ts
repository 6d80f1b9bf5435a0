// The demo Shopify storefront's HTML (/demo/shopify): a product page whose head carries what the real app
// embed block prints (rendered with liquidjs from extensions/svc-embed), after a stand-in of the globals
// Shopify's storefront provides: `window.Shopify` with `loadFeatures` and the Customer Privacy API. The
// shopper answers a small consent banner, adds the mug to the cart (/cart/add.js) and buys it (the demo
// checkout, which sends the app its orders/paid webhook).
import { DEMO_SHOP_DOMAIN, DEMO_SHOPIFY_SITE_ID, DEMO_SHOPIFY_TEST_ID } from "./demo-constants";
import { DEMO_PRODUCT } from "./demo-cart.server";
import { renderAppEmbed } from "./render-app-embed.server";

/**
 * `window.Shopify` as a storefront in a region that asks for consent has it: no decision until the
 * shopper answers the banner, which is remembered in the `_tracking_consent` cookie. customerPrivacy
 * appears once `loadFeatures` loads the consent-tracking-api, asynchronously. Values as documented:
 * currentVisitorConsent() answers 'yes' | 'no' | '' ('' = not decided yet).
 */
function shopifyStandIn(shop: string): string {
  return `(() => {
  const KEYS = ["analytics", "marketing", "preferences", "sale_of_data"];
  const consent = {};
  try {
    const saved = JSON.parse(decodeURIComponent((/(?:^|;\\s*)_tracking_consent=([^;]*)/.exec(document.cookie) || [])[1] || "{}"));
    for (const k of KEYS) if (typeof saved[k] === "boolean") consent[k] = saved[k];
  } catch (_) { /* no decision */ }
  const allowed = (k) => consent[k] === true;
  const answer = (k) => (k in consent ? (consent[k] ? "yes" : "no") : "");
  const customerPrivacy = {
    analyticsProcessingAllowed: () => allowed("analytics"),
    marketingAllowed: () => allowed("marketing"),
    preferencesProcessingAllowed: () => allowed("preferences"),
    saleOfDataAllowed: () => allowed("sale_of_data"),
    currentVisitorConsent: () => ({ marketing: answer("marketing"), analytics: answer("analytics"), preferences: answer("preferences"), sale_of_data: answer("sale_of_data") }),
    shouldShowBanner: () => KEYS.some((k) => !(k in consent)),
    setTrackingConsent(choice, callback) {
      for (const k of KEYS) if (choice && k in choice) consent[k] = choice[k] === true || choice[k] === "yes";
      document.cookie = "_tracking_consent=" + encodeURIComponent(JSON.stringify(consent)) + "; path=/; max-age=31536000; samesite=lax";
      if (typeof callback === "function") callback();
      document.dispatchEvent(new CustomEvent("visitorConsentCollected", { detail: {
        analyticsAllowed: allowed("analytics"), marketingAllowed: allowed("marketing"), preferencesAllowed: allowed("preferences"),
        saleOfDataAllowed: allowed("sale_of_data"), firstPartyMarketingAllowed: allowed("marketing"), thirdPartyMarketingAllowed: allowed("marketing"),
      } }));
    },
  };
  window.Shopify = {
    shop: ${JSON.stringify(shop)},
    designMode: false,
    routes: { root: "/" },
    loadFeatures(features, callback) {
      const unknown = (features || []).filter((f) => !f || f.name !== "consent-tracking-api");
      setTimeout(() => {
        if (!unknown.length) window.Shopify.customerPrivacy = customerPrivacy;
        if (typeof callback === "function") callback(unknown.length ? new Error("unknown feature") : undefined);
      }, 20);
    },
  };
})();`;
}

/** The store's own script: the banner, the cart and the buy button. */
function storeScript(variantId: number): string {
  return `(() => {
  const $ = (id) => document.getElementById(id);
  const say = (text) => { $("status").textContent = text; };
  const post = (url, body) => fetch(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) }).then((r) => r.json());
  const showCart = () => fetch("/cart.js").then((r) => r.json()).then((c) => say("Cart: " + c.item_count + (c.item_count === 1 ? " item" : " items")));
  $("add").onclick = () => post("/cart/add.js", { items: [{ id: ${variantId}, quantity: 1 }] }).then(showCart);
  $("buy").onclick = () => post("/demo/shopify/checkout", {}).then((r) =>
    say(r.order ? "Thank you! Order " + r.order.name + " placed (" + r.order.total_price + " " + r.order.currency + "); the webhook answered " + r.webhook : r.title));
  Shopify.loadFeatures([{ name: "consent-tracking-api", version: "0.1" }], (error) => {
    if (error) return;
    const privacy = Shopify.customerPrivacy;
    const banner = $("consent");
    const choose = (yes) => privacy.setTrackingConsent({ analytics: yes, marketing: yes, preferences: yes, sale_of_data: yes }, () => { banner.hidden = true; });
    $("accept").onclick = () => choose(true);
    $("decline").onclick = () => choose(false);
    banner.hidden = !privacy.shouldShowBanner();
  });
  showCart();
})();`;
}

export function renderDemoShopifyStorefront(baseUrl: string): string {
  const embed = renderAppEmbed({
    app: { metafields: { svc: { base_url: { value: baseUrl }, site_id: { value: DEMO_SHOPIFY_SITE_ID } } } },
    shop: { permanent_domain: DEMO_SHOP_DOMAIN },
    // The demo storefront is one product page.
    template: { name: "product" },
    request: { design_mode: false, path: "/demo/shopify" },
  }).trim();
  const price = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(DEMO_PRODUCT.price / 100);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<link rel="icon" href="data:,">
<title>${DEMO_PRODUCT.title} – svc demo store</title>
<style>
  body { font-family: system-ui, sans-serif; max-width: 40rem; margin: 3rem auto; padding: 0 1rem; line-height: 1.5; }
  button { font-size: 1rem; padding: .5rem 1rem; border-radius: .4rem; border: 1px solid #1a1a1a; background: #fff; cursor: pointer; }
  button.primary { background: #1a1a1a; color: #fff; }
  #consent { position: fixed; inset: auto 1rem 1rem; padding: 1rem; border-radius: .5rem; background: #f3f3f3; box-shadow: 0 2px 8px #0003; }
  #consent[hidden] { display: none; }
</style>
<script>
${shopifyStandIn(DEMO_SHOP_DOMAIN)}
</script>
${embed}
</head>
<body>
<header><strong>svc demo store</strong> (a Shopify storefront stand-in) · <a href="/app/tests/${DEMO_SHOPIFY_TEST_ID}">results</a></header>
<main>
  <h1 id="product-title">${DEMO_PRODUCT.title}</h1>
  <p id="price">${price}</p>
  <p>Wheel-thrown stoneware, 350 ml, dishwasher safe.</p>
  <p><button id="add" type="button">Add to cart</button> <button id="buy" class="primary" type="button">Buy</button></p>
  <p id="status" role="status" aria-live="polite"></p>
</main>
<div id="consent" role="region" aria-label="Cookie consent" hidden>
  <p>We use cookies and similar technologies for analytics and to improve the store.</p>
  <button id="accept" class="primary" type="button">Accept</button> <button id="decline" type="button">Decline</button>
</div>
<script>
${storeScript(DEMO_PRODUCT.variantId)}
</script>
</body>
</html>
`;
}
