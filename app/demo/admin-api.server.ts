// The demo's stand-in of the Shopify Admin API: the demo has no Shopify, so this answers the reads a merchant trying
// the demo should see at work (rollouts, its products' unit costs and collections), in the Admin API's documented
// shape, and refuses every other query. The demo's start hands it out where a shop's Admin API would be (app/shopify.server.ts), so the
// same code as a real shop's warns of a rollout beside a test and shows a demo purchase's profit.
import { ROLLOUTS_QUERY } from "~/domain/shopify/rollouts";
import { VARIANT_COSTS_QUERY, variantGid } from "~/domain/shopify/variant-cost";
import type { AdminGraphql, GraphqlResult } from "~/infra/admin-graphql";
import { installAdminApiStandIn } from "~/shopify.server";
import { DEMO_CURRENCY, DEMO_PRICED_PRODUCT, DEMO_PRODUCT, demoCollectionsOf } from "./cart.server";

/** The demo shop's one Shopify Rollout: a scheduled theme rollout, which the Shopify storefront's test is warned of. */
export const DEMO_ROLLOUT = {
  id: "gid://shopify/Rollout/1001",
  name: "Winter theme",
  status: "SCHEDULED",
  trafficAllocation: 20,
  effectiveTrafficAllocation: 20,
  treatments: [
    { split: 50, changes: { nodes: [] } },
    { split: 50, changes: { nodes: [{ __typename: "RolloutThemePublishChange", theme: { id: "gid://shopify/OnlineStoreTheme/2002", name: "Winter 2026" } }] } },
  ],
} as const;

/** What the stoneware mug costs the demo shop (it sells for 20.00). */
export const DEMO_UNIT_COST = { amount: "8.00", currencyCode: DEMO_CURRENCY } as const;
/** What the stoneware bowl costs the demo shop (it lists at 30.00; its price test's cheaper arm sells it for less). */
export const DEMO_PRICED_UNIT_COST = { amount: "12.00", currencyCode: DEMO_CURRENCY } as const;

const COSTS: ReadonlyMap<string, { amount: string; currencyCode: string }> = new Map<string, { amount: string; currencyCode: string }>([
  [variantGid(String(DEMO_PRODUCT.variantId)), DEMO_UNIT_COST],
  [variantGid(String(DEMO_PRICED_PRODUCT.variantId)), DEMO_PRICED_UNIT_COST],
]);

/** The variant cost query's answer: `nodes` in the order of the ids asked, null for an unknown id. */
function variantCosts(variables: Record<string, unknown> | undefined): GraphqlResult {
  const ids = Array.isArray(variables?.ids) ? (variables.ids as unknown[]) : [];
  const nodes = ids.map((id) => {
    const unitCost = typeof id === "string" ? COSTS.get(id) : undefined;
    return unitCost ? { id, inventoryItem: { unitCost } } : null;
  });
  return { data: { nodes }, errors: [] };
}

/** The orders check's read of the products' collections (collection-membership.ts): `k<i>: inCollection(id: $k<i>)`. */
function productCollections(query: string, variables: Record<string, unknown> | undefined): GraphqlResult {
  const ids = Array.isArray(variables?.ids) ? (variables.ids as unknown[]) : [];
  const aliases = [...query.matchAll(/(\w+): inCollection\(id: \$(\w+)\)/g)];
  const nodes = ids.map((id) => {
    if (typeof id !== "string" || !DEMO_PRODUCT_GIDS.has(id)) return null;
    const own = demoCollectionsOf(id);
    return { id, ...Object.fromEntries(aliases.map(([, alias, name]) => [alias, own.includes(variables?.[name!] as string)])) };
  });
  return { data: { nodes }, errors: [] };
}
const DEMO_PRODUCT_GIDS = new Set([DEMO_PRODUCT.productId, DEMO_PRICED_PRODUCT.productId].map((id) => `gid://shopify/Product/${id}`));

export const demoAdminApi: AdminGraphql = async (query, variables) => {
  if (query.includes("query SvcProductCollections(")) return productCollections(query, variables);
  if (query === ROLLOUTS_QUERY) return { data: { rollouts: { nodes: [DEMO_ROLLOUT] } }, errors: [] };
  if (query === VARIANT_COSTS_QUERY) return variantCosts(variables);
  return { data: null, errors: [{ message: "The local demo has no Shopify Admin API" }] };
};

/** Hands the stand-in out where a shop's Admin API would be, for the rest of the process (demo mode only). */
export function installDemoAdminApi(): void {
  installAdminApiStandIn(demoAdminApi);
}
