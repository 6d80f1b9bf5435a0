// The demo Shopify storefront's HTML: a product page (/demo/shopify) and an about page no test targets
// (/demo/shopify/pages/about), whose heads carry what the real app embed block prints (rendered with liquidjs
// from extensions/svc-embed, with the hide plan of the demo shop's running tests as its svc.hide metafield),
// after a stand-in of the globals Shopify's storefront provides: `window.Shopify` with `loadFeatures` and the
// Customer Privacy API. The shopper answers a small consent banner, adds the mug to the cart (/cart/add.js)
// and buys it (the demo checkout, which sends the app its orders/paid webhook), and may refund the order
// (its refunds/create webhook). The real web pixel runs in a stand-in of Shopify's pixel runtime
// (shopify-pixel.server.ts), and the page publishes the standard events a store's would: product_viewed,
// product_added_to_cart, checkout_started and checkout_completed.
import { DEMO_SHOP_DOMAIN, DEMO_SHOPIFY_SITE_ID, DEMO_SHOPIFY_TEST_ID } from "./constants";
import { DEMO_PRODUCT, demoCarts } from "./cart.server";
import { hidePlanOfShop } from "~/services/shopify/hide-metafield.server";
import { renderAppEmbed } from "./render-app-embed.server";
import { demoPixelTag } from "./shopify-pixel.server";

/** The demo storefront's pages: where each is served and its Shopify template type. */
export const DEMO_STOREFRONT_PAGES = {
  product: { path: "/demo/shopify", template: "product" },
  about: { path: "/demo/shopify/pages/about", template: "page" },
} as const;

export type DemoStorefrontPage = keyof typeof DEMO_STOREFRONT_PAGES;

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
  // Shopify's standard events, as a store publishes them to its pixels (the stand-in's svcDemoPixel).
  const pixel = (name, data) => window.svcDemoPixel ? window.svcDemoPixel.publish(name, data) : Promise.resolve();
  const variant = { id: "gid://shopify/ProductVariant/${variantId}", title: "Default", price: { amount: ${DEMO_PRODUCT.price / 100}, currencyCode: "USD" } };
  // Only the product page has the buttons and views the product.
  // After the deferred pixel has run (it loads like Shopify's sandboxed pixels: never blocking the page).
  if ($("add")) document.addEventListener("DOMContentLoaded", () => pixel("product_viewed", { productVariant: variant }));
  if ($("add")) $("add").onclick = () => post("/cart/add.js", { items: [{ id: ${variantId}, quantity: 1 }] })
    .then(() => pixel("product_added_to_cart", { cartLine: { quantity: 1, merchandise: variant } })).then(showCart);
  // The order to refund outlives a reload of the tab (as a store's order page would): kept in sessionStorage
  // until it is refunded, or the server no longer knows it (404) or refunded it already (409).
  const ORDER_KEY = "svc_demo_order";
  const remember = (order) => { try { order ? sessionStorage.setItem(ORDER_KEY, JSON.stringify({ id: order.id, name: order.name })) : sessionStorage.removeItem(ORDER_KEY); } catch (_) { /* storage off: this page view only */ } };
  let lastOrder = null;
  try { lastOrder = JSON.parse(sessionStorage.getItem(ORDER_KEY) || "null"); } catch (_) { lastOrder = null; }
  if (lastOrder && $("refund")) $("refund").hidden = false;
  if ($("buy")) $("buy").onclick = () => pixel("checkout_started", { checkout: { currencyCode: "USD" } })
    .then(() => post("/demo/shopify/checkout", {}))
    .then((r) => {
      say(r.order ? "Thank you! Order " + r.order.name + " placed (" + r.order.total_price + " " + r.order.currency + "); the webhook answered " + r.webhook : r.title);
      if (!r.order) return;
      lastOrder = r.order;
      remember(r.order);
      $("refund").hidden = false;
      return pixel("checkout_completed", { checkout: { currencyCode: r.order.currency, order: { id: "gid://shopify/OrderIdentity/" + r.order.id } } });
    });
  if ($("refund")) $("refund").onclick = () => lastOrder && post("/demo/shopify/refund", { order: lastOrder.id }).then((r) => {
    say(r.order ? "Order " + r.order.name + " refunded (" + r.refunded + " " + r.order.currency + "); the webhook answered " + r.webhook : r.title);
    if (r.order || r.status === 404 || r.status === 409) {
      lastOrder = null;
      remember(null);
      $("refund").hidden = true;
    }
  });
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

/**
 * The HTTP answer for a page: it opens the visitor's demo cart, as a Shopify storefront sets its cart
 * cookie, so the page's and the snippet's cart calls share one cart.
 */
export async function demoStorefrontResponse(request: Request, page: DemoStorefrontPage): Promise<Response> {
  const { setCookie } = demoCarts.open(request.headers.get("Cookie"));
  const headers = new Headers({ "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" });
  if (setCookie) headers.set("Set-Cookie", setCookie);
  return new Response(await renderDemoShopifyStorefront(new URL(request.url).origin, page), { headers });
}

/** The page's main content. */
function mainOf(page: DemoStorefrontPage): string {
  if (page === "about") {
    return `<main>
  <h1 id="about-title">About the studio</h1>
  <p id="about-text">Two potters, one kiln, and mugs made to be used every day.</p>
  <p><a href="${DEMO_STOREFRONT_PAGES.product.path}">See the stoneware mug</a></p>
  <p id="status" role="status" aria-live="polite"></p>
</main>`;
  }
  const price = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(DEMO_PRODUCT.price / 100);
  return `<main>
  <h1 id="product-title">${DEMO_PRODUCT.title}</h1>
  <p id="price">${price}</p>
  <p>Wheel-thrown stoneware, 350 ml, dishwasher safe.</p>
  <p><button id="add" type="button">Add to cart</button> <button id="buy" class="primary" type="button">Buy</button> <button id="refund" type="button" hidden>Refund the order</button></p>
  <p id="status" role="status" aria-live="polite"></p>
</main>`;
}

/**
 * A page of the demo storefront, as a Shopify theme with the app embed on would serve it: the embed is given
 * the hide plan built from the demo database's running tests, as the app would have written it on a store.
 */
export async function renderDemoShopifyStorefront(baseUrl: string, page: DemoStorefrontPage = "product"): Promise<string> {
  const { path, template } = DEMO_STOREFRONT_PAGES[page];
  const hide = await hidePlanOfShop(DEMO_SHOP_DOMAIN);
  const embed = renderAppEmbed({
    app: { metafields: { svc: { base_url: { value: baseUrl }, site_id: { value: DEMO_SHOPIFY_SITE_ID }, hide: { value: hide } } } },
    shop: { permanent_domain: DEMO_SHOP_DOMAIN },
    template: { name: template },
    request: { design_mode: false, path, locale: { iso_code: "en" } },
    localization: { market: { handle: "us" } },
    cart: { currency: { iso_code: "USD" } },
    // The demo store has no customer accounts: every shopper is a guest.
    customer: null,
  }).trim();
  const title = page === "about" ? "About the studio" : DEMO_PRODUCT.title;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<link rel="icon" href="data:,">
<title>${title} – svc demo store</title>
<style>
  body { font-family: system-ui, sans-serif; max-width: 40rem; margin: 3rem auto; padding: 0 1rem; line-height: 1.5; }
  button { font-size: 1rem; padding: .5rem 1rem; border-radius: .4rem; border: 1px solid #1a1a1a; background: #fff; cursor: pointer; }
  button.primary { background: #1a1a1a; color: #fff; }
  #consent { position: fixed; inset: auto 1rem 1rem; padding: 1rem; border-radius: .5rem; background: #f3f3f3; box-shadow: 0 2px 8px #0003; }
  #consent[hidden], button[hidden] { display: none; }
</style>
<script>
${shopifyStandIn(DEMO_SHOP_DOMAIN)}
</script>
${embed}
${demoPixelTag(baseUrl)}
</head>
<body>
<header><strong>svc demo store</strong> (a Shopify storefront stand-in) · <a href="${DEMO_STOREFRONT_PAGES.about.path}">about</a> · <a href="/app/tests/${DEMO_SHOPIFY_TEST_ID}">results</a></header>
${mainOf(page)}
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
