// The robust view: what svc must still see before it pauses, completes or serves anything by itself, once the
// networks a stranger could use are set aside (docs/results.md, "Evidence svc acts on"). Anyone can send
// events, so a conclusion that exists only because of a few networks' traffic is not acted on: the networks
// that carry an outsized share of an arm, the few that cause a sample ratio mismatch, and the few that
// support the conclusion most are left out, each arm must keep visitors from many networks, and the
// conclusion must still hold. Networks are keyed buckets of /24 and /48 (app/domain/events/network-bucket.ts).
import type { NetworkFigures } from "../events/network-plan";
import { buildResults, type ResultsInput } from "./build-results";
import { decisionSummary, type DecisionSummary } from "./decision-summary";
import { guardrailBreaches, type GuardrailBreach } from "./guardrails";
import { rollupDays, type RollupRow } from "./totals";
import type { ArmResult, ResultsView } from "./view";

/** One network's figures for one arm and goal ("" for its exposed visitors), as NetworkRollup holds them. */
export interface NetworkRollupRow extends NetworkFigures {
  armId: string;
  goal: string;
  currency: string;
  network: string;
}

/** The rule's numbers (docs/results.md and docs/security.md print them). */
export const ROBUST_RULE = {
  /** A network with more than this share of an arm's exposed visitors is set aside in every arm. */
  outsizedShare: 0.05,
  /** At most this many networks are set aside as a sample ratio mismatch's cause, or as a conclusion's support. */
  fewNetworks: 10,
  /** Each arm must keep exposed visitors from at least this many networks before svc acts by itself. */
  minNetworks: 30,
} as const;

export type SrmReading = "none" | "few-networks" | "mismatch";

export interface RobustEvidence {
  /** The view without the outsized networks, and without a mismatch's few culprits when they alone cause it. */
  base: ResultsView;
  /** Networks set aside in `base`. */
  setAside: ReadonlySet<string>;
  /** Their share of the test's exposed visitors (0 when none). */
  setAsideShare: number;
  /** The full view's sample ratio as the robust view reads it: a mismatch a few networks cause is theirs. */
  srm: SrmReading;
  /** Distinct networks with exposed visitors in the arm that has the fewest, once `setAside` is left out. */
  fewestNetworks: number;
}

/** The robust view's base: the outsized networks and a few-network mismatch's culprits left out. */
export function robustEvidence(input: ResultsInput, full: ResultsView, networks: readonly NetworkRollupRow[]): RobustEvidence {
  const exposed = exposedByNetwork(networks);
  const setAside = new Set(outsizedNetworks(input, exposed));
  let base = setAside.size > 0 ? buildResults(without(input, networks, setAside)) : full;
  let srm: SrmReading = base.srm.mismatch ? "mismatch" : full.srm.mismatch ? "few-networks" : "none";
  if (base.srm.mismatch) {
    const culprits = srmCulprits(input, exposed, setAside);
    const cleared = buildResults(without(input, networks, new Set([...setAside, ...culprits])));
    if (!cleared.srm.mismatch) {
      for (const n of culprits) setAside.add(n);
      base = cleared;
      srm = "few-networks";
    }
  }
  return { base, setAside, setAsideShare: shareOf(exposed, setAside), srm, fewestNetworks: fewestNetworks(input, exposed, setAside) };
}

/** Whether svc may act by itself at all: enough networks in every arm, and no mismatch the robust view keeps. */
export function mayActAlone(evidence: RobustEvidence): boolean {
  return evidence.srm !== "mismatch" && evidence.fewestNetworks >= ROBUST_RULE.minNetworks;
}

/**
 * The guardrail breaches that hold on the robust view: in its base, and again once the few networks that
 * support each breach most are left out too. None when svc may not act alone.
 */
export function robustGuardrailBreaches(
  input: ResultsInput,
  evidence: RobustEvidence,
  networks: readonly NetworkRollupRow[],
  guardrailGoals: readonly string[],
): GuardrailBreach[] {
  if (!mayActAlone(evidence)) return [];
  return guardrailBreaches(evidence.base, guardrailGoals).filter((breach) => {
    // A refund share counts signed orders' refunds, which no stranger can send.
    if (breach.metric === "refund share") return true;
    const goal = evidence.base.goals.find((g) => g.goal === breach.goal);
    if (!goal) return false;
    const support = supporters(goal.arms, networks, evidence.setAside, { goal: breach.goal, currency: input.currency, armId: breach.armId, direction: -1 });
    if (support.size === 0) return true;
    const view = buildResults(without(input, networks, new Set([...evidence.setAside, ...support])));
    return guardrailBreaches(view, guardrailGoals).some((b) => b.goal === breach.goal && b.armId === breach.armId && b.metric === breach.metric);
  });
}

export interface RobustDecision {
  /** The decision stands on the robust view (false while undecided, and when svc may not act alone). */
  holds: boolean;
  /** When it does not stand only because of its supporters: their share of the primary goal's converting visitors. */
  supportShare: number | null;
}

/**
 * Whether the base's decision (ship a variant, keep the control) still stands once the few networks that
 * support it most are left out; "no difference" must stand on the base alone.
 */
export function robustDecision(
  input: ResultsInput,
  evidence: RobustEvidence,
  networks: readonly NetworkRollupRow[],
  decision: DecisionSummary,
  today: string,
): RobustDecision {
  const no = { holds: false, supportShare: null };
  if (!mayActAlone(evidence) || !decision.decided) return no;
  const base = decisionSummary(evidence.base, { today, declaredWinner: null });
  if (!sameCall(base, decision)) return no;
  const primary = evidence.base.goals.find((g) => g.primary);
  if (!primary || decision.state === "no-difference") return { holds: true, supportShare: null };
  const armId = decision.called?.armId;
  if (!armId) return no;
  const support = supporters(primary.arms, networks, evidence.setAside, { goal: primary.goal, currency: input.currency, armId, direction: decision.state === "ship" ? 1 : -1 });
  if (support.size === 0) return { holds: true, supportShare: null };
  const view = buildResults(without(input, networks, new Set([...evidence.setAside, ...support])));
  if (sameCall(decisionSummary(view, { today, declaredWinner: null }), decision)) return { holds: true, supportShare: null };
  const converting = primary.arms.reduce((sum, a) => sum + a.convertingVisitors, 0);
  const carried = networks.filter((n) => n.goal === primary.goal && support.has(n.network)).reduce((sum, n) => sum + n.convertingVisitors, 0);
  return { holds: false, supportShare: converting > 0 ? carried / converting : null };
}

const percent = (share: number) => `${share < 0.01 ? "under 1" : Math.round(share * 100)}%`;

/**
 * The sentence the results page shows when the robust view and the numbers above part ways: a few networks
 * set aside (with their share of the visitors), or a decision that rests on a few networks (with their share
 * of the converting visitors). Null when there is nothing unusual to say.
 */
export function evidenceNotice(evidence: RobustEvidence, decision: RobustDecision): string | null {
  const { setAside, setAsideShare, srm } = evidence;
  const parts: string[] = [];
  if (setAside.size > 0 && (setAsideShare >= 0.01 || srm === "few-networks")) {
    const networks = `${setAside.size} network${setAside.size === 1 ? "" : "s"}`;
    parts.push(
      srm === "few-networks"
        ? `${networks} carry ${percent(setAsideShare)} of this test's visitors and alone split them unevenly.`
        : `${networks} carry ${percent(setAsideShare)} of this test's visitors, more than any network should.`,
    );
  }
  if (decision.supportShare !== null) {
    parts.push(
      `The decision rests on the ${ROBUST_RULE.fewNetworks} networks that favour it most (${percent(decision.supportShare)} of the converting visitors): ` +
        "without them it does not hold.",
    );
  }
  if (parts.length === 0) return null;
  return `Traffic from a few networks looks unusual. ${parts.join(" ")} svc leaves such traffic out before it pauses, completes or serves anything by itself; check where it comes from before you act on these numbers.`;
}

const sameCall = (a: DecisionSummary, b: DecisionSummary) => a.state === b.state && (a.called?.armId ?? null) === (b.called?.armId ?? null);

/** The results input with the figures of `networks` taken off each arm (the robust view makes no CUPED adjustment). */
export function without(input: ResultsInput, networks: readonly NetworkRollupRow[], setAside: ReadonlySet<string>): ResultsInput {
  if (setAside.size === 0) return input;
  // On the last day: the series add up day by day, and only the total may lose what these networks brought.
  const day = rollupDays(input.rollups).at(-1);
  if (day === undefined) return input;
  const off = new Map<string, RollupRow>();
  for (const n of networks) {
    if (!setAside.has(n.network)) continue;
    const key = `${n.armId}\u0000${n.goal}\u0000${n.currency}`;
    const row = off.get(key) ?? negativeRow(n.armId, n.goal, n.currency, day);
    row.exposures -= n.exposedVisitors;
    row.exposedVisitors -= n.exposedVisitors;
    row.convertingVisitors -= n.convertingVisitors;
    row.conversions -= n.conversions;
    row.revenue -= n.revenue;
    row.revenueSquares -= n.revenueSquares;
    row.cappedRevenue! -= n.cappedRevenue;
    row.cappedRevenueSquares! -= n.cappedRevenueSquares;
    row.cappedRevenueCubes! -= n.cappedRevenueCubes;
    row.conversionSquares! -= n.conversionSquares;
    row.revenueConversions! -= n.revenueConversions;
    row.cappedRevenueConversions! -= n.cappedRevenueConversions;
    off.set(key, row);
  }
  // Never more than the rows hold: a window of days (a resumed test's guardrails) holds less than the
  // network rows, which count the whole test.
  const held = new Map<string, RollupRow>();
  for (const r of input.rollups) {
    const key = `${r.armId}\u0000${r.goal}\u0000${r.currency}`;
    const sum = held.get(key) ?? negativeRow(r.armId, r.goal, r.currency, day);
    for (const f of SUBTRACTED) sum[f] = (sum[f] ?? 0) + (r[f] ?? 0);
    held.set(key, sum);
  }
  for (const [key, row] of off) {
    const have = held.get(key);
    for (const f of SUBTRACTED) row[f] = -Math.min(-(row[f] ?? 0), Math.max(0, have?.[f] ?? 0));
  }
  return { ...input, rollups: [...input.rollups, ...off.values()] };
}

const SUBTRACTED = [
  "exposures", "exposedVisitors", "convertingVisitors", "conversions", "revenue", "revenueSquares", "cappedRevenue", "cappedRevenueSquares",
  "cappedRevenueCubes", "conversionSquares", "revenueConversions", "cappedRevenueConversions",
] as const;

function negativeRow(armId: string, goal: string, currency: string, day: string): RollupRow {
  return {
    armId, goal, currency, day, exposures: 0, exposedVisitors: 0, convertingVisitors: 0, conversions: 0, revenue: 0, revenueSquares: 0, refunded: 0,
    cappedRevenue: 0, cappedRevenueSquares: 0, cappedRevenueCubes: 0, conversionSquares: 0, revenueConversions: 0, cappedRevenueConversions: 0,
    covariateSum: null, covariateSquares: null, covariateRevenueProducts: null,
    // The network rows keep no profit: what a set-aside network bought cannot be taken off it, so its per-visitor
    // sums are unknown here and a price test's robust view decides on conversion rate (profit-comparison.ts).
    profitSquares: null, profitCubes: null,
  };
}

/** Exposed visitors per network, per arm. */
function exposedByNetwork(networks: readonly NetworkRollupRow[]): Map<string, Map<string, number>> {
  const byNetwork = new Map<string, Map<string, number>>();
  for (const n of networks) {
    if (n.goal !== "" || n.exposedVisitors <= 0) continue;
    const arms = byNetwork.get(n.network) ?? new Map<string, number>();
    arms.set(n.armId, (arms.get(n.armId) ?? 0) + n.exposedVisitors);
    byNetwork.set(n.network, arms);
  }
  return byNetwork;
}

function armTotals(input: ResultsInput, exposed: Map<string, Map<string, number>>): Map<string, number> {
  const totals = new Map(input.arms.map((a) => [a.id, 0]));
  for (const arms of exposed.values()) for (const [armId, n] of arms) totals.set(armId, (totals.get(armId) ?? 0) + n);
  return totals;
}

/** Networks above ROBUST_RULE.outsizedShare of some arm's exposed visitors (as far as networks are known). */
function outsizedNetworks(input: ResultsInput, exposed: Map<string, Map<string, number>>): string[] {
  const totals = armTotals(input, exposed);
  const outsized: string[] = [];
  for (const [network, arms] of exposed) {
    for (const [armId, n] of arms) {
      const total = totals.get(armId) ?? 0;
      if (total > 0 && n > ROBUST_RULE.outsizedShare * total) {
        outsized.push(network);
        break;
      }
    }
  }
  return outsized;
}

/**
 * The few networks whose visitors lean furthest from the planned split: each network's excess in its most
 * over-represented arm, beyond what its own visitors would bring there at the arms' weights.
 */
function srmCulprits(input: ResultsInput, exposed: Map<string, Map<string, number>>, setAside: ReadonlySet<string>): string[] {
  const weightSum = input.arms.reduce((s, a) => s + Math.max(0, a.weight), 0);
  const share = (w: number) => (weightSum > 0 ? Math.max(0, w) / weightSum : 1 / input.arms.length);
  const excess: Array<[string, number]> = [];
  for (const [network, arms] of exposed) {
    if (setAside.has(network)) continue;
    const total = [...arms.values()].reduce((s, n) => s + n, 0);
    const worst = Math.max(...input.arms.map((a) => (arms.get(a.id) ?? 0) - share(a.weight) * total));
    if (worst > 0) excess.push([network, worst]);
  }
  return excess.sort((a, b) => b[1] - a[1]).slice(0, ROBUST_RULE.fewNetworks).map(([n]) => n);
}

function fewestNetworks(input: ResultsInput, exposed: Map<string, Map<string, number>>, setAside: ReadonlySet<string>): number {
  const counts = new Map(input.arms.map((a) => [a.id, 0]));
  for (const [network, arms] of exposed) {
    if (setAside.has(network)) continue;
    for (const armId of arms.keys()) counts.set(armId, (counts.get(armId) ?? 0) + 1);
  }
  return Math.min(...counts.values());
}

function shareOf(exposed: Map<string, Map<string, number>>, setAside: ReadonlySet<string>): number {
  let all = 0;
  let aside = 0;
  for (const [network, arms] of exposed) {
    const n = [...arms.values()].reduce((s, v) => s + v, 0);
    all += n;
    if (setAside.has(network)) aside += n;
  }
  return all > 0 ? aside / all : 0;
}

/**
 * The few networks that support a claim about `armId` against control most: for each network, how far the
 * arm's lift moves toward the claim (`direction` 1: the arm is better; −1: worse) because of that network's
 * visitors and conversions, on conversion rate and on revenue per visitor; the ROBUST_RULE.fewNetworks most
 * supportive of each. Leaving them out is the worst that many networks could have done to the claim.
 */
export function supporters(
  arms: readonly ArmResult[],
  networks: readonly NetworkRollupRow[],
  setAside: ReadonlySet<string>,
  claim: { goal: string; currency: string; armId: string; direction: 1 | -1 },
): Set<string> {
  const { goal, armId, direction } = claim;
  const control = arms.find((a) => a.isControl);
  const arm = arms.find((a) => a.armId === armId);
  if (!control || !arm || control.armId === arm.armId) return new Set();
  type Part = { visitors: number; converting: number; revenue: number };
  const parts = new Map<string, { control: Part; arm: Part }>();
  const partOf = (network: string) => {
    let p = parts.get(network);
    if (!p) parts.set(network, (p = { control: { visitors: 0, converting: 0, revenue: 0 }, arm: { visitors: 0, converting: 0, revenue: 0 } }));
    return p;
  };
  for (const n of networks) {
    if (setAside.has(n.network) || (n.goal !== "" && n.goal !== goal)) continue;
    const side = n.armId === control.armId ? "control" : n.armId === arm.armId ? "arm" : null;
    if (!side) continue;
    const part = partOf(n.network)[side];
    if (n.goal === "") part.visitors += n.exposedVisitors;
    else {
      part.converting += n.convertingVisitors;
      // Revenue in another currency is never added to the site's (totals.ts), here neither.
      if (n.currency === claim.currency) part.revenue += n.revenue;
    }
  }
  const rateLift = (c: Part, a: Part) => ratio(a.converting, a.visitors) / ratio(c.converting, c.visitors) - 1;
  const revenueLift = (c: Part, a: Part) => ratio(a.revenue, a.visitors) / ratio(c.revenue, c.visitors) - 1;
  const all = { control: { visitors: control.visitors, converting: control.convertingVisitors, revenue: control.revenue }, arm: { visitors: arm.visitors, converting: arm.convertingVisitors, revenue: arm.revenue } };
  const chosen = new Set<string>();
  for (const lift of [rateLift, revenueLift]) {
    const full = lift(all.control, all.arm);
    if (!Number.isFinite(full)) continue;
    const support: Array<[string, number]> = [];
    for (const [network, p] of parts) {
      const rest = lift(minus(all.control, p.control), minus(all.arm, p.arm));
      const s = Number.isFinite(rest) ? direction * (full - rest) : Infinity;
      if (s > 0) support.push([network, s]);
    }
    for (const [network] of support.sort((a, b) => b[1] - a[1]).slice(0, ROBUST_RULE.fewNetworks)) chosen.add(network);
  }
  return chosen;
}

const ratio = (a: number, b: number) => (b > 0 ? a / b : NaN);
const minus = (a: { visitors: number; converting: number; revenue: number }, b: { visitors: number; converting: number; revenue: number }) => ({
  visitors: a.visitors - b.visitors,
  converting: a.converting - b.converting,
  revenue: a.revenue - b.revenue,
});
