// The demo shop's Shopify Rollouts: the demo has no Admin API, so this answers svc's rollouts query in the
// Admin API's documented shape with one scheduled theme rollout, and a merchant trying the demo sees how a
// rollout beside a test on the Shopify storefront is warned of. Nothing else of the Admin API is answered.
import { ROLLOUTS_QUERY } from "~/domain/shopify/rollouts";
import type { AdminGraphql } from "~/infra/admin-graphql";

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

export const demoRolloutsGraphql: AdminGraphql = async (query) =>
  query === ROLLOUTS_QUERY
    ? { data: { rollouts: { nodes: [DEMO_ROLLOUT] } }, errors: [] }
    : { data: null, errors: [{ message: "The local demo has no Shopify Admin API" }] };
