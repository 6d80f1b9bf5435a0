// The storefront's price display for price tests (docs/offers.md, "Prices on the storefront"): the attributes a
// theme's price elements carry, what the app embed prints for the price bundle (snippet/src/price.ts), and the
// shop's money format applied as Shopify's themes apply it.

/** On a theme's price element: the variant's numeric id (`{{ variant.id }}`). Its text is the price svc replaces. */
export const PRICE_ATTRIBUTE = "data-svc-price";
export const PRICE_SELECTOR = `[${PRICE_ATTRIBUTE}]`;

/**
 * On the same element, for an arm priced as a percentage of the list price: the variant's list price in the
 * shopper's currency, in cents (`{{ variant.price }}`), which the arm's price is computed from. Without it such an
 * arm's price is not written: the list price shows, and checkout charges less, never more.
 */
export const PRICE_LIST_ATTRIBUTE = "data-svc-list";

/**
 * Written on the price elements by the arm's own patch (an `attr` patch the site config adds to every arm with a
 * price offer), with the arm's id: the core snippet decides the arm, with its consent, holdout, preview and plan
 * rules, and the price bundle only reads what it decided.
 */
export const PRICE_ARM_ATTRIBUTE = "data-svc-price-arm";

/**
 * The embed's second hiding style, on pages a price test covers: the core snippet's reveal leaves it alone (it
 * is not HIDE_ATTRIBUTE), and the price bundle turns it off once the price is written. Same animation name and
 * length as the core's (HIDE_ANIMATION, HIDE_TIMEOUT_MS), so whichever of the two styles holds an element, its
 * one animation runs from the first paint and ends by CSS alone.
 */
export const PRICE_HIDE_ATTRIBUTE = "data-svc-price-hide";

/** `<script type="application/json" data-svc-prices>`: a JSON array of ArmPrices, one per price test of the page. */
export const PRICES_ATTRIBUTE = "data-svc-prices";

/** On the price bundle's script tag: the shop's money format (`{{ shop.money_format }}`, e.g. `${{amount}}`). */
export const MONEY_FORMAT_ATTRIBUTE = "data-svc-money";

/**
 * Arm id → the variant's numeric id → the arm's unit price, in the shop's currency (Offer `price` in app/wire/offers.ts);
 * a negative value −p is an arm priced p% below the list price (`by: "percent"`), from PRICE_LIST_ATTRIBUTE. One
 * number either way keeps the price bundle's code and the plan's text small.
 */
export type ArmPrices = Record<string, Record<string, number>>;

/**
 * The text a price element shows for its arm's value (ArmPrices), or null to leave it: a price times the shopper's
 * currency `rate`; a percentage off the list price the element carries in cents (already the shopper's currency).
 */
export function armPriceText(value: number | undefined, listCents: string | null, rate: number, format: string): string | null {
  if (value === undefined) return null;
  if (value >= 0) return formatMoney(Math.round(value * rate * 100), format);
  return listCents && /^\d+$/.test(listCents) ? formatMoney(Math.round(Number(listCents) * (1 + value / 100)), format) : null;
}

/**
 * `cents` in the format Shopify's money formats use: `{{amount}}` (1,234.56), `{{amount_no_decimals}}` (1,235),
 * `{{amount_with_comma_separator}}` (1.234,56), `{{amount_no_decimals_with_comma_separator}}` (1.235),
 * `{{amount_with_apostrophe_separator}}` (1'234.56), `{{amount_with_space_separator}}` (1 234,56),
 * `{{amount_no_decimals_with_space_separator}}` (1 235), `{{amount_with_period_and_space_separator}}` (1 234.56).
 * The format's other text is kept as it is. Null when it names no amount: the caller then leaves the price alone.
 */
export function formatMoney(cents: number, format: string): string | null {
  const match = /\{\{\s*(\w+)\s*\}\}/.exec(format);
  if (!match) return null;
  const [thousands, decimal, places] = SEPARATORS[match[1]!] ?? [",", ".", 2];
  const [whole, fraction] = (Math.round(cents) / 100).toFixed(places).split(".");
  const grouped = whole!.replace(/\B(?=(\d{3})+(?!\d))/g, thousands);
  return format.replace(match[0], fraction ? grouped + decimal + fraction : grouped);
}

/** Each amount placeholder's thousands separator, decimal separator and decimals. */
const SEPARATORS: Record<string, [string, string, number]> = {
  amount: [",", ".", 2],
  amount_no_decimals: [",", ".", 0],
  amount_with_comma_separator: [".", ",", 2],
  amount_no_decimals_with_comma_separator: [".", ",", 0],
  amount_with_apostrophe_separator: ["'", ".", 2],
  amount_with_space_separator: [" ", ",", 2],
  amount_no_decimals_with_space_separator: [" ", ",", 0],
  amount_with_period_and_space_separator: [" ", ".", 2],
};
