// The prior's scenarios as an instrument: the day-counted path adds up, the history is what the service would
// record for ten completed tests, and each simulated test is read through the page with both priors.
import { describe, expect, it } from "vitest";
import { chancePrior, MIN_COMPLETED_TESTS } from "../results/shop-prior";
import { DEFAULT_PRIOR } from "../stats";
import { createRng } from "../random/prng";
import {
  BELOW_RANGE_SPREAD,
  countedPath,
  FALLBACK_SD,
  oldDefaultScenario,
  PRIOR_MDE,
  PRIOR_SPREADS,
  priorScenario,
  priorScenarios,
  simulatedHistory,
} from "./prior-scenarios";
import { plannedVisitors } from "./scenario";
import { runChunk } from "./suite";

describe("prior scenarios", () => {
  it("counts visitors a day at a time: every look's visitors land in an arm, and converters hit the rates", () => {
    const rng = createRng(3);
    const looks = [10_000, 20_000, 35_000];
    const readings = countedPath(rng, [0.05, 0.1], looks, (totals, visitors) => ({ totals, visitors }));
    expect(readings.map((r) => r.visitors)).toEqual(looks);
    for (const { totals, visitors } of readings) expect((totals[0]?.visitors ?? 0) + (totals[1]?.visitors ?? 0)).toBe(visitors);
    const last = readings[2]?.totals ?? [];
    // 17,500 expected per arm, sd √(35,000/4) ≈ 94; converters within 4 sd of n·p.
    expect(Math.abs((last[0]?.visitors ?? 0) - 17_500)).toBeLessThan(4 * 94);
    for (const [i, p] of [0.05, 0.1].entries()) {
      const n = last[i]?.visitors ?? 0;
      expect(Math.abs((last[i]?.converting ?? 0) - n * p)).toBeLessThan(4 * Math.sqrt(n * p * (1 - p)));
    }
    // Cumulative: a later look never has fewer.
    expect(readings[1]?.totals[1]?.converting).toBeGreaterThanOrEqual(readings[0]?.totals[1]?.converting ?? 0);
  });

  it("gives the shop ten completed tests, enough to learn from, and learns a wider spread from wider lifts", () => {
    const horizon = plannedVisitors([1, 1], 0.05, PRIOR_MDE);
    const narrow = simulatedHistory(createRng(4), 0.02, horizon);
    expect(new Set(narrow.map((c) => c.testId)).size).toBe(MIN_COMPLETED_TESTS);
    // Each test of the plan: ln lift's variance ≈ 2·0.95/(59,804·0.05) ≈ 6.4e-4.
    for (const c of narrow) expect(c.variance).toBeGreaterThan(4e-4);
    for (const c of narrow) expect(c.variance).toBeLessThan(9e-4);
    expect(chancePrior(narrow, FALLBACK_SD).source.kind).toBe("history");
    // Averaged over 20 shops, a 15% spread teaches far more than a 2% one.
    const mean = (spread: number) => {
      const rng = createRng(5);
      return Array.from({ length: 20 }, () => chancePrior(simulatedHistory(rng, spread, horizon), FALLBACK_SD).sd).reduce((a, b) => a + b) / 20;
    };
    expect(mean(0.15)).toBeGreaterThan(0.1);
    expect(mean(0.02)).toBeLessThan(0.03);
  });

  it("falls back to the default prior", () => {
    expect(FALLBACK_SD).toBe(DEFAULT_PRIOR.sd);
  });

  it("reads every simulated test with both priors through the page, the same for the same seed", () => {
    const scenario = priorScenario(0.15, 1);
    const a = runChunk(scenario, 9, 0, 6);
    expect(runChunk(scenario, 9, 0, 6)).toEqual(a);
    expect(a["prior-15-learned-shown"]?.n).toBe(6);
    expect(a["prior-15-fallback-shown"]?.n).toBe(6);
    expect(a["prior-15-learned-sd"]?.n).toBe(6);
    // The learned sd is at least the floor (the default).
    expect((a["prior-15-learned-sd"]?.sum ?? 0) / 6).toBeGreaterThanOrEqual(DEFAULT_PRIOR.sd);
    const one = scenario.simulate(createRng(10));
    expect(one.result.learned.finalVerdict).toBeDefined();
    expect(one.trueLifts).toHaveLength(1);
  });

  it("has a scenario per promised spread, and one below the range whose lines are stated, not targeted", () => {
    const all = priorScenarios();
    expect(all.map((s) => s.key)).toEqual([...[...PRIOR_SPREADS, BELOW_RANGE_SPREAD].map((s) => `prior-${Math.round(100 * s)}`), "prior-2-old-default"]);
    for (const s of all.slice(0, PRIOR_SPREADS.length)) {
      expect(s.lines.filter((l) => "at" in l.target).map((l) => l.target)).toEqual([{ at: "most", value: 0.07 }, { at: "most", value: 0.07 }]);
    }
    for (const s of all.slice(PRIOR_SPREADS.length)) expect(s.lines.every((l) => "info" in l.target)).toBe(true);
    // The old default, read the same way, is stated beside them.
    expect(runChunk(oldDefaultScenario(), 9, 0, 3)["prior-2-old-default-shown"]?.n).toBe(3);
  });
});
