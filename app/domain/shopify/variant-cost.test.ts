import { describe, expect, it } from "vitest";
import { readVariantCosts, variantGid, variantsToRead, VARIANT_COSTS_QUERY, type KeptCost } from "./variant-cost";

describe("variantsToRead", () => {
  it("asks for variants never read and those read more than a day ago", () => {
    const now = new Date("2026-11-26T12:00:00Z");
    const kept = new Map<string, KeptCost>([
      ["1", { variantId: "1", cost: { amount: 2, currency: "USD" }, fetchedAt: new Date("2026-11-26T00:00:00Z") }],
      ["2", { variantId: "2", cost: null, fetchedAt: new Date("2026-11-25T11:59:00Z") }],
      ["3", { variantId: "3", cost: null, fetchedAt: new Date("2026-11-25T12:00:00Z") }],
    ]);
    expect(variantsToRead(["1", "2", "3", "4"], kept, now)).toEqual(["2", "4"]);
  });
});

describe("readVariantCosts", () => {
  const node = (id: string, unitCost: unknown) => ({ id: variantGid(id), inventoryItem: { unitCost } });

  it("reads each variant's cost by its numeric id, null where Shopify has none or no such variant", () => {
    const data = { nodes: [node("1", { amount: "8.5", currencyCode: "USD" }), node("2", null), null] };
    expect(readVariantCosts(data, ["1", "2", "3"])).toEqual(
      new Map([
        ["1", { amount: 8.5, currency: "USD" }],
        ["2", null],
        ["3", null],
      ]),
    );
  });

  it("refuses an answer that is not the query's: another count of nodes, or nodes of another kind", () => {
    expect(readVariantCosts({ nodes: [] }, ["1"])).toBeNull();
    expect(readVariantCosts(null, ["1"])).toBeNull();
    expect(readVariantCosts({ nodes: [node("1", { amount: "-1", currencyCode: "USD" })] }, ["1"])).toBeNull();
    // A node for another id (never expected) is not taken for the asked variant.
    expect(readVariantCosts({ nodes: [node("9", { amount: "1", currencyCode: "USD" })] }, ["1"])).toEqual(new Map([["1", null]]));
  });

  it("asks only for documented fields, by variant GIDs", () => {
    expect(VARIANT_COSTS_QUERY).toContain("nodes(ids: $ids)");
    expect(VARIANT_COSTS_QUERY).toContain("inventoryItem { unitCost { amount currencyCode } }");
    expect(variantGid("40000000000001")).toBe("gid://shopify/ProductVariant/40000000000001");
  });
});
