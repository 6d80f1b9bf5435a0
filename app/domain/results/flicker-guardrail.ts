// The flicker guardrail: a variant that keeps the page's content hidden too long costs every shopper who
// sees it, whatever it does to sales; svc pauses such a test when the merchant asked it to (Test.pauseOnFlicker).
import { oneLine } from "../events/misuse-notice";
import { ROBUST_RULE } from "./robust-view";
import type { ResultsView } from "./view";

/**
 * How many of a test's most recent exposures (all arms together) the flicker figures read, the card's and this
 * guardrail's: enough for a stable 95th percentile, and a bound on the query's cost.
 */
export const FLICKER_SAMPLE = 5_000;
/** A median time hidden at or above this is a page shoppers watch blank: half the hiding timeout (1 s). */
export const FLICKER_LIMIT_MS = 500;
/** Before this many of its recent exposures, a variant's median says too little to pause on. */
export const FLICKER_MIN_EXPOSURES = 100;

export interface FlickerBreach {
  armId: string;
  armName: string;
  medianMsHidden: number;
  exposures: number;
}

/**
 * The variants whose median time hidden, over the recent exposures the page's flicker card reads, is at or
 * above FLICKER_LIMIT_MS with at least FLICKER_MIN_EXPOSURES of them, longest first. A rule on a measured
 * median, not a statistical claim: control is never paused for (it is the page as it was).
 */
export function flickerBreaches(view: Pick<ResultsView, "arms" | "flicker">): FlickerBreach[] {
  const breaches: FlickerBreach[] = [];
  for (const arm of view.arms) {
    if (arm.isControl) continue;
    const stats = view.flicker.find((f) => f.armId === arm.armId);
    if (!stats || stats.exposures < FLICKER_MIN_EXPOSURES || stats.medianMsHidden === null) continue;
    if (stats.medianMsHidden >= FLICKER_LIMIT_MS) {
      breaches.push({ armId: arm.armId, armName: arm.name, medianMsHidden: stats.medianMsHidden, exposures: stats.exposures });
    }
  }
  return breaches.sort((a, b) => b.medianMsHidden - a.medianMsHidden);
}

/** The reason the page and the owner's email give for a flicker pause. */
export function flickerPauseReason(breaches: readonly FlickerBreach[]): string {
  const [worst] = breaches;
  if (!worst) return "";
  return (
    `Guardrail: "${oneLine(worst.armName, 80)}" kept content hidden for ${Math.round(worst.medianMsHidden)} ms at the median ` +
    `over its last ${worst.exposures} exposures (the limit is ${FLICKER_LIMIT_MS} ms), so svc paused the test and no more visitors see it. ` +
    `A variant whose elements appear late, or never, waits for the hiding timeout: check its selectors in the preview, then resume it.`
  );
}

/** One network's share of an arm's recent exposures (the flicker card's window): how many, and how many hid at or past the limit. */
export interface FlickerNetworkRow {
  armId: string;
  /** The network bucket; "" for exposures stored without one. */
  network: string;
  exposures: number;
  slow: number;
}

/**
 * The flicker breaches that hold on the robust view (app/domain/results/robust-view.ts's rule): in each
 * breaching variant's recent exposures, the networks above ROBUST_RULE.outsizedShare of them and the
 * ROBUST_RULE.fewNetworks with the most slow exposures beyond fast ones are left out; what remains must still
 * count FLICKER_MIN_EXPOSURES exposures from ROBUST_RULE.minNetworks networks, most of them at or past the limit.
 */
export function robustFlickerBreaches(view: Pick<ResultsView, "arms" | "flicker">, rows: readonly FlickerNetworkRow[]): FlickerBreach[] {
  return flickerBreaches(view).filter((breach) => {
    const arm = rows.filter((r) => r.armId === breach.armId);
    const total = arm.reduce((s, r) => s + r.exposures, 0);
    const outsized = new Set(arm.filter((r) => r.exposures > ROBUST_RULE.outsizedShare * total).map((r) => r.network));
    const support = arm
      .filter((r) => !outsized.has(r.network) && 2 * r.slow > r.exposures)
      .sort((a, b) => 2 * b.slow - b.exposures - (2 * a.slow - a.exposures))
      .slice(0, ROBUST_RULE.fewNetworks)
      .map((r) => r.network);
    const rest = arm.filter((r) => !outsized.has(r.network) && !support.includes(r.network));
    const exposures = rest.reduce((s, r) => s + r.exposures, 0);
    const slow = rest.reduce((s, r) => s + r.slow, 0);
    return exposures >= FLICKER_MIN_EXPOSURES && rest.length >= ROBUST_RULE.minNetworks && 2 * slow >= exposures;
  });
}
