// Whether an exposure event tells the truth, which false ones count as evidence of misuse by the site
// itself, and when that evidence warrants pausing the abused test (docs/decisions/014-misuse-evidence.md).

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

/**
 * Whether a judged claim counts in the abused test's window at all, and whether it is evidence. Only a
 * claim that could come from the site itself counts: sent by a page on one of the site's own origins
 * (`fromSiteOrigin`), about a running test, by a visitor assignment put in that test ("wrong-arm": the
 * visitor was served the test and claims another arm). A claim without Origin, from another origin, by a
 * visitor outside the test or naming a test that is not running is dropped and counts for nothing.
 */
export function claimWeight(verdict: ExposureVerdict, fromSiteOrigin: boolean): "none" | "valid" | "evidence" {
  if (!fromSiteOrigin) return "none";
  if (verdict === "valid") return "valid";
  return verdict === "wrong-arm" ? "evidence" : "none";
}

/**
 * The site's own origins, the only ones whose claims count: its allowed origins, a web site's domain, a
 * Shopify site's https://<shop>.myshopify.com. `extra` adds the app's own origin for the local demo's sites.
 */
export function siteOwnOrigins(
  site: { kind: "shopify" | "web"; domain: string | null; shopDomain: string; allowedOrigins: readonly string[] },
  extra: readonly string[] = [],
): string[] {
  const origins = new Set<string>([...site.allowedOrigins, ...extra]);
  if (site.kind === "shopify") origins.add(`https://${site.shopDomain}`);
  if (site.domain) {
    try {
      origins.add(new URL(site.domain).origin);
    } catch {
      // Not a URL: no origin of its own.
    }
  }
  return [...origins];
}

// Kept exported from here for the monitor's callers; its home is client-network.ts.
export { clientNetwork } from "./client-network";

export interface MisusePolicy {
  /** Length of the sliding window over which a test's claims are counted. */
  windowMs: number;
  /** Pause only when at least this many distinct visitors made false claims in the window... */
  minVisitors: number;
  /** ...from at least this many distinct client networks (IPv4 /24, IPv6 /48)... */
  minNetworks: number;
  /** ...the oldest of them at least this long ago (no burst can pause, however large)... */
  minSpanMs: number;
  /** ...and the false claims are at least this share (0..1] of the test's claims from the site in the window. */
  minShare: number;
}

/**
 * An hour; 50 visitors from 20 networks over at least 15 minutes; 20 %. A page script that calls
 * window.svc.exposure with wrong values on every pageview of a site with real traffic crosses all of them
 * within the hour; one client, or a few, never does, whatever it sends, and a burst never does.
 */
export const DEFAULT_MISUSE_POLICY: Readonly<MisusePolicy> = Object.freeze({
  windowMs: 60 * 60 * 1000,
  minVisitors: 50,
  minNetworks: 20,
  minSpanMs: 15 * 60 * 1000,
  minShare: 0.2,
});

/** A policy with the given fields changed, checked; throws a RangeError naming a bad field. */
export function misusePolicy(changes: Partial<MisusePolicy> = {}): Readonly<MisusePolicy> {
  const policy = { ...DEFAULT_MISUSE_POLICY, ...changes };
  if (!(Number.isInteger(policy.windowMs) && policy.windowMs >= MISUSE_BUCKET_MS)) throw new RangeError("windowMs must be a whole number of ms >= 60000");
  for (const field of ["minVisitors", "minNetworks"] as const) {
    if (!(Number.isInteger(policy[field]) && policy[field] >= 1 && policy[field] <= MISUSE_MAX_MEMBERS)) {
      throw new RangeError(`${field} must be a whole number from 1 to ${MISUSE_MAX_MEMBERS}`);
    }
  }
  if (!(Number.isFinite(policy.minSpanMs) && policy.minSpanMs >= 0 && policy.minSpanMs < policy.windowMs)) throw new RangeError("minSpanMs must be >= 0 and below windowMs");
  if (!(policy.minShare > 0 && policy.minShare <= 1)) throw new RangeError("minShare must be in (0, 1]");
  return Object.freeze(policy);
}

/** Claim counts are kept per minute, so memory per test is windowMs / 1 min buckets, whatever the traffic. */
export const MISUSE_BUCKET_MS = 60_000;
/** Tests tracked at once per process; the least recently seen are forgotten beyond it, which errs towards not pausing. */
export const MISUSE_MAX_TESTS = 10_000;
/** The most visitors (or networks) a policy may ask for; a window keeps no more than the policy asks. */
export const MISUSE_MAX_MEMBERS = 1_000;

/** One test's window as both monitors sum it; the decision is misuseWarrantsPause's. */
export interface MisuseWindow {
  /** False claims counted as evidence. */
  evidence: number;
  /** All claims counted (evidence and valid ones). */
  claims: number;
  /** Distinct visitors, and distinct networks, with evidence (at most the policy's thresholds are kept). */
  visitors: number;
  networks: number;
  /** From the first evidence of the visitors kept to now; 0 without evidence. */
  spanMs: number;
}

/**
 * The policy's rule on one window, shared by the in-process monitor below and the one kept in Redis
 * (app/infra/redis-misuse.server.ts), so the two cannot disagree on when to pause.
 */
export function misuseWarrantsPause(policy: MisusePolicy, w: MisuseWindow): boolean {
  return (
    w.evidence > 0 &&
    w.visitors >= policy.minVisitors &&
    w.networks >= policy.minNetworks &&
    w.spanMs >= policy.minSpanMs &&
    w.evidence / w.claims >= policy.minShare
  );
}

/** Whole minutes a window spans: the number of per-minute counters kept per test. */
export function misuseWindowSlots(policy: MisusePolicy): number {
  return Math.ceil(policy.windowMs / MISUSE_BUCKET_MS);
}

/** What one batch adds to one test's window: its counted claims, and who sent them. */
export interface MisuseObservation {
  claims: number;
  evidence: number;
  /** The batch's visitor id; added to the window's visitors only with evidence. */
  visitor: string;
  /** The client's network, hashed; null when unknown (then it adds no network). */
  network: string | null;
}

export interface MisuseVerdict extends MisuseWindow {
  pause: boolean;
}

interface Bucket {
  slot: number;
  evidence: number;
  claims: number;
}

interface TestWindow {
  buckets: Bucket[];
  evidence: number;
  claims: number;
  /** Member → when it first brought evidence (ms); insertion order is that order. */
  visitors: Map<string, number>;
  networks: Map<string, number>;
}

/** Drops members first seen at or before `horizon` (oldest first), keeping the insertion order. */
function prune(members: Map<string, number>, horizon: number): void {
  for (const [member, at] of members) {
    if (at > horizon) break;
    members.delete(member);
  }
}

/**
 * Per-test sliding window of counted claims. Counts are whole minutes (the current one and those before
 * it up to windowMs); visitors and networks are kept with the time they first brought evidence, for
 * windowMs, at most the policy's threshold of each (a new one is not added past it). Per process; the
 * Redis monitor keeps the same window for every instance.
 */
export class MisuseMonitor {
  private readonly tests = new Map<string, TestWindow>();
  private readonly slots: number;

  constructor(
    private readonly policy: MisusePolicy = DEFAULT_MISUSE_POLICY,
    private readonly now: () => number = Date.now,
  ) {
    misusePolicy(policy);
    this.slots = misuseWindowSlots(policy);
  }

  /** Adds one batch's claims about the test `key` and says whether the test should now be paused. */
  record(key: string, seen: MisuseObservation): MisuseVerdict {
    const now = this.now();
    const slot = Math.floor(now / MISUSE_BUCKET_MS);
    const test: TestWindow = this.tests.get(key) ?? { buckets: [], evidence: 0, claims: 0, visitors: new Map(), networks: new Map() };
    this.tests.delete(key);
    this.tests.set(key, test);
    if (this.tests.size > MISUSE_MAX_TESTS) {
      const oldest = this.tests.keys().next();
      if (!oldest.done) this.tests.delete(oldest.value);
    }

    while (test.buckets.length > 0 && test.buckets[0]!.slot <= slot - this.slots) {
      const expired = test.buckets.shift()!;
      test.evidence -= expired.evidence;
      test.claims -= expired.claims;
    }
    let current = test.buckets[test.buckets.length - 1];
    // A clock that steps back lands in the newest bucket rather than reopening an older one.
    if (!current || current.slot < slot) {
      current = { slot, evidence: 0, claims: 0 };
      test.buckets.push(current);
    }
    current.claims += seen.claims;
    current.evidence += seen.evidence;
    test.claims += seen.claims;
    test.evidence += seen.evidence;

    const horizon = now - this.policy.windowMs;
    prune(test.visitors, horizon);
    prune(test.networks, horizon);
    if (seen.evidence > 0) {
      if (!test.visitors.has(seen.visitor) && test.visitors.size < this.policy.minVisitors) test.visitors.set(seen.visitor, now);
      if (seen.network !== null && !test.networks.has(seen.network) && test.networks.size < this.policy.minNetworks) {
        test.networks.set(seen.network, now);
      }
    }
    const first = test.visitors.values().next();
    const window: MisuseWindow = {
      evidence: test.evidence,
      claims: test.claims,
      visitors: test.visitors.size,
      networks: test.networks.size,
      spanMs: test.evidence > 0 && !first.done ? Math.max(0, now - first.value) : 0,
    };
    return { ...window, pause: misuseWarrantsPause(this.policy, window) };
  }

  /** Forgets the test's window: its evidence never counts again (after a pause, and when it is resumed). */
  clear(key: string): void {
    this.tests.delete(key);
  }
}
