import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// End to end through the real shim: node, tsx loading the TypeScript, real stdin/stdout/stderr, exit status.
const repoRoot = fileURLToPath(new URL("../../..", import.meta.url));

function svcStats(stdin: string) {
  const run = spawnSync(process.execPath, ["scripts/svc-stats.mjs"], { cwd: repoRoot, input: stdin, encoding: "utf8" });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe("svc-stats command", { timeout: 30_000 }, () => {
  it("answers a valid request with one JSON object on stdout", () => {
    const run = svcStats(
      JSON.stringify({
        metric: "binomial",
        method: "frequentist",
        arms: [
          { name: "control", users: 1000, sum: 100 },
          { name: "b", users: 1000, sum: 120 },
          { name: "c", users: 1000, sum: 0 },
        ],
      }),
    );
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    const out = JSON.parse(run.stdout);
    expect(out.srmPValue).toBe(1);
    expect(out.arms[0]).toEqual({ name: "control", users: 1000, mean: 0.1 });
    // Lift (0.12 − 0.1)/0.1 = 0.2. Two variants, so a family of two: the interval at α/2, Welch df 1985.37
    // (welch.test.ts), t(0.9875, ≈2000) ≈ 2.2430, m² = 5.0311. Fieller (fieller.ts) by hand with v_c = 9e-5,
    // v_t = 1.056e-4: a = 0.01 − m²v_c = 0.0095472, root = √(m²(v_c·0.0144 + v_t·a)) = 0.0034048,
    // low ratio (0.012 − 0.0034048)/0.0095472 = 0.90028, so the lift's low end is −0.0997.
    expect(out.arms[1].lift).toBeCloseTo(0.2, 12);
    expect(out.arms[1].ciLow).toBeCloseTo(-0.0997, 3);
    expect(out.arms[1].pValue).toBeGreaterThan(0.05);
    // No conversion in c against 100 in control: an outage, with the pooled-variance test's p-value and no interval.
    expect(out.arms[2]).toEqual({ name: "c", users: 1000, mean: 0, lift: -1, pValue: expect.any(Number), outage: true });
    expect(out.arms[2].pValue).toBeLessThan(1e-20);
    expect(run.stdout.trim().split("\n")).toHaveLength(1);
  });

  it("answers an arm where every visitor converted with zero-variance instead of an interval", () => {
    const run = svcStats(
      JSON.stringify({
        metric: "binomial",
        method: "bayesian",
        difference: "absolute",
        arms: [
          { name: "control", users: 1000, sum: 100 },
          { name: "b", users: 3, sum: 3 },
        ],
      }),
    );
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout).arms[1]).toEqual({ name: "b", users: 3, mean: 1, error: "zero-variance" });
  });

  it("exits 2 with a message on stderr when stdin is not JSON", () => {
    const run = svcStats("{ not json");
    expect(run.status).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr).toMatch(/^svc-stats: input is not valid JSON: .+\n$/);
  });

  it("exits 2 naming the field when a field is wrong", () => {
    const run = svcStats(
      JSON.stringify({
        metric: "binomial",
        method: "frequentist",
        arms: [
          { name: "control", users: 10, sum: 1 },
          { name: "b", users: 10, sum: 12 },
        ],
      }),
    );
    expect(run.status).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr).toBe("svc-stats: invalid input: arms[1].sum: must be at most users (10) for a binomial metric (got 12)\n");
  });

  it("exits 2 on an unknown metric and on empty stdin", () => {
    const unknown = svcStats(JSON.stringify({ metric: "ratio", method: "frequentist", arms: [] }));
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toMatch(/metric: must be one of "binomial", "mean"/);
    expect(svcStats("").status).toBe(2);
  });
});
