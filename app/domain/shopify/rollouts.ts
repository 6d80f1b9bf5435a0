// Shopify's own Rollouts (Markets › Rollouts, read with read_rollouts, Admin API 2026-10): what one changes
// for the share of buyers it serves, and which of a test's results it can move, in the merchant's words.
import { z } from "zod";
import { parseWith, type ParseResult } from "../parse-result";

/** What a rollout's treatments change, by the documented RolloutChange types. */
export type RolloutTouch = "theme" | "discount" | "checkout" | "catalog";

export interface RolloutSummary {
  id: string;
  name: string;
  status: "DRAFT" | "SCHEDULED" | "ACTIVE" | "PAUSED" | "CONCLUDED" | "ARCHIVED";
  /** Configured share of buyers, in percent. */
  trafficAllocation: number;
  /** The share it gets for new buyers once its mutually exclusive group is taken into account, in percent. */
  effectiveTrafficAllocation: number;
  touches: RolloutTouch[];
  /** Names of the themes its treatments publish. */
  themes: string[];
  /** The discounts (DiscountNode GIDs) its treatments activate or expire for the buyers they serve. */
  discounts: string[];
}

const TOUCH_OF: Record<string, RolloutTouch> = {
  RolloutThemePublishChange: "theme",
  RolloutDiscountActivateChange: "discount",
  RolloutDiscountExpireChange: "discount",
  RolloutCheckoutAndAccountsConfigurationPublishChange: "checkout",
  RolloutCatalogActivateChange: "catalog",
  RolloutCatalogDraftChange: "catalog",
};

/** The query svc sends: only documented fields; each change by its type name, a theme change with its theme. */
export const ROLLOUTS_QUERY = `#graphql
  query SvcRollouts {
    rollouts(first: 50) {
      nodes {
        id name status trafficAllocation effectiveTrafficAllocation
        treatments {
          split
          changes(first: 25) {
            nodes {
              __typename
              ... on RolloutThemePublishChange { theme { id name } }
              ... on RolloutDiscountActivateChange { discount { id } }
              ... on RolloutDiscountExpireChange { discount { id } }
            }
          }
        }
      }
    }
  }`;

const answer = z.object({
  rollouts: z.object({
    nodes: z.array(
      z.object({
        id: z.string().min(1),
        name: z.string(),
        status: z.enum(["DRAFT", "SCHEDULED", "ACTIVE", "PAUSED", "CONCLUDED", "ARCHIVED"]),
        trafficAllocation: z.number(),
        effectiveTrafficAllocation: z.number(),
        treatments: z.array(
          z.object({
            changes: z.object({
              nodes: z.array(z.object({ __typename: z.string(), theme: z.object({ name: z.string() }).nullish(), discount: z.object({ id: z.string() }).nullish() })),
            }),
          }),
        ),
      }),
    ),
  }),
});

/** The rollouts query's `data` as summaries; a change type svc does not know is left out. */
export function parseRollouts(data: unknown): ParseResult<RolloutSummary[]> {
  const parsed = parseWith(answer, data);
  if (!parsed.ok) return parsed;
  return {
    ok: true,
    value: parsed.value.rollouts.nodes.map((r) => {
      const changes = r.treatments.flatMap((t) => t.changes.nodes);
      const touches = [...new Set(changes.map((c) => TOUCH_OF[c.__typename]).filter((t): t is RolloutTouch => t !== undefined))].sort();
      const themes = [...new Set(changes.flatMap((c) => (c.theme ? [c.theme.name] : [])))];
      const discounts = [...new Set(changes.flatMap((c) => (c.discount ? [c.discount.id] : [])))];
      return {
        id: r.id, name: r.name, status: r.status, trafficAllocation: r.trafficAllocation,
        effectiveTrafficAllocation: r.effectiveTrafficAllocation, touches, themes, discounts,
      };
    }),
  };
}

export interface RolloutWarning {
  rolloutId: string;
  name: string;
  status: "SCHEDULED" | "ACTIVE";
  /** The rollout's share of buyers (effective when active, configured when scheduled), in percent. */
  traffic: number;
  text: string;
}

/**
 * The warnings a test on the Shopify storefront gets from the shop's scheduled or active rollouts: one that
 * publishes another theme shows part of the buyers pages the test's changes were made for another theme
 * (its selectors and templates may not be there, and the two experiments mix); one that changes discounts,
 * checkout or catalogs moves the purchases a test with a purchase goal counts, in both arms. Drafts, paused,
 * concluded and archived rollouts serve no buyer: no warning.
 */
export function rolloutWarnings(test: { storefront: boolean; purchaseGoal: boolean }, rollouts: readonly RolloutSummary[]): RolloutWarning[] {
  if (!test.storefront) return [];
  return rollouts.flatMap((r): RolloutWarning[] => {
    if (r.status !== "ACTIVE" && r.status !== "SCHEDULED") return [];
    const traffic = r.status === "ACTIVE" ? r.effectiveTrafficAllocation : r.trafficAllocation;
    const share = `${Math.round(traffic * 10) / 10}% of buyers`;
    const when = r.status === "ACTIVE" ? "shows" : "is scheduled to show";
    const reasons: string[] = [];
    if (r.touches.includes("theme")) {
      const theme = r.themes.length > 0 ? `the theme ${r.themes.map((t) => `"${t}"`).join(", ")}` : "another theme";
      reasons.push(`${when} ${theme} to ${share}: on those visits this test's changes may find none of their elements, and the two experiments mix`);
    }
    const commerce = r.touches.filter((t) => t !== "theme");
    if (test.purchaseGoal && commerce.length > 0) {
      reasons.push(`changes ${commerce.map((t) => (t === "checkout" ? "checkout" : `${t}s`)).join(" and ")} for ${share}, which moves the purchases this test counts in every arm`);
    }
    if (reasons.length === 0) return [];
    return [{ rolloutId: r.id, name: r.name, status: r.status, traffic, text: `Shopify rollout "${r.name}" ${reasons.join("; it also ")}.` }];
  });
}

/** A GID's trailing number: a discount is named `DiscountNode` in a rollout's change and `DiscountAutomaticNode` where svc created it. */
const gidNumber = (gid: string) => gid.slice(gid.lastIndexOf("/") + 1);

/**
 * The scheduled or active rollouts that activate or expire the discount `discountId` for the buyers they serve: beside
 * one, an offer test's arms would be charged their offer for only part of its buyers (docs/offers.md, "Collisions").
 */
export function rolloutsOnDiscount(rollouts: readonly RolloutSummary[], discountId: string): RolloutSummary[] {
  return rollouts.filter((r) => (r.status === "ACTIVE" || r.status === "SCHEDULED") && r.discounts.some((d) => gidNumber(d) === gidNumber(discountId)));
}
