// The demo shop's unit costs: the demo has no Admin API, so this answers svc's variant cost query in the
// Admin API's documented shape (`nodes` in the order of the ids asked, null for an unknown id), giving the
// demo's one product a cost, and a demo purchase shows profit through the same code as a real shop's.
import { VARIANT_COSTS_QUERY, variantGid } from "~/domain/shopify/variant-cost";
import type { AdminGraphql } from "~/infra/admin-graphql";
import { DEMO_CURRENCY, DEMO_PRODUCT } from "./cart.server";

/** What the stoneware mug costs the demo shop (it sells for 20.00). */
export const DEMO_UNIT_COST = { amount: "8.00", currencyCode: DEMO_CURRENCY } as const;

const COSTS: ReadonlyMap<string, typeof DEMO_UNIT_COST> = new Map([[variantGid(String(DEMO_PRODUCT.variantId)), DEMO_UNIT_COST]]);

export const demoVariantCostsGraphql: AdminGraphql = async (query, variables) => {
  if (query !== VARIANT_COSTS_QUERY) return { data: null, errors: [{ message: "The local demo has no Shopify Admin API" }] };
  const ids = Array.isArray(variables?.ids) ? (variables.ids as unknown[]) : [];
  const nodes = ids.map((id) => {
    const unitCost = typeof id === "string" ? COSTS.get(id) : undefined;
    return unitCost ? { id, inventoryItem: { unitCost } } : null;
  });
  return { data: { nodes }, errors: [] };
};
