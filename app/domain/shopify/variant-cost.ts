// Variants' unit costs (InventoryItem.unitCost) as svc reads them through a shop's Admin API for profit:
// the query, its answer, and when a kept cost is too old to use.
import { z } from "zod";
import type { UnitCost } from "./order-lines";

/** A kept cost is read again once it is older than this: merchants change costs, rarely within a day. */
export const VARIANT_COST_MAX_AGE_MS = 24 * 3600 * 1000;

/** `nodes(ids:)` takes at most 250 ids; an order needing more has an unknown cost. */
export const MAX_VARIANTS_PER_QUERY = 250;

/** The one query svc sends: each variant's inventory item's unit cost (read_products: InventoryItem is readable with it since January 2025). */
export const VARIANT_COSTS_QUERY = `#graphql
  query SvcVariantCosts($ids: [ID!]!) {
    nodes(ids: $ids) {
      ... on ProductVariant { id inventoryItem { unitCost { amount currencyCode } } }
    }
  }`;

export const variantGid = (variantId: string) => `gid://shopify/ProductVariant/${variantId}`;

/** A kept cost, and when it was read. */
export interface KeptCost {
  variantId: string;
  cost: UnitCost;
  fetchedAt: Date;
}

/** The variants whose kept cost is missing or older than a day at `now`. */
export function variantsToRead(variantIds: readonly string[], kept: ReadonlyMap<string, KeptCost>, now: Date): string[] {
  return variantIds.filter((id) => {
    const k = kept.get(id);
    return !k || now.getTime() - k.fetchedAt.getTime() > VARIANT_COST_MAX_AGE_MS;
  });
}

const amount = z.union([z.string().regex(/^\d{1,14}(\.\d+)?$/).transform(Number), z.number().nonnegative().max(1e12)]);
const answer = z.object({
  nodes: z.array(
    z
      .object({
        id: z.string().optional(),
        inventoryItem: z.object({ unitCost: z.object({ amount, currencyCode: z.string().regex(/^[A-Z]{3}$/) }).nullish() }).nullish(),
      })
      .nullable(),
  ),
});

/**
 * Each asked variant's cost from the query's data, by its numeric id: null for a variant Shopify has no
 * cost for (none entered, or no such variant). Null for the whole answer when it is not the query's shape.
 */
export function readVariantCosts(data: unknown, asked: readonly string[]): Map<string, UnitCost> | null {
  const parsed = answer.safeParse(data);
  if (!parsed.success || parsed.data.nodes.length !== asked.length) return null;
  // nodes answers in the order of ids, null where an id names nothing.
  return new Map(
    asked.map((id, i) => {
      const node = parsed.data.nodes[i];
      const cost = node && node.id === variantGid(id) ? node.inventoryItem?.unitCost : null;
      return [id, cost ? { amount: Math.round(cost.amount * 1e4) / 1e4, currency: cost.currencyCode } : null];
    }),
  );
}
