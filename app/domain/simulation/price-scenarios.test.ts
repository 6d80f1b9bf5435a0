import { describe, expect, it } from "vitest";
import { createRng } from "../random/prng";
import { plannedPriceVisitors, priceScenarios, profitPerVisitor, simulatePricePath } from "./price-scenarios";
import { planSample } from "../results/stats";
import { runChunk } from "./suite";

const scenario = (key: string) => {
  const found = priceScenarios().find((s) => s.key === key);
  if (!found) throw new Error(`no scenario ${key}`);
  return found;
};

describe("price scenarios", () => {
  it("plans on profit per visitor: more visitors than the rate's plan, since a buyer takes one to three bowls", () => {
    const rate = planSample([{ id: "A", weight: 1 }, { id: "B", weight: 1 }], 0.05, 0.2, 0.05)!.usersNeeded;
    expect(plannedPriceVisitors()).toBeGreaterThan(rate);
    expect(plannedPriceVisitors()).toBeLessThan(rate * 1.5);
    expect(profitPerVisitor({ price: 24, rate: 0.065 }) / profitPerVisitor({ price: 30, rate: 0.05 }) - 1).toBeCloseTo(-2 / 15, 6);
  });

  it("reads a price test on profit per visitor at every look, and never ships a lower price that earns less in a few seeded tests", () => {
    const path = simulatePricePath(createRng(3), [{ price: 30, rate: 0.05 }, { price: 24, rate: 0.065 }], plannedPriceVisitors());
    expect(path.offProfit).toBe(false);
    const tallies = runChunk(scenario("price-lower-earns-less"), 21, 0, 3);
    expect(tallies["price-less-ship"]).toEqual({ n: 3, sum: 0, sumSquares: 0 });
    expect(tallies["price-less-coverage"]!.n).toBe(3);
  }, 60_000);

  it("gives the same tallies for the same seed", () => {
    const s = scenario("price-aa");
    expect(runChunk(s, 21, 0, 2)).toEqual(runChunk(s, 21, 0, 2));
  }, 60_000);
});
