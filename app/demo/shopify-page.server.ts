// The demo Shopify storefront's HTML: the mug's product page (/demo/shopify), the bowl's whose price a price test
// tests (/demo/shopify/products/stoneware-bowl), the collection grid of both (/demo/shopify/collections/all), the cart
// page (/demo/shopify/cart, drawn from the cart after svc's discount) and an about page no test targets
// (/demo/shopify/pages/about), whose heads carry what the real app embed block prints (rendered with liquidjs
// from extensions/svc-embed, with the hide plan of the demo shop's running tests as its svc.hide metafield),
// after a stand-in of the globals Shopify's storefront provides: `window.Shopify` with `loadFeatures` and the
// Customer Privacy API. The shopper answers a small consent banner, adds a product to the cart (/cart/add.js)
// and buys it (the demo checkout, which sends the app its orders/paid webhook), and may refund the order
// (its refunds/create webhook). The real web pixel runs in a stand-in of Shopify's pixel runtime
// (shopify-pixel.server.ts), and the page publishes the standard events a store's would: product_viewed,
// product_added_to_cart, checkout_started and checkout_completed.
import { DEMO_SHOP_DOMAIN, DEMO_SHOPIFY_SITE_ID, DEMO_SHOPIFY_TEST_ID } from "./constants";
import { DEMO_CATALOG, DEMO_PRICED_PRODUCT, DEMO_PRODUCT, demoCarts, type CartJson, type DemoProduct } from "./cart.server";
import { demoCartJson } from "./cart-discount.server";
import { formatMoney, PRICE_ATTRIBUTE, PRICE_LIST_ATTRIBUTE } from "~/wire/price-display";
import { hidePlanOfShop } from "~/services/shopify/hide-metafield.server";
import { renderAppEmbed } from "./render-app-embed.server";
import { demoPixelTag } from "./shopify-pixel.server";

/**
 * The demo storefront's pages: where each is served and its Shopify template type. The mug's product page, the
 * bowl's (whose price the demo's price test tests), the collection grid of both, the cart page, and an about page.
 */
export const DEMO_STOREFRONT_PAGES = {
  product: { path: "/demo/shopify", template: "product" },
  bowl: { path: "/demo/shopify/products/stoneware-bowl", template: "product" },
  collection: { path: "/demo/shopify/collections/all", template: "collection" },
  cart: { path: "/demo/shopify/cart", template: "cart" },
  about: { path: "/demo/shopify/pages/about", template: "page" },
} as const;

/** The shop's money format, as `shop.money_format` gives it to Liquid (the demo shop sells in USD). */
export const DEMO_MONEY_FORMAT = "${{amount}}";
const money = (cents: number) => formatMoney(cents, DEMO_MONEY_FORMAT) ?? "";

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
    // The shopper's currency and its rate from the shop's: the demo shop sells in its own currency only.
    currency: { active: "USD", rate: "1.0" },
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

/**
 * The store's own script: the banner, the cart drawer and the buy button. The drawer is drawn from /cart.js as a
 * theme's is: each line's and the cart's prices as the cart answers them, after svc's discount.
 */
function storeScript(product: DemoProduct): string {
  const variantId = product.variantId;
  return `(() => {
  const $ = (id) => document.getElementById(id);
  const say = (text) => { $("status").textContent = text; };
  const post = (url, body) => fetch(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) }).then((r) => r.json());
  const money = (cents) => "$" + (cents / 100).toFixed(2).replace(/\\B(?=(\\d{3})+(?!\\d))/g, ",");
  const drawer = (c) => {
    const el = $("cart-drawer");
    if (!el || !c.item_count) return;
    el.replaceChildren(...c.items.map((item) => {
      const li = document.createElement("li");
      li.dataset.variant = item.variant_id;
      li.append(item.title + " × " + item.quantity + " ");
      const price = document.createElement("span");
      price.className = "drawer-price";
      price.textContent = money(item.final_line_price);
      li.append(price);
      return li;
    }));
    const total = document.createElement("li");
    total.className = "drawer-total";
    total.textContent = "Total " + money(c.total_price);
    el.append(total);
    el.hidden = false;
  };
  const showCart = () => fetch("/cart.js").then((r) => r.json()).then((c) => { say("Cart: " + c.item_count + (c.item_count === 1 ? " item" : " items")); drawer(c); });
  // Shopify's standard events, as a store publishes them to its pixels (the stand-in's svcDemoPixel).
  const pixel = (name, data) => window.svcDemoPixel ? window.svcDemoPixel.publish(name, data) : Promise.resolve();
  const variant = { id: "gid://shopify/ProductVariant/${variantId}", title: "Default", price: { amount: ${product.price / 100}, currencyCode: "USD" } };
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
  const { cart, setCookie } = demoCarts.open(request.headers.get("Cookie"));
  const headers = new Headers({ "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" });
  if (setCookie) headers.set("Set-Cookie", setCookie);
  // The cart page is drawn from the cart as Shopify's cart template is: its prices after svc's discount.
  const contents = page === "cart" ? await demoCartJson(cart) : undefined;
  return new Response(await renderDemoShopifyStorefront(new URL(request.url).origin, page, contents), { headers });
}

/** A product's page: its title, its price element tagged for price tests (`data-svc-price`), the cart's buttons and drawer. */
function productMain(product: DemoProduct, ids: { title: string; price: string }): string {
  return `<main>
  <h1 id="${ids.title}">${product.title}</h1>
  <p id="${ids.price}"><span ${PRICE_ATTRIBUTE}="${product.variantId}" ${PRICE_LIST_ATTRIBUTE}="${product.price}">${money(product.price)}</span></p>
  <p>Wheel-thrown stoneware, ${product === DEMO_PRODUCT ? "350 ml" : "15 cm"}, dishwasher safe.</p>
  <p><button id="add" type="button">Add to cart</button> <button id="buy" class="primary" type="button">Buy</button> <button id="refund" type="button" hidden>Refund the order</button></p>
  <p id="status" role="status" aria-live="polite"></p>
  <ul id="cart-drawer" aria-label="Cart" hidden></ul>
</main>`;
}

/** The page's main content; the cart page's from the cart's contents. */
function mainOf(page: DemoStorefrontPage, cart?: CartJson): string {
  if (page === "bowl") return productMain(DEMO_PRICED_PRODUCT, { title: "bowl-title", price: "bowl-price" });
  if (page === "collection") {
    const cards = DEMO_CATALOG.map((product) => {
      const href = product === DEMO_PRODUCT ? DEMO_STOREFRONT_PAGES.product.path : DEMO_STOREFRONT_PAGES.bowl.path;
      return `<li class="card" data-product="${product.productId}"><a href="${href}">${product.title}</a> <span class="card-price" ${PRICE_ATTRIBUTE}="${product.variantId}" ${PRICE_LIST_ATTRIBUTE}="${product.price}">${money(product.price)}</span></li>`;
    });
    return `<main>
  <h1 id="collection-title">All products</h1>
  <ul id="grid">
  ${cards.join("\n  ")}
  </ul>
  <p id="status" role="status" aria-live="polite"></p>
</main>`;
  }
  if (page === "cart") {
    const lines = (cart?.items ?? []).map(
      (item) =>
        `<li class="cart-line" data-variant="${item.variant_id}">${item.title} × ${item.quantity} ` +
        (item.line_level_total_discount > 0 ? `<s class="line-original">${money(item.original_line_price)}</s> ` : "") +
        `<span class="line-price">${money(item.final_line_price)}</span></li>`,
    );
    return `<main>
  <h1 id="cart-title">Your cart</h1>
  <ul id="cart-lines">${lines.join("")}</ul>
  <p id="cart-total">Total ${money(cart?.total_price ?? 0)}</p>
  <p><button id="buy" class="primary" type="button">Check out</button> <button id="refund" type="button" hidden>Refund the order</button></p>
  <p id="status" role="status" aria-live="polite"></p>
</main>`;
  }
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
export async function renderDemoShopifyStorefront(baseUrl: string, page: DemoStorefrontPage = "product", cart?: CartJson): Promise<string> {
  const { path, template } = DEMO_STOREFRONT_PAGES[page];
  const hide = await hidePlanOfShop(DEMO_SHOP_DOMAIN);
  const embed = renderAppEmbed({
    app: { metafields: { svc: { base_url: { value: baseUrl }, site_id: { value: DEMO_SHOPIFY_SITE_ID }, hide: { value: hide } } } },
    shop: { permanent_domain: DEMO_SHOP_DOMAIN, money_format: DEMO_MONEY_FORMAT },
    template: { name: template },
    request: { design_mode: false, path, locale: { iso_code: "en" } },
    localization: { market: { handle: "us" } },
    cart: { currency: { iso_code: "USD" } },
    // The demo store has no customer accounts: every shopper is a guest.
    customer: null,
  }).trim();
  const title = { product: DEMO_PRODUCT.title, bowl: DEMO_PRICED_PRODUCT.title, collection: "All products", cart: "Your cart", about: "About the studio" }[page];
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
<header><strong>svc demo store</strong> (a Shopify storefront stand-in) · <a href="${DEMO_STOREFRONT_PAGES.collection.path}">all products</a> · <a href="${DEMO_STOREFRONT_PAGES.cart.path}">cart</a> · <a href="${DEMO_STOREFRONT_PAGES.about.path}">about</a> · <a href="/app/tests/${DEMO_SHOPIFY_TEST_ID}">results</a></header>
${mainOf(page, cart)}
<div id="consent" role="region" aria-label="Cookie consent" hidden>
  <p>We use cookies and similar technologies for analytics and to improve the store.</p>
  <button id="accept" class="primary" type="button">Accept</button> <button id="decline" type="button">Decline</button>
</div>
<script>
${storeScript(page === "bowl" ? DEMO_PRICED_PRODUCT : DEMO_PRODUCT)}
</script>
</body>
</html>
`;
}
