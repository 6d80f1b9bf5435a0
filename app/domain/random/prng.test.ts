import { describe, expect, it } from "vitest";
import { createRng, deriveSeed, hashString, mix32, xoshiro128StarStar } from "./prng";

describe("xoshiro128**", () => {
  it("gives the reference outputs from state (1, 2, 3, 4)", () => {
    // Worked by hand from the reference C code (prng.di.unimi.it/xoshiro128starstar.c): the first output is
    // rotl(2·5, 7)·9 = 11520, the second rotl(0·5, 7)·9 = 0, the third rotl(1029·5, 7)·9 = 5927040.
    const next = xoshiro128StarStar([1, 2, 3, 4]);
    expect([next(), next(), next()]).toEqual([11520, 0, 5927040]);
  });

  it("refuses an all-zero state, which would stay zero", () => {
    expect(() => xoshiro128StarStar([0, 0, 0, 0])).toThrow(RangeError);
  });
});

describe("createRng", () => {
  it("repeats the same sequence for the same seed and a different one for another seed", () => {
    const draw = (seed: number) => {
      const rng = createRng(seed);
      return Array.from({ length: 5 }, () => rng.next());
    };
    expect(draw(21)).toEqual(draw(21));
    expect(draw(21)).not.toEqual(draw(22));
  });

  it("draws in [0, 1) with the mean and variance of a uniform (1/2, 1/12)", () => {
    const rng = createRng(7);
    const n = 200_000;
    let sum = 0;
    let sumSquares = 0;
    let outside = 0;
    for (let i = 0; i < n; i++) {
      const u = rng.next();
      if (!(u >= 0 && u < 1)) outside++;
      sum += u;
      sumSquares += u * u;
    }
    expect(outside).toBe(0);
    const mean = sum / n;
    // Standard errors: √(1/12/n) ≈ 0.00065 for the mean; allow 5 of them.
    expect(Math.abs(mean - 0.5)).toBeLessThan(5 * Math.sqrt(1 / 12 / n));
    expect(Math.abs(sumSquares / n - mean * mean - 1 / 12)).toBeLessThan(0.002);
  });
});

describe("seeds", () => {
  it("mix32 is a bijection on a sample (no collisions) and hashString is FNV-1a", () => {
    const outputs = new Set(Array.from({ length: 10_000 }, (_, i) => mix32(i)));
    expect(outputs.size).toBe(10_000);
    // FNV-1a of "" is the offset basis, of "a" 0xe40c292c (the published test vectors).
    expect(hashString("")).toBe(0x811c9dc5);
    expect(hashString("a")).toBe(0xe40c292c);
  });

  it("derives different seeds for different parts and the same seed for the same parts", () => {
    expect(deriveSeed(1, "aa-50", 3)).toBe(deriveSeed(1, "aa-50", 3));
    const seeds = new Set([deriveSeed(1, "aa-50", 3), deriveSeed(1, "aa-50", 4), deriveSeed(1, "aa-90", 3), deriveSeed(2, "aa-50", 3)]);
    expect(seeds.size).toBe(4);
  });
});
