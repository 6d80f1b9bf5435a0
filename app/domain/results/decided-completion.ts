// What a test that stops itself once decided (the schedule's stop, svc's own actions) completes with: the
// decision summary's state turned into a winner, or none.
import type { DecisionState } from "./decision-summary";

/**
 * The completion a decision calls for when the test stops itself: ship names the variant ahead as the
 * winner, keep-control the control, no-difference no winner; null while undecided or untrustworthy (SRM:
 * the merchant must look, not svc).
 */
export function decidedCompletion(
  state: DecisionState,
  arms: { controlId: string; leadingVariantId: string | null },
): { winnerArmId: string | null; endedBy: "ship" | "keep-control" | "no-difference" } | null {
  if (state === "ship") return arms.leadingVariantId ? { winnerArmId: arms.leadingVariantId, endedBy: "ship" } : null;
  if (state === "keep-control") return { winnerArmId: arms.controlId, endedBy: "keep-control" };
  if (state === "no-difference") return { winnerArmId: null, endedBy: "no-difference" };
  return null;
}
