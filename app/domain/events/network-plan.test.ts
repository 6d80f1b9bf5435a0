import { describe, expect, it } from "vitest";
import { conversionIncrement } from "./conversion-increment";
import { networkTally } from "./network-plan";

const key = { siteId: "s", testId: "t", armId: "b" };

describe("networkTally", () => {
  it("counts a new visitor under their network and their conversions under the same one", () => {
    const tally = networkTally();
    tally.exposed(key, "net1");
    tally.exposed(key, "net1");
    tally.exposed(key, "net2");
    tally.converted({ ...key, goal: "purchase", currency: "USD" }, "net1", conversionIncrement({ conversions: 0, currencyConversions: 0, revenue: 0 }, 30));
    const rows = tally.rows();
    expect(rows.map((r) => [r.goal, r.network, r.exposedVisitors, r.convertingVisitors, r.revenue])).toEqual([
      ["", "net1", 2, 0, 0],
      ["", "net2", 1, 0, 0],
      ["purchase", "net1", 0, 1, 30],
    ]);
    expect(rows[2]!.revenueSquares).toBe(900);
  });

  it("keeps nothing for an exposure without a known network", () => {
    const tally = networkTally();
    tally.exposed(key, null);
    tally.exposed(key, undefined);
    expect(tally.rows()).toEqual([]);
  });
});
