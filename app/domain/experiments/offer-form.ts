// What an arm charges at Shopify's checkout as the test form edits it (docs/offers.md, "In the test form"): the
// offer's kind and its fields as text, parsed into the offer svc's discount serves (app/wire/offers.ts), or field
// errors; and the form values of a stored offer.
import { MAX_BXGY_UNITS, MAX_OFFER_COLLECTIONS, parseOffer, type Offer } from "~/wire/offers";

export const OFFER_KINDS = ["none", "price", "percentPrice", "products", "order", "shipping", "bxgy"] as const;
export type OfferKind = (typeof OFFER_KINDS)[number];

/** Each kind in the admin's words (the form's menu). */
export const OFFER_KIND_LABELS: Record<OfferKind, string> = {
  none: "List price (no offer)",
  price: "A price per variant",
  percentPrice: "A percentage off the list price of these variants",
  products: "Off products",
  order: "Off the order",
  shipping: "Off shipping",
  bxgy: "Buy X, get Y",
};

/** One arm's offer as the form edits it: every kind's fields as text, only those of `kind` are read. */
export interface OfferDraft {
  kind: OfferKind;
  /** products, order: a percentage or an amount off. */
  by: "percent" | "amount";
  /** products, order: the percentage or amount; shipping: the percentage off (100: free shipping). */
  value: string;
  /** order, shipping: the order subtotal from which it applies ("": from the first item). */
  minimum: string;
  /** products: the products it applies to, ids separated by commas, spaces or lines ("": every product, with no collection). */
  products: string;
  /** products: the collections whose products it applies to too; bxgy: the collections to buy from (ids, as products). */
  collections: string;
  /** price: one variant a line, "variant id: price". */
  prices: string;
  /** percentPrice: the variants it prices, ids separated by commas, spaces or lines (`value`: the percentage off). */
  variants: string;
  /** bxgy: the units to buy (X) of `products`, the units to get (Y), and the products got ("": the same ones). */
  buyQuantity: string;
  getQuantity: string;
  getProducts: string;
  /** bxgy: the collections whose products are got ("" with no products got: the same as bought). */
  getCollections: string;
}

export const emptyOffer = (): OfferDraft => ({
  kind: "none", by: "percent", value: "", minimum: "", products: "", collections: "", prices: "", variants: "", buyQuantity: "", getQuantity: "", getProducts: "", getCollections: "",
});

/** A price test past this many variants outgrows the discount's four metafields (docs/offers.md, "Shards"). */
export const MAX_PRICED_VARIANTS = 800;
/** Products one offer may name. */
export const MAX_OFFER_PRODUCTS = 250;
/** The largest amount a form accepts (the tables hold 14 digits before the point). */
const MAX_AMOUNT = 1_000_000_000;

const NUMBER = /^\d+(\.\d{1,4})?$/;
const GID = (type: string) => new RegExp(`^gid://shopify/${type}/(\\d{1,20})$`);
const NUMERIC_ID = /^\d{1,20}$/;

/** A Shopify id as a GID of `type`, from the GID or its number (what the admin's URL shows); null otherwise. */
function gidOf(type: "Product" | "ProductVariant" | "Collection", text: string): string | null {
  const id = NUMERIC_ID.test(text) ? text : GID(type).exec(text)?.[1];
  return id ? `gid://shopify/${type}/${id}` : null;
}

/** A money amount or percentage typed in the form; null when it is not a plain non-negative number. */
function number(text: string): number | null {
  const trimmed = text.trim();
  return NUMBER.test(trimmed) ? Number(trimmed) : null;
}

/** A test's discount title, in characters: checkout shows it in the order summary beside the amount taken off. */
export const MAX_OFFER_TITLE_LENGTH = 60;
/** Control characters, and the bidirectional overrides and isolates that would show checkout's text reordered. */
const UNSHOWABLE = /[\p{Cc}\u202a-\u202e\u2066-\u2069]/u;

/**
 * The discount title a test's form gives (what checkout shows beside its arms' discounts), trimmed: null when
 * empty (svc's default), or why it is refused. Refused rather than cut or cleaned, as a name is: the merchant
 * sees what checkout would show.
 */
export function parseOfferTitle(text: string): { ok: true; title: string | null } | { ok: false; error: string } {
  const title = text.trim();
  if (title === "") return { ok: true, title: null };
  const length = [...title].length;
  if (length > MAX_OFFER_TITLE_LENGTH) return { ok: false, error: `Keep the title to ${MAX_OFFER_TITLE_LENGTH} characters or fewer (this one has ${length})` };
  if (UNSHOWABLE.test(title)) return { ok: false, error: "Use letters, digits, spaces and punctuation only: no line breaks, tabs or other control characters" };
  return { ok: true, title };
}

export type OfferParse = { ok: true; offer: Offer | null } | { ok: false; errors: Record<string, string> };

/**
 * The offer an arm's draft describes (null: the list price), or errors keyed by field ("value", "prices", …).
 * An absent draft (a form from before offers) is the list price.
 */
export function parseOfferDraft(draft: unknown): OfferParse {
  if (draft === undefined || draft === null) return { ok: true, offer: null };
  const d = draft as Partial<Record<keyof OfferDraft, unknown>>;
  if (typeof d !== "object" || !OFFER_KINDS.includes(d.kind as OfferKind)) return { ok: false, errors: { kind: "Choose what this arm charges" } };
  const text = (key: keyof OfferDraft) => (typeof d[key] === "string" ? (d[key] as string) : "");
  const errors: Record<string, string> = {};
  const minimum = (): number | undefined => {
    if (text("minimum").trim() === "") return undefined;
    const value = number(text("minimum"));
    if (value === null || value > MAX_AMOUNT) errors.minimum = "Enter the order subtotal as an amount, like 50 or 49.99, or leave it empty";
    return value ?? undefined;
  };
  const percentOrAmount = (): { percent: number } | { amount: number } | null => {
    const value = number(text("value"));
    if (d.by === "amount") {
      if (value === null || value <= 0 || value > MAX_AMOUNT) errors.value = "Enter the amount off, more than 0, like 5 or 4.99";
      return value === null ? null : { amount: value };
    }
    if (value === null || value <= 0 || value > 100) errors.value = "Enter a percentage off, more than 0 and at most 100";
    return value === null ? null : { percent: value };
  };
  /** Product ids typed in `field` as GIDs ([] when empty), or null with its error. */
  const productIds = (field: "products" | "getProducts"): string[] | null => {
    const ids = text(field).split(/[\s,]+/).filter((id) => id !== "");
    const products = ids.map((id) => gidOf("Product", id));
    if (ids.length > MAX_OFFER_PRODUCTS) errors[field] = `Name at most ${MAX_OFFER_PRODUCTS} products (this arm names ${ids.length})`;
    else if (products.some((p) => p === null)) errors[field] = "Name products by their id (the number in the product's admin address), separated by commas";
    else if (new Set(products).size !== products.length) errors[field] = "A product is named twice";
    else return products as string[];
    return null;
  };
  /** Collection ids typed in `field` as GIDs ([] when empty), or null with its error. */
  const collectionIds = (field: "collections" | "getCollections"): string[] | null => {
    const ids = text(field).split(/[\s,]+/).filter((id) => id !== "");
    const collections = ids.map((id) => gidOf("Collection", id));
    if (ids.length > MAX_OFFER_COLLECTIONS) errors[field] = `Name at most ${MAX_OFFER_COLLECTIONS} collections (this arm names ${ids.length})`;
    else if (collections.some((c) => c === null)) errors[field] = "Name collections by their id (the number in the collection's admin address), separated by commas";
    else if (new Set(collections).size !== collections.length) errors[field] = "A collection is named twice";
    else return collections as string[];
    return null;
  };
  /** A whole number of units from 1 to MAX_BXGY_UNITS typed in `field`, or null with `message`. */
  const count = (field: "buyQuantity" | "getQuantity", message: string): number | null => {
    const value = Number(text(field).trim());
    if (/^\d+$/.test(text(field).trim()) && value >= 1 && value <= MAX_BXGY_UNITS) return value;
    errors[field] = `${message} to ${MAX_BXGY_UNITS}`;
    return null;
  };
  let offer: Offer | null = null;
  switch (d.kind as OfferKind) {
    case "none":
      return { ok: true, offer: null };
    case "price": {
      const prices: Record<string, number> = {};
      const lines = text("prices").split(/\r?\n/).map((l) => l.trim()).filter((l) => l !== "");
      if (lines.length === 0) errors.prices = "List each variant's price on a line of its own, like 44810745389307: 19.99";
      else if (lines.length > MAX_PRICED_VARIANTS) errors.prices = `Keep to ${MAX_PRICED_VARIANTS} variants or fewer (this arm lists ${lines.length})`;
      else {
        for (const [i, line] of lines.entries()) {
          const match = /^(\S+?)\s*[:=\s]\s*(\d+(?:\.\d+)?)$/.exec(line);
          const variant = match ? gidOf("ProductVariant", match[1]!) : null;
          const price = match ? number(match[2]!) : null;
          if (!variant || price === null || price > MAX_AMOUNT) {
            errors.prices = `Line ${i + 1} is not "variant id: price" (like 44810745389307: 19.99)`;
            break;
          }
          if (variant in prices) {
            errors.prices = `Line ${i + 1} names a variant listed before it`;
            break;
          }
          prices[variant] = price;
        }
      }
      offer = { k: "price", prices };
      break;
    }
    case "percentPrice": {
      const value = number(text("value"));
      if (value === null || value <= 0 || value >= 100) errors.value = "Enter the percentage off the list price, more than 0 and under 100";
      const ids = text("variants").split(/[\s,]+/).filter((id) => id !== "");
      const variants = ids.map((id) => gidOf("ProductVariant", id));
      if (ids.length === 0) errors.variants = "Name the variants this arm prices, by their id (the number at the end of the variant's admin address)";
      else if (ids.length > MAX_PRICED_VARIANTS) errors.variants = `Keep to ${MAX_PRICED_VARIANTS} variants or fewer (this arm names ${ids.length})`;
      else if (variants.some((v) => v === null)) errors.variants = "Name variants by their id (the number at the end of the variant's admin address), separated by commas";
      else if (new Set(variants).size !== variants.length) errors.variants = "A variant is named twice";
      offer = value === null ? null : { k: "price", by: "percent", prices: Object.fromEntries((variants as string[]).map((v) => [v, value])) };
      break;
    }
    case "products": {
      const share = percentOrAmount();
      const products = productIds("products");
      const collections = collectionIds("collections");
      offer = share && products && collections && { k: "products", ...share, ...(products.length > 0 ? { products } : {}), ...(collections.length > 0 ? { collections } : {}) };
      break;
    }
    case "bxgy": {
      const buy = productIds("products");
      const buyCollections = collectionIds("collections");
      if (buy?.length === 0 && buyCollections?.length === 0) errors.products = "Name the products to buy, or their collections";
      const get = productIds("getProducts");
      if (buy && get?.some((p) => buy.includes(p))) errors.getProducts = "A product bought cannot also be the one got: leave this empty to give the same products";
      const getCollections = collectionIds("getCollections");
      if (buyCollections && getCollections?.some((c) => buyCollections.includes(c))) {
        errors.getCollections = "A collection bought from cannot also be the one got from: leave the products and collections got empty to give the same ones";
      }
      const x = count("buyQuantity", "Enter how many to buy, a whole number from 1");
      const y = count("getQuantity", "Enter how many to get, a whole number from 1");
      const value = number(text("value"));
      if (value === null || value <= 0 || value > 100) errors.value = "Enter a percentage off the units got, more than 0 and at most 100 (100 is free)";
      offer = buy && buyCollections && get && getCollections && x && y && value !== null
        ? {
          k: "bxgy", buy, ...(buyCollections.length > 0 ? { buyCollections } : {}), x,
          ...(get.length > 0 ? { get } : {}), ...(getCollections.length > 0 ? { getCollections } : {}), y, percent: value,
        }
        : null;
      break;
    }
    case "order": {
      const share = percentOrAmount();
      const from = minimum();
      offer = share && { k: "order", ...share, ...(from !== undefined ? { minimum: from } : {}) };
      break;
    }
    case "shipping": {
      const value = number(text("value"));
      if (value === null || value <= 0 || value > 100) errors.value = "Enter a percentage off shipping, more than 0 and at most 100 (100 is free shipping)";
      const from = minimum();
      offer = value === null ? null : { k: "shipping", percent: value, ...(from !== undefined ? { minimum: from } : {}) };
      break;
    }
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  // What is stored is what the Function reads back: an offer it would not parse is never saved.
  if (!offer || !parseOffer(offer)) return { ok: false, errors: { kind: "This offer cannot be charged; check its fields" } };
  return { ok: true, offer };
}

const decimal = (n: number) => String(n);
const idOf = (gid: string) => gid.slice(gid.lastIndexOf("/") + 1);

/** The form values of a stored offer (the inverse of parseOfferDraft); an unreadable one shows as the list price. */
export function offerToDraft(stored: unknown): OfferDraft {
  const offer = parseOffer(stored);
  const draft = emptyOffer();
  if (!offer) return draft;
  switch (offer.k) {
    case "price":
      if (offer.by === "percent") {
        return { ...draft, kind: "percentPrice", value: decimal(Object.values(offer.prices)[0] ?? 0), variants: Object.keys(offer.prices).map(idOf).join(", ") };
      }
      return { ...draft, kind: "price", prices: Object.entries(offer.prices).map(([variant, price]) => `${idOf(variant)}: ${decimal(price)}`).join("\n") };
    case "products":
    case "order": {
      const by = offer.amount !== undefined ? "amount" : "percent";
      const value = decimal(offer.amount ?? offer.percent ?? 0);
      if (offer.k === "products") {
        return { ...draft, kind: "products", by, value, products: (offer.products ?? []).map(idOf).join(", "), collections: (offer.collections ?? []).map(idOf).join(", ") };
      }
      return { ...draft, kind: "order", by, value, minimum: offer.minimum === undefined ? "" : decimal(offer.minimum) };
    }
    case "shipping":
      return { ...draft, kind: "shipping", value: decimal(offer.percent), minimum: offer.minimum === undefined ? "" : decimal(offer.minimum) };
    case "bxgy":
      return {
        ...draft, kind: "bxgy", value: decimal(offer.percent), products: offer.buy.map(idOf).join(", "), buyQuantity: String(offer.x),
        getQuantity: String(offer.y), getProducts: (offer.get ?? []).map(idOf).join(", "),
        collections: (offer.buyCollections ?? []).map(idOf).join(", "), getCollections: (offer.getCollections ?? []).map(idOf).join(", "),
      };
  }
}

/** What Shopify admin's product picker answers, as far as an offer reads it (App Bridge's `resourcePicker`). */
export interface PickedProduct {
  id: string;
  variants?: ReadonlyArray<{ id?: string; price?: string | number | null }>;
}

/**
 * The price lines after the merchant picks products: each picked variant not listed yet is added at its price in
 * Shopify (the list price, for the merchant to lower); lines already typed stay as they are.
 */
export function withPickedVariants(prices: string, picked: readonly PickedProduct[]): string {
  const lines = prices.split(/\r?\n/).map((l) => l.trim()).filter((l) => l !== "");
  const listed = new Set(lines.map((l) => gidOf("ProductVariant", l.split(/[\s:=]/)[0] ?? "")).filter((id) => id !== null));
  for (const variant of picked.flatMap((p) => p.variants ?? [])) {
    const id = variant.id ? gidOf("ProductVariant", variant.id) : null;
    if (!id || listed.has(id)) continue;
    listed.add(id);
    lines.push(`${idOf(id)}: ${variant.price ?? ""}`.trim());
  }
  return lines.join("\n");
}

/** The product ids after the merchant picks products: the typed ones, then each picked one not named yet. */
export function withPickedProducts(products: string, picked: readonly PickedProduct[]): string {
  const ids = products.split(/[\s,]+/).filter((id) => id !== "");
  const named = new Set(ids.map((id) => gidOf("Product", id)));
  for (const product of picked) {
    const id = gidOf("Product", product.id);
    if (!id || named.has(id)) continue;
    named.add(id);
    ids.push(idOf(id));
  }
  return ids.join(", ");
}

/** What Shopify admin's collection picker answers, as far as an offer reads it. */
export interface PickedCollection {
  id: string;
}

/** The collection ids after the merchant picks collections: the typed ones, then each picked one not named yet. */
export function withPickedCollections(collections: string, picked: readonly PickedCollection[]): string {
  const ids = collections.split(/[\s,]+/).filter((id) => id !== "");
  const named = new Set(ids.map((id) => gidOf("Collection", id)));
  for (const choice of picked) {
    const id = gidOf("Collection", choice.id);
    if (!id || named.has(id)) continue;
    named.add(id);
    ids.push(idOf(id));
  }
  return ids.join(", ");
}

/** The variant ids after the merchant picks products: the typed ones, then each picked product's variants not named yet. */
export function withPickedVariantIds(variants: string, picked: readonly PickedProduct[]): string {
  const ids = variants.split(/[\s,]+/).filter((id) => id !== "");
  const named = new Set(ids.map((id) => gidOf("ProductVariant", id)));
  for (const variant of picked.flatMap((p) => p.variants ?? [])) {
    const id = variant.id ? gidOf("ProductVariant", variant.id) : null;
    if (!id || named.has(id)) continue;
    named.add(id);
    ids.push(idOf(id));
  }
  return ids.join(", ");
}
