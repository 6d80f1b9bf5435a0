// The demo cart's prices after svc's discount, as a Shopify cart answers them: svc's Discount Function
// (extensions/svc-offers/src/run.ts, imported: the very code Shopify runs) on the demo cart's lines and its `_svc_vid`
// attribute, with the metafields' texts svc writes on its discount for the demo shop's tests. The cart (/cart.js, the
// cart page) and the demo checkout both read the cart through here, so what the shopper sees there is what is charged.
import { cartLinesDiscountsGenerateRun, type CartLinesInput, type CartLinesResult } from "../../extensions/svc-offers/src/run";
import { OFFER_TITLE, wantedOfferShards } from "~/services/shopify/offer-discount.server";
import { OFFER_ATTRIBUTE, OFFER_COLLECTION_SLOTS, OFFER_SHARD_KEYS, slotVariable } from "~/wire/offers";
import { DEMO_SHOP_DOMAIN } from "./constants";
import { cartJson, demoCollectionsOf, type Cart, type CartDiscounts, type CartJson } from "./cart.server";

/** The demo store's one currency is the shop's: Shopify's rate is then 1. */
const SHOP_RATE = "1.0";

const lineGid = (variantId: number) => `gid://shopify/CartLine/${variantId}`;
const money = (cents: number) => (cents / 100).toFixed(2);

/**
 * What Shopify answers for each collection slot on a product (`c<i>: inAnyCollection(ids: $c<i>)`), from the variables
 * metafield's text (after the shards) and the demo store's collections.
 */
function slotAnswers(productGid: string, variables: string | undefined): Record<string, boolean> {
  const values = (variables ? JSON.parse(variables) : {}) as Record<string, unknown>;
  const own = demoCollectionsOf(productGid);
  return Object.fromEntries(
    Array.from({ length: OFFER_COLLECTION_SLOTS }, (_, i) => {
      const ids = values[slotVariable(i)];
      return [slotVariable(i), Array.isArray(ids) && ids.some((id) => own.includes(id as string))];
    }),
  );
}

/** The Function's input (src/cart-lines.graphql's shape) for a cart and the discount's metafields' texts (OFFER_METAFIELD_KEYS' order). */
export function functionInput(cart: CartJson, shards: readonly string[]): CartLinesInput {
  const json = (i: number) => (shards[i] === undefined ? null : { jsonValue: JSON.parse(shards[i]!) as unknown });
  const variables = shards[OFFER_SHARD_KEYS.length];
  const vid = cart.attributes[OFFER_ATTRIBUTE];
  return {
    cart: {
      attribute: vid === undefined ? null : { value: vid },
      lines: cart.items.map((item) => ({
        id: lineGid(item.variant_id),
        quantity: item.quantity,
        cost: { amountPerQuantity: { amount: money(item.original_price) }, subtotalAmount: { amount: money(item.original_line_price) } },
        merchandise: {
          __typename: "ProductVariant",
          id: `gid://shopify/ProductVariant/${item.variant_id}`,
          product: { id: `gid://shopify/Product/${item.product_id}`, ...slotAnswers(`gid://shopify/Product/${item.product_id}`, variables) },
        },
      })),
    },
    discount: { discountClasses: ["PRODUCT", "ORDER", "SHIPPING"], metafield: json(0), offers2: json(1), offers3: json(2), offers4: json(3) },
    presentmentCurrencyRate: SHOP_RATE,
  };
}

/**
 * What the Function's operations take off each line, in cents for the whole line, as Shopify applies them: every
 * product candidate (selection ALL), each capped at what is left of its line; then the largest order candidate
 * (selection MAXIMUM) on what the lines have left, spread over them by that share (the last line takes the rounding).
 */
export function lineDiscounts(cart: CartJson, result: CartLinesResult): Map<number, number> {
  const left = new Map(cart.items.map((item) => [lineGid(item.variant_id), { id: item.variant_id, unit: item.original_price, quantity: item.quantity, cents: item.original_line_price }]));
  const taken = new Map<number, number>();
  const take = (line: { id: number; cents: number }, cents: number) => {
    const off = Math.min(line.cents, Math.max(0, Math.round(cents)));
    line.cents -= off;
    taken.set(line.id, (taken.get(line.id) ?? 0) + off);
  };
  for (const operation of result.operations) {
    if (!("productDiscountsAdd" in operation)) continue;
    for (const candidate of operation.productDiscountsAdd.candidates) {
      for (const target of candidate.targets) {
        const line = left.get(target.cartLine.id);
        if (!line) continue;
        const value = candidate.value;
        if ("percentage" in value) take(line, (line.unit * line.quantity * Number(value.percentage.value)) / 100);
        else {
          const cents = Number(value.fixedAmount.amount) * 100;
          take(line, value.fixedAmount.appliesToEachItem ? Math.min(cents, line.unit) * line.quantity : cents);
        }
      }
    }
  }
  const lines = [...left.values()];
  const subtotal = lines.reduce((sum, line) => sum + line.cents, 0);
  let best = 0;
  for (const operation of result.operations) {
    if (!("orderDiscountsAdd" in operation)) continue;
    for (const { value } of operation.orderDiscountsAdd.candidates) {
      best = Math.max(best, "percentage" in value ? (subtotal * Number(value.percentage.value)) / 100 : Number(value.fixedAmount.amount) * 100);
    }
  }
  const total = Math.min(subtotal, Math.round(best));
  let order = total;
  lines.forEach((line, i) => {
    const share = i === lines.length - 1 ? order : Math.round((total * line.cents) / (subtotal || 1));
    const off = Math.min(order, share, line.cents);
    take(line, off);
    order -= off;
  });
  return taken;
}

/**
 * The title each discounted line's discount shows (the message of the Function's first candidate that takes off
 * it, or of the order candidate that does): what Shopify's cart and checkout show beside it.
 */
export function lineTitles(cart: CartJson, result: CartLinesResult, taken: ReadonlyMap<number, number>): Map<number, string> {
  const titles = new Map<number, string>();
  const byGid = new Map(cart.items.map((item) => [lineGid(item.variant_id), item.variant_id]));
  let order: { message: string; cents: number } | null = null;
  for (const operation of result.operations) {
    if ("productDiscountsAdd" in operation) {
      for (const candidate of operation.productDiscountsAdd.candidates) {
        for (const target of candidate.targets) {
          const id = byGid.get(target.cartLine.id);
          if (id !== undefined && !titles.has(id)) titles.set(id, candidate.message);
        }
      }
    } else {
      // The largest order candidate is the one applied (selection MAXIMUM): lines it alone took from show its title.
      for (const candidate of operation.orderDiscountsAdd.candidates) {
        const cents = "percentage" in candidate.value ? Number(candidate.value.percentage.value) : Number(candidate.value.fixedAmount.amount) * 100;
        if (!order || cents > order.cents) order = { message: candidate.message, cents };
      }
    }
  }
  for (const [id, cents] of taken) if (cents > 0 && !titles.has(id) && order) titles.set(id, order.message);
  return titles;
}

/** The discounts svc's Function gives the cart now; undefined when the demo shop's tests carry no offer. */
export async function demoCartDiscounts(cart: Cart): Promise<CartDiscounts | undefined> {
  const plain = cartJson(cart);
  if (plain.items.length === 0) return undefined;
  const shards = await wantedOfferShards(DEMO_SHOP_DOMAIN);
  if (!shards) return undefined;
  const result = cartLinesDiscountsGenerateRun(functionInput(plain, shards));
  const lines = lineDiscounts(plain, result);
  return { title: OFFER_TITLE, lines, titles: lineTitles(plain, result, lines) };
}

/** /cart.js for the demo cart: its prices after svc's discount, as Shopify's cart answers them. */
export async function demoCartJson(cart: Cart): Promise<CartJson> {
  return cartJson(cart, await demoCartDiscounts(cart));
}
