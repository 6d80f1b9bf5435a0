// The suite at a small scale inside npm test: that it runs end to end through the real page, prints every
// line, and gives the same numbers for the same seed however the tests are split. Whether the engine meets
// the targets is what `npm run stats:simulate` measures, at 2,000 tests per scenario; not checked here.
import { describe, expect, it } from "vitest";
import { usersPerArmForRate } from "../stats";
import { hourlyLooks, mergeTallies, plannedVisitors, planChunks, runChunk, runSuite, scenarios } from "./suite";
import { estimate, formatTable } from "./table";

describe("validity suite", () => {
  it("plans each scenario's horizon as the page does: users per arm over the smallest share", () => {
    // The page plans for its always-valid sequence, at α/(k − 1) with several variants.
    const perArm = usersPerArmForRate(0.05, 0.2, { sequential: true });
    expect(plannedVisitors([1, 1])).toBe(2 * perArm);
    expect(plannedVisitors([9, 1])).toBe(10 * perArm);
    expect(plannedVisitors([1, 1, 1, 1])).toBe(4 * usersPerArmForRate(0.05, 0.2, { alpha: 0.05 / 3, sequential: true }));
    const hourly = hourlyLooks();
    expect(hourly).toHaveLength(28 * 24);
    expect(hourly.filter((v) => v % 1000 === 0)).toHaveLength(28);
  });

  it("gives the same tallies for the same seed, whole or in chunks, and others for another seed", () => {
    const scenario = scenarios().find((s) => s.key === "srm-48-52");
    if (!scenario) throw new Error("scenario missing");
    const whole = runChunk(scenario, 21, 0, 6);
    expect(mergeTallies(runChunk(scenario, 21, 0, 2), runChunk(scenario, 21, 2, 6))).toEqual(whole);
    // The MDE scenario: the called lift differs from path to path, so another seed shows in the tallies.
    const effect = scenarios().find((s) => s.key === "mde-50");
    if (!effect) throw new Error("scenario missing");
    expect(runChunk(effect, 21, 0, 3)).toEqual(runChunk(effect, 21, 0, 3));
    expect(runChunk(effect, 21, 0, 3)).not.toEqual(runChunk(effect, 22, 0, 3));
  });

  it("covers every test of every scenario once in its chunks", () => {
    const chunks = planChunks(120, 50);
    for (const s of scenarios()) {
      const mine = chunks.filter((c) => c.scenario === s.key).sort((a, b) => a.start - b.start);
      // Scaled scenarios (the calibration one counts claims, not tests) run that many times the tests.
      const tests = 120 * (s.scale ?? 1);
      const expected = Array.from({ length: Math.ceil(tests / 50) }, (_, i) => [i * 50, Math.min(tests, (i + 1) * 50)]);
      expect(mine.map((c) => [c.start, c.end])).toEqual(expected);
    }
    // The chance-to-win calibration counts claims, not tests: its scenarios run more (prior-scenarios.ts).
    expect(scenarios().some((s) => (s.scale ?? 1) > 1)).toBe(true);
  });

  it("runs end to end at 2 tests per scenario and prints every line of the table", () => {
    // Two, not more: every line and every scenario still runs, and the run is pure CPU the whole suite waits on
    // (~22 CPU-s at 4; docs/testing.md, "Time").
    const lines = runSuite(2, 21);
    // A scaled scenario runs that many times the tests, and each of its lines counts them all.
    const scaleOf = new Map(scenarios().flatMap((s) => s.lines.map((l) => [`${l.claim}|${l.setting}`, s.scale ?? 1] as const)));
    const table = formatTable(lines);
    expect(table.split("\n")).toHaveLength(lines.length + 2);
    expect(table).toContain("| variance removed by CUPED |");
    for (const line of lines) {
      if ("na" in line.target) continue;
      const est = estimate(line.kind, line.tally);
      // A line counts every test except those counting claims or what the page said: the chance-to-win
      // calibration, the called lift, and CUPED's reduction (said once the covariate can adjust).
      if (line.claim.startsWith("chance to win ≥ 95% shown for") || line.claim.startsWith("called lift") || line.claim.startsWith("variance removed")) continue;
      expect(line.tally.n).toBe(2 * (scaleOf.get(`${line.claim}|${line.setting}`) ?? 1));
      expect(est && est.value >= 0 && est.value <= 1).toBe(true);
    }
    // A limit for a hang, not a duration check: ~11 s of CPU on a quiet core, twice that under a full run's lowest
    // priority (docs/testing.md, "Two lanes at two priorities").
  }, 120_000);
});
