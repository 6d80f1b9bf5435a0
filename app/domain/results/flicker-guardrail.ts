// The flicker guardrail: a variant that keeps the page's content hidden too long costs every shopper who
// sees it, whatever it does to sales; svc pauses such a test when the merchant asked it to (Test.pauseOnFlicker).
import { oneLine } from "../events/misuse-notice";
import type { ResultsView } from "./view";

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
