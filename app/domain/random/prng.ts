// Seeded random numbers: a small, fast generator, so every run of the validity simulation (and every
// simulated test inside it, and every property test that draws) can be repeated exactly from its seed.

/** A source of uniform numbers in [0, 1). */
export interface Rng {
  /** Uniform on [0, 1) with 32 random bits. */
  next(): number;
}

/**
 * SplitMix32 finalizer (the 32-bit variant of Steele, Lea & Flood, "Fast splittable pseudorandom number
 * generators", OOPSLA 2014; constants of Hash Prospector's lowbias32 by C. Wellons): a bijection on 32-bit
 * integers whose output bits each depend on every input bit. Used to expand a seed into a generator's state
 * and to derive independent seeds.
 */
export function mix32(x: number): number {
  let z = x | 0;
  z ^= z >>> 16;
  z = Math.imul(z, 0x21f0aaad);
  z ^= z >>> 15;
  z = Math.imul(z, 0x735a2d97);
  z ^= z >>> 15;
  return z >>> 0;
}

/** FNV-1a (32-bit) of a string, for naming seeds ("aa-50", …). */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/**
 * A seed for one part of a run from the run's seed and the part's names or indices (a scenario, then a
 * simulated test's index): each simulated test gets its own stream, so a result never depends on how the
 * tests were split between workers or in which order they ran.
 */
export function deriveSeed(seed: number, ...parts: Array<string | number>): number {
  let h = mix32(seed ^ 0x9e3779b9);
  for (const part of parts) {
    const value = typeof part === "string" ? hashString(part) : part >>> 0;
    h = mix32((h + 0x9e3779b9 + mix32(value)) | 0);
  }
  return h;
}

/**
 * xoshiro128** 1.1 (Blackman & Vigna, "Scrambled linear pseudorandom number generators", ACM TOMS 47(4),
 * 2021; prng.di.unimi.it): 128 bits of state, period 2¹²⁸ − 1, passes BigCrush, and needs only 32-bit
 * integer operations, which JavaScript does exactly with Math.imul and `| 0`. Returns the raw 32-bit outputs
 * (as unsigned integers) from a given state, which must not be all zero.
 */
export function xoshiro128StarStar(state: readonly [number, number, number, number]): () => number {
  let [s0, s1, s2, s3] = state.map((s) => s | 0) as [number, number, number, number];
  if ((s0 | s1 | s2 | s3) === 0) throw new RangeError("xoshiro128** state must not be all zero");
  return () => {
    const m = Math.imul(s1, 5);
    const result = Math.imul((m << 7) | (m >>> 25), 9) >>> 0;
    const t = s1 << 9;
    s2 ^= s0;
    s3 ^= s1;
    s1 ^= s2;
    s0 ^= s3;
    s2 ^= t;
    s3 = (s3 << 11) | (s3 >>> 21);
    return result;
  };
}

/**
 * The simulation's generator: xoshiro128** with its state filled from a 32-bit seed by four SplitMix32
 * steps (never all zero: SplitMix32's finalizer is a bijection and the four inputs differ), each output
 * divided by 2³² for a uniform number in [0, 1).
 */
export function createRng(seed: number): Rng {
  let step = seed >>> 0;
  const fill = () => {
    step = (step + 0x9e3779b9) | 0;
    return mix32(step);
  };
  const next = xoshiro128StarStar([fill(), fill(), fill(), fill()]);
  return { next: () => next() / 4294967296 };
}
