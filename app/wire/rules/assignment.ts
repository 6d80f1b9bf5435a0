// Deterministic arm assignment: the same site, test and visitor get the same arm on every server.

/** A test as assignment sees it: which share of visitors enter, and how entrants split over arms. */
export interface TestAllocation {
  id: string;
  /** 0..100; fractions allowed. Above 100 counts as 100, below 0 and NaN as 0. */
  trafficPercent: number;
  /** Relative weights (>= 0 integers). Fractions are floored; negative or non-finite weights count as 0. */
  arms: ReadonlyArray<{ id: string; weight: number }>;
}

/**
 * MurmurHash3 x86_32 (Austin Appleby's reference, seed 0) of the UTF-8 bytes of `input`, as an
 * unsigned 32-bit integer. Chosen over FNV-1a because its finaliser mixes every input bit into every
 * output bit, so inputs that differ only in a short suffix (":traffic" / ":arm") give independent
 * values; it is also available everywhere (Python mmh3, Guava murmur3_32_fixed, Go murmur3.Sum32).
 * Written as one loop over the bytes because the snippet bundles it (app/wire/rules/local-plan.ts): a
 * block is mixed into the hash at its fourth byte, the tail at the last byte, as the reference does.
 */
export function murmur3x86_32(input: string): number {
  // An encoder per call, not one per module: a bundle that never hashes (the snippet for other sites) then
  // leaves the whole function out.
  const bytes = new TextEncoder().encode(input);
  let h = 0;
  let k = 0;
  for (let i = 0; i < bytes.length; i++) {
    k |= bytes[i]! << ((i & 3) * 8);
    if ((i & 3) == 3 || i == bytes.length - 1) {
      k = Math.imul(k, 0xcc9e2d51);
      h ^= Math.imul((k << 15) | (k >>> 17), 0x1b873593);
      // A whole block also turns the hash; the tail (1 to 3 bytes) does not.
      if ((i & 3) == 3) h = (Math.imul((h << 13) | (h >>> 19), 5) + 0xe6546b64) | 0;
      k = 0;
    }
  }
  h ^= bytes.length;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** A point in [0, 1): murmur3x86_32(input) / 2^32, exact in a double. */
export function hashToUnit(input: string): number {
  return murmur3x86_32(input) / 2 ** 32;
}

/**
 * The arm id for this visitor, or null when the visitor is not in the test.
 *
 * Portable rule (see assignment.cases.json):
 * - in the test iff `hashToUnit("<site>:<test>:<visitor>:traffic") * 100 < trafficPercent`;
 * - with W the sum of the (floored) weights and h = murmur3x86_32("<site>:<test>:<visitor>:arm"),
 *   ticket = floor(h * W / 2^32) in exact integer arithmetic; the arm is the first one whose
 *   running weight total exceeds the ticket.
 * The arm hash ignores trafficPercent, so raising the traffic share only adds visitors: nobody who
 * was already in the test changes arm. Ids never contain ":" (ID_PATTERN), so keys cannot collide.
 * The comparison needs no clamping: the point is in [0, 100), so a share above 100 admits everyone, one
 * of 0 or below no one, and NaN no one (every comparison with NaN is false).
 */
export function assignArm(siteId: string, test: TestAllocation, visitorId: string): string | null {
  return armOf({ id: siteId }, test, visitorId)?.id ?? null;
}

/** A weight as the rule counts it: floored, capped at 2^53 - 1, and 0 when negative or not finite. */
function usableWeight(weight: number): bigint {
  return BigInt(Number.isFinite(weight) && weight > 0 ? Math.min(Math.floor(weight), Number.MAX_SAFE_INTEGER) : 0);
}

/** The arm (with its patches) this visitor gets in a test, by assignArm's rule; null when the visitor is not in it. */
export function armOf<Arm extends { id: string; weight: number }>(
  site: { id: string },
  test: Omit<TestAllocation, "arms"> & { arms: ReadonlyArray<Arm> },
  visitorId: string,
): Arm | null {
  const key = `${site.id}:${test.id}:${visitorId}`;
  if (!(hashToUnit(`${key}:traffic`) * 100 < test.trafficPercent)) return null;
  const h = murmur3x86_32(`${key}:arm`);
  const thresholds = armThresholds(test.arms.map((arm) => arm.weight));
  return test.arms[thresholds.findIndex((t) => h < t)] ?? null;
}

/**
 * The ticket rule as thresholds on the arm hash h itself: the arm is the first whose threshold exceeds h.
 * With C the running total of the (floored) weights up to and including an arm, ticket < C exactly when
 * h * W < C * 2^32, that is when h < ceil(C * 2^32 / W), h being an integer. Computed in BigInt, so exact
 * for any weights; each is at most 2^32, so it travels as a JSON number (the local plan carries them, and the
 * snippet compares h with them: app/wire/rules/local-plan.ts). No arm at all when the weights sum to 0.
 */
export function armThresholds(weights: readonly number[]): number[] {
  const usable = weights.map(usableWeight);
  const total = usable.reduce((sum, w) => sum + w, 0n);
  if (total === 0n) return [];
  let running = 0n;
  return usable.map((w) => {
    running += w;
    return Number((running * 2n ** 32n + total - 1n) / total);
  });
}
