// The shop's Shopify Rollouts beside its tests: read through the Admin API (read_rollouts) when a test's page
// is opened, kept a minute per shop (a rollouts webhook drops it at once), and turned into the warnings a
// test on the storefront gets (app/domain/shopify/rollouts.ts).
import { parseRollouts, rolloutWarnings, ROLLOUTS_QUERY, type RolloutSummary, type RolloutWarning } from "~/domain/shopify/rollouts";
import type { AdminGraphql } from "~/infra/admin-graphql";
import type { ResultsTestRow } from "~/models/results/results.server";

const KEEP_MS = 60_000;
const MAX_SHOPS = 5_000;
const cache = new Map<string, { at: number; rollouts: RolloutSummary[] }>();

export type RolloutsRead = { ok: true; rollouts: RolloutSummary[] } | { ok: false; reason: string };

/**
 * The shop's rollouts, from the cache or the Admin API (always the API when `fresh`); a refusal (no read_rollouts yet)
 * or a failure is said, never thrown.
 */
export async function shopRollouts(shopDomain: string, graphql: AdminGraphql, { now = Date.now(), fresh = false } = {}): Promise<RolloutsRead> {
  const kept = cache.get(shopDomain);
  if (kept && !fresh && now - kept.at < KEEP_MS) return { ok: true, rollouts: kept.rollouts };
  try {
    const result = await graphql(ROLLOUTS_QUERY);
    if (result.errors.length > 0) {
      const denied = result.errors.some((e) => e.extensions?.code === "ACCESS_DENIED" || /access denied|read_rollouts/i.test(e.message));
      return { ok: false, reason: denied ? "svc has not been granted read_rollouts on this store yet" : `Shopify answered: ${result.errors[0]?.message}` };
    }
    const parsed = parseRollouts(result.data);
    if (!parsed.ok) return { ok: false, reason: `Shopify's answer was not understood (${parsed.issues[0] ?? "unknown shape"})` };
    cache.set(shopDomain, { at: now, rollouts: parsed.value });
    if (cache.size > MAX_SHOPS) cache.delete(cache.keys().next().value as string);
    return { ok: true, rollouts: parsed.value };
  } catch (error) {
    return { ok: false, reason: `the Admin API could not be reached (${(error as Error).message})` };
  }
}

/** A rollouts webhook arrived: the next page reads them again. */
export function forgetShopRollouts(shopDomain: string): { forgotten: boolean } {
  return { forgotten: cache.delete(shopDomain) };
}

export interface TestRollouts {
  warnings: RolloutWarning[];
  /** Why the rollouts could not be read; null when they were. */
  unavailable: string | null;
}

/** The warnings for one of the shop's tests; null for a test on a site that is not the Shopify storefront, or without an Admin API (the demo). */
export async function rolloutsForTest(test: ResultsTestRow, graphql: AdminGraphql | null): Promise<TestRollouts | null> {
  if (!graphql) return null;
  const shopDomain = test.site.shop.domain;
  if (test.site.kind !== "shopify" || test.status === "completed" || test.status === "archived") return null;
  const read = await shopRollouts(shopDomain, graphql);
  if (!read.ok) return { warnings: [], unavailable: read.reason };
  const purchaseGoal = test.goals.some((g) => g.kind === "purchase");
  return { warnings: rolloutWarnings({ storefront: true, purchaseGoal }, read.rollouts), unavailable: null };
}
