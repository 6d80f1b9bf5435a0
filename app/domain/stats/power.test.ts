import { describe, expect, it } from "vitest";
import { daysToGo, usersPerArmForMean, usersPerArmForRate } from "./power";

// z₀.₉₇₅ = 1.959963984540054 and z₀.₈ = 0.8416212335729143 (scipy norm.ppf; tables: 1.960, 0.842);
// (z₀.₉₇₅ + z₀.₈)² = 2.8015852181129683² = 7.848879734349088.
describe("usersPerArmForRate", () => {
  it("matches the hand calculation for a 10% baseline and a 20% relative MDE", () => {
    // p_c = 0.10, p_t = 0.12, δ = 0.02; σ_c² + σ_t² = 0.09 + 0.1056 = 0.1956;
    // n = 7.848879734349088 × 0.1956/0.0004 = 7.848879734349088 × 489 = 3838.10 → 3839.
    expect(usersPerArmForRate(0.1, 0.2)).toBe(3839);
  });

  it("needs more users for a smaller effect or a stricter alpha", () => {
    expect(usersPerArmForRate(0.1, 0.1)).toBeGreaterThan(usersPerArmForRate(0.1, 0.2));
    expect(usersPerArmForRate(0.1, 0.2, { alpha: 0.01 })).toBeGreaterThan(3839);
  });

  it("rejects rates that leave (0, 1)", () => {
    expect(() => usersPerArmForRate(0, 0.1)).toThrow(RangeError);
    expect(() => usersPerArmForRate(0.9, 0.2)).toThrow(RangeError);
    expect(() => usersPerArmForRate(0.1, 0)).toThrow(RangeError);
  });
});

describe("usersPerArmForMean", () => {
  it("matches the hand calculation and Lehr's rule of thumb", () => {
    // Mean 2, variance 4, 10% MDE → δ = 0.2: n = 7.848879734349088 × (4 + 4)/0.04 = 1569.78 → 1570.
    // Lehr's rule n ≈ 16σ²/δ² = 16 × 4/0.04 = 1600 (it rounds 2 × 7.85 up to 16).
    expect(usersPerArmForMean(2, 4, 0.1)).toBe(1570);
  });
});

describe("daysToGo", () => {
  it("divides the remaining users by daily traffic (hand)", () => {
    // 2 equal arms × 3839 = 7678 needed; 7678 − 2000 = 5678 remaining; 5678/500 = 11.356 days.
    expect(daysToGo({ usersPerArm: 3839, usersSoFar: 2000, dailyUsers: 500 })).toEqual({
      usersNeeded: 7678,
      remainingUsers: 5678,
      days: expect.closeTo(11.356, 12),
    });
  });

  it("lets the smallest arm set the pace under an unequal split", () => {
    // Weights 1:3 → the small arm gets ¼ of traffic: 3839 × 4 = 15356 users in total.
    expect(daysToGo({ usersPerArm: 3839, usersSoFar: 0, dailyUsers: 1000, weights: [1, 3] }).usersNeeded).toBe(15356);
  });

  it("is done at 0 days, and has no answer without traffic", () => {
    expect(daysToGo({ usersPerArm: 100, usersSoFar: 500, dailyUsers: 0, arms: 3 }).days).toBe(0);
    expect(daysToGo({ usersPerArm: 100, usersSoFar: 0, dailyUsers: 0 }).days).toBeNull();
  });
});

describe("planning for the always-valid sequence", () => {
  it("replaces z(1 − α/2) by the sequence's multiplier at the plan (≈ 3.0352 for α = 0.05)", () => {
    // 5% baseline, +20%: σ² sum = 0.0475 + 0.0564 = 0.1039, δ = 0.01. Fixed: 7.8489 × 0.1039/1e-4 = 8,155 per arm;
    // sequential: (3.03521 + 0.84162)² = 15.0298, × 1039 = 15,616 per arm: about 1.9 times as many.
    expect(usersPerArmForRate(0.05, 0.2)).toBe(8155);
    expect(usersPerArmForRate(0.05, 0.2, { sequential: true })).toBe(15616);
  });
});
