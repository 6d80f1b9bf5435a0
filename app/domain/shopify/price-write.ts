// Writing a price test's winning prices to the shop's products (docs/offers.md, "Writing the winner's prices"): the
// query that reads each variant's product and current prices, what to write per product, and the mutation.
import { z } from "zod";
import { MAX_VARIANTS_PER_QUERY } from "./variant-cost";

/** The scope the write needs: optional (shopify.app.toml), asked of the merchant only when they write prices. */
export const WRITE_PRODUCTS_SCOPE = "write_products";

/** Each variant's product, price and compare-at price (read_products). */
export const VARIANT_PRICES_QUERY = `#graphql
  query SvcVariantPrices($ids: [ID!]!) {
    nodes(ids: $ids) {
      ... on ProductVariant { id price compareAtPrice product { id } }
    }
  }`;

/** One product's variants at their new prices (write_products); the compare-at price is left as it is. */
export const WRITE_PRICES_MUTATION = `#graphql
  mutation SvcWritePrices($productId: ID!, $variants: [ProductVariantsBulkInput!]!) {
    productVariantsBulkUpdate(productId: $productId, variants: $variants) {
      productVariants { id price }
      userErrors { field message }
    }
  }`;

/** The variant ids of `prices` in batches `nodes(ids:)` takes. */
export function variantBatches(prices: Readonly<Record<string, number>>): string[][] {
  const ids = Object.keys(prices);
  const batches: string[][] = [];
  for (let i = 0; i < ids.length; i += MAX_VARIANTS_PER_QUERY) batches.push(ids.slice(i, i + MAX_VARIANTS_PER_QUERY));
  return batches;
}

const money = z.union([z.string().regex(/^\d{1,14}(\.\d+)?$/).transform(Number), z.number().nonnegative()]);
const answer = z.object({
  nodes: z.array(
    z.object({ id: z.string(), price: money, compareAtPrice: money.nullish(), product: z.object({ id: z.string() }) }).partial().nullable(),
  ),
});

export interface VariantPrice {
  id: string;
  productId: string;
  price: number;
  compareAtPrice: number | null;
}

/** The asked variants the answer knows, in order; null when the answer is not the query's shape. */
export function readVariantPrices(data: unknown, asked: readonly string[]): VariantPrice[] | null {
  const parsed = answer.safeParse(data);
  if (!parsed.success || parsed.data.nodes.length !== asked.length) return null;
  return parsed.data.nodes.flatMap((node, i) =>
    node && node.id === asked[i] && node.product?.id && node.price !== undefined
      ? [{ id: asked[i]!, productId: node.product.id, price: node.price, compareAtPrice: node.compareAtPrice ?? null }]
      : [],
  );
}

/** What writing a winner's prices changed (the service's answer, and what the results page says of it). */
export interface PricesWritten {
  /** Variants whose price was changed, over how many products. */
  written: number;
  products: number;
  unchanged: number;
  /** Variants of the winning arm the shop no longer has. */
  missing: number;
  /** Variants that show a compare-at price above their new price (the EU's prior-price rule applies). */
  comparedAt: number;
  /** Products Shopify refused, with why; their variants keep their old price. */
  refused: Array<{ productId: string; message: string }>;
}

export interface PriceWritePlan {
  /** Per product, its variants at their new price (Shopify's money as a decimal string). */
  writes: Array<{ productId: string; variants: Array<{ id: string; price: string }> }>;
  /** Variants already at their winning price. */
  unchanged: string[];
  /** Variants of the winning arm the shop no longer has. */
  missing: string[];
  /**
   * Variants that show a compare-at price above their new price: the storefront announces a reduction, which in
   * the EU must name the lowest price of the 30 days before it (docs/offers.md).
   */
  comparedAt: string[];
}

// As Shopify takes money (a decimal string), to the 4 places an offer keeps; "24" and "24.00" are one price.
const decimal = (n: number) => String(Math.round(n * 10_000) / 10_000);

/** The decimals a currency's amounts take (JPY 0, USD 2, KWD 3); 2 for a code this runtime does not know. */
export function currencyDecimals(currency: string): number {
  try {
    return new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/**
 * A percentage arm's prices (`by: "percent"`: each variant's value the percentage off) as unit prices: each variant's
 * list price as the shop has it now (`current`) less the percentage, rounded to the currency's smallest unit. A
 * variant the shop no longer has is left out. Unit prices (no `by`) are answered as they are.
 */
export function unitPricesOf(offer: { prices: Readonly<Record<string, number>>; by?: "percent" }, current: readonly VariantPrice[], currency: string): Record<string, number> {
  if (offer.by !== "percent") return { ...offer.prices };
  const unit = 10 ** currencyDecimals(currency);
  const list = new Map(current.map((v) => [v.id, v.price]));
  const prices: Record<string, number> = {};
  for (const [id, percent] of Object.entries(offer.prices)) {
    const price = list.get(id);
    if (price !== undefined) prices[id] = Math.round(price * (1 - percent / 100) * unit) / unit;
  }
  return prices;
}

/** What writing `prices` (the winning arm's, by variant GID) changes, from the variants as the shop has them now. */
export function planPriceWrite(prices: Readonly<Record<string, number>>, current: readonly VariantPrice[]): PriceWritePlan {
  const byId = new Map(current.map((v) => [v.id, v]));
  const plan: PriceWritePlan = { writes: [], unchanged: [], missing: [], comparedAt: [] };
  const byProduct = new Map<string, Array<{ id: string; price: string }>>();
  for (const [id, price] of Object.entries(prices)) {
    const variant = byId.get(id);
    if (!variant) {
      plan.missing.push(id);
      continue;
    }
    if (variant.compareAtPrice !== null && variant.compareAtPrice > price) plan.comparedAt.push(id);
    if (decimal(variant.price) === decimal(price)) {
      plan.unchanged.push(id);
      continue;
    }
    const list = byProduct.get(variant.productId) ?? [];
    list.push({ id, price: decimal(price) });
    byProduct.set(variant.productId, list);
  }
  plan.writes = [...byProduct.entries()].map(([productId, variants]) => ({ productId, variants }));
  return plan;
}
