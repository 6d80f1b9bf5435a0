import { describe, expect, it } from "vitest";
import { decimalSum } from "./results.server";

/** A NUMERIC(·, 4) value of `units` ten-thousandths, as PostgreSQL's float8 cast reads it (its decimal text, correctly rounded). */
const float8 = (units: bigint) => {
  const negative = units < 0n;
  const abs = negative ? -units : units;
  return Number(`${negative ? "-" : ""}${abs / 10_000n}.${String(abs % 10_000n).padStart(4, "0")}`);
};

describe("a key's parts added as the database adds them", () => {
  it("gives the folded row's number for two parts, where their float sum is an ulp off", () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(decimalSum(0.1, 0.2)).toBe(0.3);
    // The sums of a clean-clone run whose results moved at the fold (tests/integration/rollup-fold.test.ts).
    expect(decimalSum(float8(2_750_001_234n), float8(5_054_547n))).toBe(float8(2_755_055_781n));
  });

  it("equals the exact decimal sum read as float8, for 20,000 random pairs of either sign below 10¹¹", () => {
    let seed = 7;
    const next = () => (seed = (seed * 48_271) % 2_147_483_647);
    for (let i = 0; i < 20_000; i++) {
      // Up to ~10¹⁰ with four places: mantissas past 2³¹, as money sums and their squares reach.
      const a = (BigInt(next()) * BigInt(next())) % 100_000_000_000_000n * (i % 3 === 0 ? -1n : 1n);
      const b = (BigInt(next()) * BigInt(next())) % 100_000_000_000_000n;
      expect(decimalSum(float8(a), float8(b))).toBe(float8(a + b));
    }
  });
});
