// What a paid order cost the shop, worked out when its webhook arrives and before its transaction: its
// variants' unit costs from the shop's kept costs, the missing or stale ones read in one Admin API query and
// kept. Any failure of the Admin API leaves the order's cost unknown (counted apart, never guessed); the
// order itself always counts.
import type { PaidOrder } from "~/domain/shopify/order";
import { costedVariants, isSubscriptionOrder, orderUnits, orderCost, type OrderProfitFacts, type UnitCost } from "~/domain/shopify/order-lines";
import { MAX_VARIANTS_PER_QUERY, readVariantCosts, variantGid, variantsToRead, VARIANT_COSTS_QUERY } from "~/domain/shopify/variant-cost";
import { describeErrors, type AdminGraphql } from "~/infra/admin-graphql";
import { findVariantCosts, saveVariantCosts } from "~/models/shopify/variant-cost.server";

/** The shop's Admin API from its offline session (or the demo's stand-in); null when there is none. */
export type ShopAdmin = (shopDomain: string) => Promise<AdminGraphql | null>;

/** No Admin API at all: every variant not kept has an unknown cost. */
export const NO_ADMIN: ShopAdmin = async () => null;

/**
 * Shopify gives a webhook 5 seconds before it counts as failed and is sent again: the cost may take at most
 * this long, and is unknown after it.
 */
export const COST_LOOKUP_TIMEOUT_MS = 2_500;

export async function orderProfitFacts(
  shop: { id: string; domain: string },
  order: PaidOrder,
  admin: ShopAdmin,
  now = new Date(),
): Promise<OrderProfitFacts> {
  const isSubscription = isSubscriptionOrder(order.lines);
  const units = orderUnits(order.lines);
  // A test order never counts, so its cost is not worth a request.
  if (order.isTest) return { cost: null, isSubscription, units };
  const variants = costedVariants(order.lines);
  if (variants.length > MAX_VARIANTS_PER_QUERY) return { cost: null, isSubscription, units };
  const kept = await findVariantCosts(shop.id, variants);
  const costs = new Map<string, UnitCost>();
  for (const [id, k] of kept) costs.set(id, k.cost);
  const stale = variantsToRead(variants, kept, now);
  if (stale.length > 0) {
    for (const id of stale) costs.delete(id);
    const read = await readFromAdmin(shop.domain, stale, admin);
    if (read) {
      await saveVariantCosts(shop.id, read, now);
      for (const [id, cost] of read) costs.set(id, cost);
    }
  }
  return { cost: orderCost(order.lines, costs, order.currency), isSubscription, units };
}

/** The variants' costs from the shop's Admin API in one query, or null (logged) when it cannot answer. */
async function readFromAdmin(shopDomain: string, variantIds: string[], admin: ShopAdmin): Promise<Map<string, UnitCost> | null> {
  const fail = (why: string) => {
    console.warn(`[svc] unit costs of ${shopDomain} could not be read (${why}): the order's cost is unknown`);
    return null;
  };
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<"timeout">((resolve) => (timer = setTimeout(() => resolve("timeout"), COST_LOOKUP_TIMEOUT_MS)));
  try {
    const answer = await Promise.race([ask(shopDomain, variantIds, admin), timeout]);
    if (answer === "timeout") return fail(`no answer within ${COST_LOOKUP_TIMEOUT_MS} ms`);
    if (answer === null) return fail("no Admin API session");
    if (answer.errors.length > 0) return fail(describeErrors(answer.errors));
    return readVariantCosts(answer.data, variantIds) ?? fail("an answer of another shape");
  } catch (error) {
    return fail(error instanceof Response ? `the Admin API answered ${error.status}` : error instanceof Error ? error.message : String(error));
  } finally {
    clearTimeout(timer);
  }
}

async function ask(shopDomain: string, variantIds: string[], admin: ShopAdmin) {
  const graphql = await admin(shopDomain);
  return graphql ? graphql(VARIANT_COSTS_QUERY, { ids: variantIds.map(variantGid) }) : null;
}
