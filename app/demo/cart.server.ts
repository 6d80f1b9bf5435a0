// The local demo's Shopify cart: the subset of Shopify's AJAX Cart API (/cart.js, /cart/add.js,
// /cart/update.js) that the demo storefront (/demo/shopify), the snippet's `_svc_sid` cart attribute and
// the demo checkout use, in Shopify's shapes, with the prices after svc's discount when given them. A `cart` cookie names the cart; carts live in this
// process's memory, at most MAX_CARTS of them (the least recently used goes first): it is a demo.
import { randomBytes } from "node:crypto";
import { z } from "zod";
import { parseWith } from "~/domain/parse-result";
import { fail, ok, type Outcome, type Problem } from "~/services/outcome";

/** A product of the demo store, priced in cents like Shopify's cart. */
export interface DemoProduct {
  readonly variantId: number;
  readonly productId: number;
  readonly title: string;
  readonly price: number;
}

/** The demo store's mug, which its headline test shows. */
export const DEMO_PRODUCT = { variantId: 40000000000001, productId: 8000000000001, title: "Stoneware mug", price: 2000 } as const;
/** The demo store's bowl, whose price its price test tests (seed.server.ts). */
export const DEMO_PRICED_PRODUCT = { variantId: 40000000000002, productId: 8000000000002, title: "Stoneware bowl", price: 3000 } as const;
/** Every product of the demo store, in its collection's order. */
export const DEMO_CATALOG: readonly DemoProduct[] = [DEMO_PRODUCT, DEMO_PRICED_PRODUCT];
/** The demo store's collections: its bowls, for an offer on a collection (a product's membership is fixed here). */
export const DEMO_COLLECTIONS: ReadonlyArray<{ readonly id: string; readonly title: string; readonly productIds: readonly number[] }> = [
  { id: "gid://shopify/Collection/6000000000001", title: "Bowls", productIds: [DEMO_PRICED_PRODUCT.productId] },
];
/** The demo collections a product (by GID) is in. */
export const demoCollectionsOf = (productGid: string): string[] => DEMO_COLLECTIONS.filter((c) => c.productIds.some((id) => `gid://shopify/Product/${id}` === productGid)).map((c) => c.id);
export const DEMO_CURRENCY = "USD";
const CATALOG = new Map<number, DemoProduct>(DEMO_CATALOG.map((product) => [product.variantId, product]));

export const CART_COOKIE = "cart";
export const MAX_CARTS = 1000;
export const MAX_CART_BODY_BYTES = 16 * 1024;
const MAX_QUANTITY = 99;
const MAX_LINES_PER_ADD = 20;
const MAX_ATTRIBUTES = 50;
/** Shopify keeps the cart cookie for 14 days. */
const COOKIE_MAX_AGE_S = 14 * 24 * 3600;
const TOKEN = /^[0-9a-f]{32}$/;

export interface Cart {
  readonly token: string;
  /** Variant id → quantity, in the order first added. */
  readonly lines: Map<number, number>;
  readonly attributes: Map<string, string>;
}

/** A line of /cart.js (a subset of Shopify's fields). */
export interface CartLineJson {
  id: number;
  variant_id: number;
  product_id: number;
  key: string;
  quantity: number;
  title: string;
  /** Cents, the list price (as `original_price`); the discounts are in `final_price` and `final_line_price`. */
  price: number;
  line_price: number;
  original_price: number;
  original_line_price: number;
  /** Per unit and for the line, after the line's discounts (svc's Discount Function): what the cart charges. */
  final_price: number;
  final_line_price: number;
  line_level_total_discount: number;
  line_level_discount_allocations: Array<{ amount: number; discount_application: { type: "automatic"; title: string } }>;
}

/** GET /cart.js (a subset of Shopify's fields); amounts in cents. */
export interface CartJson {
  token: string;
  item_count: number;
  items: CartLineJson[];
  /** Before and after the discounts, and their sum. */
  original_total_price: number;
  total_discount: number;
  total_price: number;
  currency: string;
  attributes: Record<string, string>;
}

export interface OpenedCart {
  cart: Cart;
  /** Set-Cookie for a cart made now; null when the request named a live one. */
  setCookie: string | null;
}

/** After checkout: the browser forgets the finished cart, and its next request starts a new one. */
export const CLEARED_CART_COOKIE = `${CART_COOKIE}=; Path=/; SameSite=Lax; Max-Age=0`;

const invalid = (issues: string[]): Problem => ({ status: 400, type: "invalid-cart-request", title: "The cart request is not valid", issues });

const variantId = z.union([z.number().int().positive(), z.string().regex(/^[1-9]\d{0,15}$/).transform(Number)]);
const quantity = z.union([z.number().int(), z.string().regex(/^\d{1,3}$/).transform(Number)]).pipe(z.number().min(1).max(MAX_QUANTITY));
const addSchema = z.preprocess(
  // Shopify takes one line as the body itself, or several as {items: [...]}.
  (body) => (typeof body === "object" && body !== null && !Array.isArray(body) && !("items" in body) ? { items: [body] } : body),
  z.strictObject({ items: z.array(z.strictObject({ id: variantId, quantity: quantity.optional() })).min(1).max(MAX_LINES_PER_ADD) }),
);
const updateSchema = z.strictObject({
  attributes: z.record(z.string().min(1).max(255), z.union([z.string().max(1000), z.number(), z.boolean(), z.null()])),
});

function parseJson(text: string): Outcome<unknown> {
  try {
    return ok(JSON.parse(text) as unknown);
  } catch {
    return fail(invalid(["body: not JSON"]));
  }
}

export function createCartStore(maxCarts = MAX_CARTS) {
  const carts = new Map<string, Cart>();

  /** The live cart the Cookie header names, now the most recently used; null for none. */
  function find(cookieHeader: string | null): Cart | null {
    const token = cookieValue(cookieHeader, CART_COOKIE);
    const cart = token !== null && TOKEN.test(token) ? carts.get(token) : undefined;
    if (!cart) return null;
    carts.delete(cart.token);
    carts.set(cart.token, cart);
    return cart;
  }

  return {
    find,

    /** The request's cart, or a new empty one (with the cookie that names it). */
    open(cookieHeader: string | null): OpenedCart {
      const found = find(cookieHeader);
      if (found) return { cart: found, setCookie: null };
      for (const oldest of carts.keys()) {
        if (carts.size < maxCarts) break;
        carts.delete(oldest);
      }
      const cart: Cart = { token: randomBytes(16).toString("hex"), lines: new Map(), attributes: new Map() };
      carts.set(cart.token, cart);
      return { cart, setCookie: `${CART_COOKIE}=${cart.token}; Path=/; SameSite=Lax; Max-Age=${COOKIE_MAX_AGE_S}` };
    },

    /** POST /cart/add.js: all lines or none; answers the added lines as they now are, like Shopify. */
    add(cart: Cart, body: string): Outcome<{ items: CartLineJson[] }> {
      const json = parseJson(body);
      if (!json.ok) return json;
      const parsed = parseWith(addSchema, json.value);
      if (!parsed.ok) return fail(invalid(parsed.issues));
      const next = new Map(cart.lines);
      for (const line of parsed.value.items) {
        if (!CATALOG.has(line.id)) {
          return fail({ status: 422, type: "unknown-variant", title: "No such product variant", detail: `Variant ${line.id} is not sold here.` });
        }
        const total = (next.get(line.id) ?? 0) + (line.quantity ?? 1);
        if (total > MAX_QUANTITY) {
          return fail({ status: 422, type: "cart-full", title: "The cart cannot take that many", detail: `At most ${MAX_QUANTITY} of an item.` });
        }
        next.set(line.id, total);
      }
      for (const [id, count] of next) cart.lines.set(id, count);
      const added = new Set(parsed.value.items.map((line) => line.id));
      return ok({ items: lineItems(cart).filter((line) => added.has(line.id)) });
    },

    /** POST /cart/update.js with {attributes}: merged into the cart's; "" (or null) removes a key, as in Shopify. */
    update(cart: Cart, body: string): Outcome<CartJson> {
      const json = parseJson(body);
      if (!json.ok) return json;
      const parsed = parseWith(updateSchema, json.value);
      if (!parsed.ok) return fail(invalid(parsed.issues));
      const next = new Map(cart.attributes);
      for (const [key, value] of Object.entries(parsed.value.attributes)) {
        if (value === "" || value === null) next.delete(key);
        else next.set(key, String(value));
      }
      if (next.size > MAX_ATTRIBUTES) {
        return fail({ status: 422, type: "cart-full", title: "The cart cannot take that many attributes", detail: `At most ${MAX_ATTRIBUTES}.` });
      }
      cart.attributes.clear();
      for (const [key, value] of next) cart.attributes.set(key, value);
      return ok(cartJson(cart));
    },

    /** The checkout took the cart: it is gone (see CLEARED_CART_COOKIE). */
    close(cart: Cart): void {
      carts.delete(cart.token);
    },

    get size(): number {
      return carts.size;
    },
  };
}

export type CartStore = ReturnType<typeof createCartStore>;

/** The process's demo carts. */
export const demoCarts: CartStore = createCartStore();

/**
 * What the discount took off each line, in cents for the whole line, by variant id, with the title checkout shows
 * beside each line's discount (`titles`, the Function's message; a line not in it: `title`).
 */
export interface CartDiscounts {
  title: string;
  lines: ReadonlyMap<number, number>;
  titles?: ReadonlyMap<number, string>;
}

/** The cart as /cart.js answers it; with `discounts` (cart-discount.server.ts), its prices after them, as Shopify's cart. */
export function cartJson(cart: Cart, discounts?: CartDiscounts): CartJson {
  const items = lineItems(cart, discounts);
  const original = items.reduce((sum, line) => sum + line.original_line_price, 0);
  const total = items.reduce((sum, line) => sum + line.final_line_price, 0);
  return {
    token: cart.token,
    item_count: items.reduce((sum, line) => sum + line.quantity, 0),
    items,
    original_total_price: original,
    total_discount: original - total,
    total_price: total,
    currency: DEMO_CURRENCY,
    attributes: Object.fromEntries(cart.attributes),
  };
}

function lineItems(cart: Cart, discounts?: CartDiscounts): CartLineJson[] {
  return [...cart.lines].flatMap(([id, count]) => {
    const product = CATALOG.get(id);
    if (!product) return [];
    const linePrice = product.price * count;
    const off = Math.min(linePrice, Math.max(0, Math.round(discounts?.lines.get(id) ?? 0)));
    return [
      {
        id,
        variant_id: id,
        product_id: product.productId,
        key: `${id}:${cart.token.slice(0, 8)}`,
        quantity: count,
        title: product.title,
        price: product.price,
        line_price: linePrice,
        original_price: product.price,
        original_line_price: linePrice,
        final_price: Math.round((linePrice - off) / count),
        final_line_price: linePrice - off,
        line_level_total_discount: off,
        line_level_discount_allocations: off > 0 && discounts ? [{ amount: off, discount_application: { type: "automatic", title: discounts.titles?.get(id) ?? discounts.title } }] : [],
      },
    ];
  });
}

/** The value of cookie `name` in a Cookie header, or null. */
export function cookieValue(header: string | null, name: string): string | null {
  for (const part of (header ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}
