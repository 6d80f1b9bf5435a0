// Deterministic arm assignment: the same site, test and visitor get the same arm on every server.

/** A test as assignment sees it: which share of visitors enter, and how entrants split over arms. */
export interface TestAllocation {
  id: string;
  /** 0..100; fractions allowed. Out-of-range values are clamped, NaN counts as 0. */
  trafficPercent: number;
  /** Relative weights (>= 0 integers). Fractions are floored; negative or non-finite weights count as 0. */
  arms: ReadonlyArray<{ id: string; weight: number }>;
}

const TWO_POW_32 = 2 ** 32;
const encoder = new TextEncoder();

/**
 * MurmurHash3 x86_32 (Austin Appleby's reference, seed 0) of the UTF-8 bytes of `input`, as an
 * unsigned 32-bit integer. Chosen over FNV-1a because its finaliser mixes every input bit into every
 * output bit, so inputs that differ only in a short suffix (":traffic" / ":arm") give independent
 * values; it is also available everywhere (Python mmh3, Guava murmur3_32_fixed, Go murmur3.Sum32).
 */
export function murmur3x86_32(input: string): number {
  const bytes = encoder.encode(input);
  const c1 = 0xcc9e2d51;
  const c2 = 0x1b873593;
  let h = 0;
  const blocks = bytes.length & ~3;
  for (let i = 0; i < blocks; i += 4) {
    let k = (bytes[i]! | (bytes[i + 1]! << 8) | (bytes[i + 2]! << 16) | (bytes[i + 3]! << 24)) >>> 0;
    k = Math.imul(k, c1);
    k = (k << 15) | (k >>> 17);
    k = Math.imul(k, c2);
    h ^= k;
    h = (h << 13) | (h >>> 19);
    h = (Math.imul(h, 5) + 0xe6546b64) | 0;
  }
  let k = 0;
  switch (bytes.length & 3) {
    case 3:
      k ^= bytes[blocks + 2]! << 16;
    // falls through
    case 2:
      k ^= bytes[blocks + 1]! << 8;
    // falls through
    case 1:
      k ^= bytes[blocks]!;
      k = Math.imul(k, c1);
      k = (k << 15) | (k >>> 17);
      k = Math.imul(k, c2);
      h ^= k;
  }
  h ^= bytes.length;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** A point in [0, 1): murmur3x86_32(input) / 2^32, exact in a double. */
export function hashToUnit(input: string): number {
  return murmur3x86_32(input) / TWO_POW_32;
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
 */
export function assignArm(siteId: string, test: TestAllocation, visitorId: string): string | null {
  const key = `${siteId}:${test.id}:${visitorId}`;
  const traffic = Number.isNaN(test.trafficPercent) ? 0 : Math.min(100, Math.max(0, test.trafficPercent));
  if (!(hashToUnit(`${key}:traffic`) * 100 < traffic)) return null;

  const weights = test.arms.map((arm) => usableWeight(arm.weight));
  const total = weights.reduce((sum, w) => sum + BigInt(w), 0n);
  if (total === 0n) return null;
  // BigInt keeps floor(h * W / 2^32) exact for any total, as a 64-bit integer implementation would.
  const ticket = (BigInt(murmur3x86_32(`${key}:arm`)) * total) >> 32n;
  let running = 0n;
  for (const [i, arm] of test.arms.entries()) {
    running += BigInt(weights[i]!);
    if (ticket < running) return arm.id;
  }
  return null; // unreachable: ticket < total
}

function usableWeight(weight: number): number {
  return Number.isFinite(weight) && weight > 0 ? Math.min(Math.floor(weight), Number.MAX_SAFE_INTEGER) : 0;
}

/** The arm (with its patches) this visitor gets in a test; null when the visitor is not in it. */
export function armOf<Arm extends { id: string; weight: number }>(
  site: { id: string },
  test: Omit<TestAllocation, "arms"> & { arms: ReadonlyArray<Arm> },
  visitorId: string,
): Arm | null {
  const armId = assignArm(site.id, test, visitorId);
  return armId === null ? null : (test.arms.find((a) => a.id === armId) ?? null);
}
