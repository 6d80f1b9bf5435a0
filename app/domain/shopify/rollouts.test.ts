import { describe, expect, it } from "vitest";
import { parseRollouts, rolloutsOnDiscount, rolloutWarnings, type RolloutSummary } from "./rollouts";

const node = (over: Record<string, unknown> = {}) => ({
  id: "gid://shopify/Rollout/1",
  name: "Winter theme",
  status: "ACTIVE",
  trafficAllocation: 50,
  effectiveTrafficAllocation: 37.5,
  treatments: [
    { split: 50, changes: { nodes: [] } },
    { split: 50, changes: { nodes: [{ __typename: "RolloutThemePublishChange", theme: { id: "gid://shopify/OnlineStoreTheme/9", name: "Winter" } }] } },
  ],
  ...over,
});

describe("parseRollouts", () => {
  it("reads each rollout with what its treatments change", () => {
    const discount = node({
      id: "gid://shopify/Rollout/2", name: "BFCM", status: "SCHEDULED",
      treatments: [
        {
          split: 100,
          changes: {
            nodes: [
              { __typename: "RolloutDiscountActivateChange", discount: { id: "gid://shopify/DiscountNode/77" } },
              { __typename: "RolloutDiscountExpireChange", discount: null },
              { __typename: "RolloutCatalogDraftChange" },
              { __typename: "SomethingNew" },
            ],
          },
        },
      ],
    });
    expect(parseRollouts({ rollouts: { nodes: [node(), discount] } })).toEqual({
      ok: true,
      value: [
        { id: "gid://shopify/Rollout/1", name: "Winter theme", status: "ACTIVE", trafficAllocation: 50, effectiveTrafficAllocation: 37.5, touches: ["theme"], themes: ["Winter"], discounts: [] },
        {
          id: "gid://shopify/Rollout/2", name: "BFCM", status: "SCHEDULED", trafficAllocation: 50, effectiveTrafficAllocation: 37.5, touches: ["catalog", "discount"],
          themes: [], discounts: ["gid://shopify/DiscountNode/77"],
        },
      ],
    });
  });

  it("refuses an answer that is not the documented shape", () => {
    expect(parseRollouts({ rollouts: { nodes: [node({ status: "LIVE" })] } }).ok).toBe(false);
    expect(parseRollouts(null).ok).toBe(false);
  });
});

describe("rolloutWarnings", () => {
  const summary = (over: Partial<RolloutSummary>): RolloutSummary => ({
    id: "r", name: "R", status: "ACTIVE", trafficAllocation: 40, effectiveTrafficAllocation: 30, touches: ["theme"], themes: ["Winter"], discounts: [], ...over,
  });

  it("warns a storefront test of a theme rollout that serves buyers, with its share", () => {
    expect(rolloutWarnings({ storefront: true, purchaseGoal: false }, [summary({})])).toEqual([
      { rolloutId: "r", name: "R", status: "ACTIVE", traffic: 30, text: expect.stringContaining('shows the theme "Winter" to 30% of buyers') },
    ]);
    expect(rolloutWarnings({ storefront: true, purchaseGoal: false }, [summary({ status: "SCHEDULED" })])[0]).toMatchObject({ traffic: 40, text: expect.stringContaining("is scheduled to show") });
  });

  it("warns of discount, checkout and catalog rollouts only a test that counts purchases", () => {
    const commerce = summary({ touches: ["checkout", "discount"], themes: [] });
    expect(rolloutWarnings({ storefront: true, purchaseGoal: false }, [commerce])).toEqual([]);
    expect(rolloutWarnings({ storefront: true, purchaseGoal: true }, [commerce])[0]?.text).toContain("changes checkout and discounts for 30% of buyers");
  });

  it("says nothing for rollouts that serve no buyer, or for a site that is not the storefront", () => {
    for (const status of ["DRAFT", "PAUSED", "CONCLUDED", "ARCHIVED"] as const) {
      expect(rolloutWarnings({ storefront: true, purchaseGoal: true }, [summary({ status })])).toEqual([]);
    }
    expect(rolloutWarnings({ storefront: false, purchaseGoal: true }, [summary({})])).toEqual([]);
  });
});

describe("rolloutsOnDiscount", () => {
  const rollout = (status: RolloutSummary["status"], discounts: string[]): RolloutSummary => ({
    id: `r-${status}`, name: status, status, trafficAllocation: 50, effectiveTrafficAllocation: 50, touches: ["discount"], themes: [], discounts,
  });
  const SVC = "gid://shopify/DiscountAutomaticNode/77";

  it("finds the active and scheduled rollouts that change svc's discount, however its GID is named", () => {
    const rollouts = [rollout("ACTIVE", ["gid://shopify/DiscountNode/77"]), rollout("SCHEDULED", ["gid://shopify/DiscountNode/77", "gid://shopify/DiscountNode/5"])];
    expect(rolloutsOnDiscount(rollouts, SVC).map((r) => r.status)).toEqual(["ACTIVE", "SCHEDULED"]);
  });

  it("leaves out rollouts that serve no buyer and those on other discounts", () => {
    const rollouts = [
      rollout("DRAFT", ["gid://shopify/DiscountNode/77"]),
      rollout("PAUSED", ["gid://shopify/DiscountNode/77"]),
      rollout("CONCLUDED", ["gid://shopify/DiscountNode/77"]),
      rollout("ACTIVE", ["gid://shopify/DiscountNode/770"]),
      rollout("ACTIVE", []),
    ];
    expect(rolloutsOnDiscount(rollouts, SVC)).toEqual([]);
  });
});
