import { describe, expect, it } from "vitest";
import { decisionScenarios, READ_EVERY, SMALLER_ORDERS, SMALLER_ORDERS_MDE } from "./decision-scenarios";
import { DEFAULT_VISITOR } from "./generators";
import { createRng } from "../random/prng";
import { plannedVisitors, type PageScenario } from "./scenario";
import { runChunk } from "./suite";

const scenario = (key: string) => {
  const found = decisionScenarios().find((s) => s.key === key);
  if (!found) throw new Error(`no scenario ${key}`);
  return found as PageScenario;
};

describe("decision scenarios", () => {
  it("reads the smaller-orders test every 1,000 visitors up to the page's own plan at a 10% MDE", () => {
    const s = scenario("smaller-orders");
    expect(s.looks[0]).toBe(READ_EVERY);
    expect(s.looks[s.looks.length - 1]).toBe(plannedVisitors([1, 1], DEFAULT_VISITOR.conversionRate, SMALLER_ORDERS_MDE));
    expect(SMALLER_ORDERS).toBe(0.9);
  });

  it("never lets the page decide on the smaller orders in a few seeded tests, and names revenue per visitor by the plan", () => {
    const tallies = runChunk(scenario("smaller-orders"), 21, 0, 3);
    expect(tallies["smaller-no-difference"]).toEqual({ n: 3, sum: 0, sumSquares: 0 });
    expect(tallies["smaller-ship"]).toEqual({ n: 3, sum: 0, sumSquares: 0 });
    expect(tallies["smaller-held"]!.n).toBe(3);
  }, 30_000);

  it("reads four arms with real lifts and gives every variant's claims, the same for the same seed", () => {
    const s = scenario("lifts-4");
    const { result, trueLifts } = s.simulate(createRng(5));
    expect(trueLifts).toEqual([0.05, 0.1, 0.2]);
    expect(result.decidedBesideZero).toBe(false);
    expect(runChunk(s, 21, 0, 2)).toEqual(runChunk(s, 21, 0, 2));
  }, 30_000);
});
