// The Discount Function's two targets: the visitor's arms from the cart attribute by the storefront's rule, and
// each arm's offer as the discount operations the Discount API takes (its schema: ../shared/shopify-functions).
import {
  bxgyUnits, collectionSlot, mergeOfferShards, offerTitleOf, offerVisitor, productsOfferTakes, slotVariable, type BxgyLine, type InCollections, type Offer,
  type OfferConfig,
} from "../../../app/wire/offers";
import { localAssignments } from "../../../app/wire/rules/local-plan";

type DiscountClass = "ORDER" | "PRODUCT" | "SHIPPING";

interface FunctionDiscount {
  discountClasses: DiscountClass[];
  metafield: { jsonValue: unknown } | null;
  /** Further shards, in OFFER_SHARD_KEYS' order (absent from an input built before shards). */
  offers2?: { jsonValue: unknown } | null;
  offers3?: { jsonValue: unknown } | null;
  offers4?: { jsonValue: unknown } | null;
}

/** The cart lines target's input (src/cart-lines.graphql). */
export interface CartLinesInput {
  cart: {
    attribute: { value: string | null } | null;
    lines: Array<{
      id: string;
      quantity: number;
      cost: { amountPerQuantity: { amount: string }; subtotalAmount: { amount: string } };
      /** `product.c<i>`: whether the product is in any of slot i's collections (absent from an input built before slots). */
      merchandise: { __typename: string; id?: string; product?: { id: string } & Partial<Record<string, unknown>> };
    }>;
  };
  discount: FunctionDiscount;
  presentmentCurrencyRate: string;
}

/** The delivery options target's input (src/delivery-options.graphql). */
export interface DeliveryOptionsInput {
  cart: { attribute: { value: string | null } | null; cost: { subtotalAmount: { amount: string } }; deliveryGroups: Array<{ id: string }> };
  discount: FunctionDiscount;
  presentmentCurrencyRate: string;
}

type Value = { percentage: { value: string } } | { fixedAmount: { amount: string } };
type ProductCandidate = { message: string; targets: Array<{ cartLine: { id: string; quantity?: number } }>; value: { percentage: { value: string } } | { fixedAmount: { amount: string; appliesToEachItem: boolean } } };
export type CartLinesResult = {
  operations: Array<
    | { productDiscountsAdd: { candidates: ProductCandidate[]; selectionStrategy: "ALL" } }
    | { orderDiscountsAdd: { candidates: Array<{ message: string; targets: Array<{ orderSubtotal: { excludedCartLineIds: string[] } }>; value: Value }>; selectionStrategy: "MAXIMUM" } }
  >;
};
export type DeliveryOptionsResult = {
  operations: Array<{ deliveryDiscountsAdd: { candidates: Array<{ message: string; targets: Array<{ deliveryGroup: { id: string } }>; value: Value }>; selectionStrategy: "ALL" } }>;
};

/** Money as the API's Decimal: at most two places, never negative. */
const decimal = (amount: number) => (Math.max(0, Math.round(amount * 100)) / 100).toFixed(2);

/**
 * The offers the visitor's arms carry, each with what checkout shows beside it (its test's title), and the
 * configuration; null without a visitor or a readable configuration.
 */
function offersFor(
  discount: FunctionDiscount,
  attribute: { value: string | null } | null,
): { config: OfferConfig; offers: Array<{ offer: Offer; message: string }> } | null {
  const config = mergeOfferShards([discount.metafield, discount.offers2, discount.offers3, discount.offers4].map((m) => m?.jsonValue ?? null));
  const vid = offerVisitor(attribute?.value);
  if (!config || !vid) return null;
  const offers = localAssignments(config.plan, vid).flatMap((a) => {
    const offer = config.offers[a.test]?.[a.arm];
    return offer ? [{ offer, message: offerTitleOf(config, a.test) }] : [];
  });
  return { config, offers };
}

/** cart.lines.discounts.generate.run: the arm's price, product and order discounts. */
export function cartLinesDiscountsGenerateRun(input: CartLinesInput): CartLinesResult {
  const found = offersFor(input.discount, input.cart.attribute);
  if (!found) return { operations: [] };
  const { config, offers } = found;
  const rate = Number(input.presentmentCurrencyRate) || 1;
  const classes = new Set(input.discount.discountClasses);
  const candidates: ProductCandidate[] = [];
  const orders: Array<{ message: string; targets: Array<{ orderSubtotal: { excludedCartLineIds: string[] } }>; value: Value }> = [];
  const subtotal = input.cart.lines.reduce((sum, line) => sum + Number(line.cost.subtotalAmount.amount), 0);
  const asLine = (line: CartLinesInput["cart"]["lines"][number]): BxgyLine => ({
    id: line.id, product: line.merchandise.product?.id ?? null, quantity: line.quantity, unitPrice: Number(line.cost.amountPerQuantity.amount),
  });
  // A collection set answers through its slot's alias; a set with no slot, or a product not answered, is in none.
  const products = new Map(input.cart.lines.map((line) => [line.id, line.merchandise.product]));
  // Each offer's set is looked up once, not once per line (a Function's instructions are counted).
  const slots = new Map<readonly string[], number>();
  const inCollections: InCollections = (line, collections) => {
    let slot = slots.get(collections);
    if (slot === undefined) slots.set(collections, (slot = collectionSlot(config, collections)));
    return slot >= 0 && products.get(line.id)?.[slotVariable(slot)] === true;
  };
  for (const { offer, message } of offers) {
    if (offer.k === "price" && classes.has("PRODUCT")) {
      for (const line of input.cart.lines) {
        const price = line.merchandise.id === undefined ? undefined : offer.prices[line.merchandise.id];
        if (price === undefined) continue;
        // A percentage of the list price: that percentage off the line, in whatever currency the cart charges.
        if (offer.by === "percent") {
          if (price > 0) candidates.push({ message, targets: [{ cartLine: { id: line.id } }], value: { percentage: { value: String(price) } } });
          continue;
        }
        // Down to the arm's price from the list price the cart charges; an arm price above it discounts nothing.
        const off = Number(line.cost.amountPerQuantity.amount) - price * rate;
        if (off >= 0.005) candidates.push({ message, targets: [{ cartLine: { id: line.id } }], value: { fixedAmount: { amount: decimal(off), appliesToEachItem: true } } });
      }
    } else if (offer.k === "products" && classes.has("PRODUCT")) {
      const lines = input.cart.lines.filter((line) => productsOfferTakes(offer, asLine(line), inCollections));
      if (lines.length === 0) continue;
      const value = offer.percent !== undefined
        ? { percentage: { value: String(offer.percent) } }
        : { fixedAmount: { amount: decimal((offer.amount ?? 0) * rate), appliesToEachItem: true } };
      candidates.push({ message, targets: lines.map((line) => ({ cartLine: { id: line.id } })), value });
    } else if (offer.k === "bxgy" && classes.has("PRODUCT")) {
      for (const [id, quantity] of bxgyUnits(offer, input.cart.lines.map(asLine), inCollections)) {
        candidates.push({ message, targets: [{ cartLine: { id, quantity } }], value: { percentage: { value: String(offer.percent) } } });
      }
    } else if (offer.k === "order" && classes.has("ORDER")) {
      if (subtotal < (offer.minimum ?? 0) * rate) continue;
      const value = offer.percent !== undefined ? { percentage: { value: String(offer.percent) } } : { fixedAmount: { amount: decimal((offer.amount ?? 0) * rate) } };
      orders.push({ message, targets: [{ orderSubtotal: { excludedCartLineIds: [] } }], value });
    }
  }
  const operations: CartLinesResult["operations"] = [];
  if (candidates.length > 0) operations.push({ productDiscountsAdd: { candidates, selectionStrategy: "ALL" } });
  if (orders.length > 0) operations.push({ orderDiscountsAdd: { candidates: orders, selectionStrategy: "MAXIMUM" } });
  return { operations };
}

/** cart.delivery-options.discounts.generate.run: the arm's shipping discount, from its threshold on. */
export function cartDeliveryOptionsDiscountsGenerateRun(input: DeliveryOptionsInput): DeliveryOptionsResult {
  const offers = offersFor(input.discount, input.cart.attribute)?.offers;
  if (!offers || !input.discount.discountClasses.includes("SHIPPING")) return { operations: [] };
  const rate = Number(input.presentmentCurrencyRate) || 1;
  const subtotal = Number(input.cart.cost.subtotalAmount.amount);
  const shipping = offers.flatMap(({ offer, message }) => (offer.k === "shipping" && subtotal >= (offer.minimum ?? 0) * rate ? [{ percent: offer.percent, message }] : []));
  if (shipping.length === 0 || input.cart.deliveryGroups.length === 0) return { operations: [] };
  // The best percentage, shown with its own test's title (the first such test's when two give the same).
  const best = shipping.reduce((a, b) => (b.percent > a.percent ? b : a));
  const candidates = input.cart.deliveryGroups.map((group) => ({
    message: best.message,
    targets: [{ deliveryGroup: { id: group.id } }],
    value: { percentage: { value: String(best.percent) } },
  }));
  return { operations: [{ deliveryDiscountsAdd: { candidates, selectionStrategy: "ALL" } }] };
}
