// Whether an exposure event tells the truth, and when a site's false exposures warrant pausing its tests.

export type ExposureVerdict = "valid" | "unknown-test" | "not-assigned" | "wrong-arm";

/**
 * `assignedArm` is what assignment gives this visitor: undefined when the test is unknown or not
 * running on the site, null when the visitor is outside the test. Only "valid" exposures may count.
 */
export function judgeExposure(claim: { test: string; arm: string }, assignedArm: string | null | undefined): ExposureVerdict {
  if (assignedArm === undefined) return "unknown-test";
  if (assignedArm === null) return "not-assigned";
  return assignedArm === claim.arm ? "valid" : "wrong-arm";
}

export interface MisusePolicy {
  /** Length of the sliding window over which exposures are counted. */
  windowMs: number;
  /** Pause only after at least this many invalid exposures in the window... */
  minInvalid: number;
  /** ...that are also at least this share (0..1] of all exposures in the window. */
  maxInvalidShare: number;
}

/**
 * An hour, 100 invalid exposures, 20 %. The absolute floor keeps a handful of stale snippet caches
 * or clock-skewed visitors from pausing a small site; the share keeps a big site's normal noise
 * (cached answers after a test changed) from doing it. Someone calling window.svc.exposure with
 * made-up values on every pageview crosses both within minutes.
 */
export const DEFAULT_MISUSE_POLICY: Readonly<MisusePolicy> = Object.freeze({
  windowMs: 60 * 60 * 1000,
  minInvalid: 100,
  maxInvalidShare: 0.2,
});

/** Counts are kept per minute, so memory per site is windowMs / 1 min buckets, whatever the traffic. */
export const MISUSE_BUCKET_MS = 60_000;
/** Sites tracked at once; the least recently seen are forgotten beyond it, which errs towards not pausing. */
export const MISUSE_MAX_SITES = 100_000;

/**
 * The policy's rule on one window's counts, shared by the in-process monitor below and the one kept in
 * Redis (app/infra/redis-misuse.server.ts), so the two cannot disagree on when to pause.
 */
export function misuseWarrantsPause(policy: MisusePolicy, invalid: number, total: number): boolean {
  return total > 0 && invalid >= policy.minInvalid && invalid / total >= policy.maxInvalidShare;
}

/** Whole minutes a window spans: the number of per-minute counters kept per site. */
export function misuseWindowSlots(policy: MisusePolicy): number {
  return Math.ceil(policy.windowMs / MISUSE_BUCKET_MS);
}

interface Bucket {
  slot: number;
  invalid: number;
  total: number;
}

interface SiteWindow {
  buckets: Bucket[];
  invalid: number;
  total: number;
}

export interface MisuseVerdict {
  pause: boolean;
  invalid: number;
  total: number;
}

/**
 * Per-site sliding window of exposure verdicts. The window is whole minutes: the current minute
 * and the ones before it up to windowMs, so an exposure counts for between windowMs - 1 min and
 * windowMs. Per process, like the rate limiter.
 */
export class MisuseMonitor {
  private readonly sites = new Map<string, SiteWindow>();
  private readonly slots: number;

  constructor(
    private readonly policy: MisusePolicy = DEFAULT_MISUSE_POLICY,
    private readonly now: () => number = Date.now,
  ) {
    if (!(Number.isFinite(policy.windowMs) && policy.windowMs > 0)) throw new RangeError("windowMs must be > 0");
    if (!(Number.isFinite(policy.minInvalid) && policy.minInvalid >= 1)) throw new RangeError("minInvalid must be >= 1");
    if (!(policy.maxInvalidShare > 0 && policy.maxInvalidShare <= 1)) throw new RangeError("maxInvalidShare must be in (0, 1]");
    this.slots = misuseWindowSlots(policy);
  }

  /** Records one exposure of `siteId` and says whether the site's tests should now be paused. */
  record(siteId: string, valid: boolean): MisuseVerdict {
    const slot = Math.floor(this.now() / MISUSE_BUCKET_MS);
    const site = this.sites.get(siteId) ?? { buckets: [], invalid: 0, total: 0 };
    this.sites.delete(siteId);
    this.sites.set(siteId, site);
    if (this.sites.size > MISUSE_MAX_SITES) {
      const oldest = this.sites.keys().next();
      if (!oldest.done) this.sites.delete(oldest.value);
    }

    while (site.buckets.length > 0 && site.buckets[0]!.slot <= slot - this.slots) {
      const expired = site.buckets.shift()!;
      site.invalid -= expired.invalid;
      site.total -= expired.total;
    }
    let current = site.buckets[site.buckets.length - 1];
    // A clock that steps back lands in the newest bucket rather than reopening an older one.
    if (!current || current.slot < slot) {
      current = { slot, invalid: 0, total: 0 };
      site.buckets.push(current);
    }
    current.total++;
    site.total++;
    if (!valid) {
      current.invalid++;
      site.invalid++;
    }
    return { pause: misuseWarrantsPause(this.policy, site.invalid, site.total), invalid: site.invalid, total: site.total };
  }
}
