// The price bundle (snippet/dist/snippet-price.js): loaded by the app embed only on pages a price test covers, it
// writes the arm's price into every price element the core snippet marked with its arm (or, for an arm priced as a
// percentage, that share off the list price the element carries), in the shop's money format and the shopper's
// currency, and then ends its own hiding style. It decides nothing: the core snippet's marker
// patch says which arm the visitor saw (docs/offers.md, "Prices on the storefront"). Any error puts every price
// back and shows the page as without svc.
import { HIDE_ATTRIBUTE, HIDE_TIMEOUT_MS } from "../../app/wire/hide";
import {
  armPriceText,
  MONEY_FORMAT_ATTRIBUTE,
  PRICE_ARM_ATTRIBUTE,
  PRICE_ATTRIBUTE,
  PRICE_HIDE_ATTRIBUTE,
  PRICE_LIST_ATTRIBUTE,
  PRICE_SELECTOR,
  PRICES_ATTRIBUTE,
  type ArmPrices,
} from "../../app/wire/price-display";

const doc = document;
/** Each element whose text this bundle replaced: its text before, and the text written. */
const written = new Map<Element, [before: string, after: string]>();
let observer: MutationObserver | undefined;
let failed = false;

const priceStyles = () => doc.querySelectorAll<HTMLStyleElement>(`head>[${PRICE_HIDE_ATTRIBUTE}]`);
/** Whether a core hiding style still hides: until the core snippet reveals, the arm it shows may not be marked yet. */
const coreHiding = () => [...doc.querySelectorAll<HTMLStyleElement | HTMLLinkElement>(`head>[${HIDE_ATTRIBUTE}]`)].some((el) => !el.disabled);

function showAsWithoutSvc(): void {
  failed = true;
  observer?.disconnect();
  for (const [el, [before, after]] of written) if (el.textContent === after) el.textContent = before;
  written.clear();
  for (const el of priceStyles()) el.disabled = true;
}

function start(): void {
  const script = doc.currentScript;
  const prices: ArmPrices = Object.assign({}, ...(JSON.parse(doc.querySelector(`script[${PRICES_ATTRIBUTE}]`)!.textContent!) as ArmPrices[]));
  const format = script?.getAttribute(MONEY_FORMAT_ATTRIBUTE) || "${{amount}}";
  // Shopify's rate from the shop's currency to the shopper's, as the Discount Function converts the arm's price.
  const rate = Number((window as { Shopify?: { currency?: { rate?: unknown } } }).Shopify?.currency?.rate) || 1;

  const pass = () => {
    for (const el of doc.querySelectorAll(PRICE_SELECTOR)) {
      const arm = el.getAttribute(PRICE_ARM_ATTRIBUTE);
      const price = arm === null ? undefined : prices[arm]?.[el.getAttribute(PRICE_ATTRIBUTE)!];
      const held = written.get(el);
      const text = armPriceText(price, el.getAttribute(PRICE_LIST_ATTRIBUTE), rate, format);
      if (text === null) {
        // The marker is gone (the arm no longer applies): the theme's own text comes back, unless the theme wrote another.
        if (held && el.textContent === held[1]) el.textContent = held[0];
        written.delete(el);
      } else if (el.textContent !== text) {
        // A theme that re-renders the price (a variant picked) writes its list price again: that is the new "before".
        written.set(el, [held && el.textContent === held[1] ? held[0] : el.textContent ?? "", text]);
        el.textContent = text;
      }
    }
  };
  const safely = () => {
    if (failed) return;
    try {
      pass();
    } catch {
      showAsWithoutSvc();
    }
  };
  // Microtasks after the core snippet marks an element, or the theme changes a price: before anything paints.
  observer = new MutationObserver(safely);
  observer.observe(doc.documentElement, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: [PRICE_ARM_ATTRIBUTE, PRICE_ATTRIBUTE, PRICE_LIST_ATTRIBUTE] });
  pass();
  // Each frame before it paints: once the core snippet has revealed (it marks the arm's elements first, in the same
  // task), or its hiding has timed out, the prices here are final and this style ends too.
  const frame = () => {
    if (failed) return;
    try {
      pass();
      if (!coreHiding() || performance.now() >= HIDE_TIMEOUT_MS) for (const el of priceStyles()) el.disabled = true;
      else requestAnimationFrame(frame);
    } catch {
      showAsWithoutSvc();
    }
  };
  frame();
}

try {
  start();
} catch {
  try {
    showAsWithoutSvc();
  } catch {
    // Nothing more can be undone: the style's own animation shows the prices by CSS alone.
  }
}
