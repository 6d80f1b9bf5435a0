// How many distinct goal labels a site's results may hold. Any shopper can call window.svc.convert with
// any label, so without a bound one made-up label per request grew the rollups and the results page
// without end (10,000 labels: a 7.9 s, 80 MB page that blocked the event loop).

/**
 * A site's conversions count under at most this many distinct labels besides its tests' configured goals
 * (and Shopify's `purchase`); the labels past it count under OTHER_GOAL. Documented in docs/api.md
 * ("Limits") and docs/results.md.
 */
export const MAX_GOAL_LABELS = 100;

/** The one label every label past MAX_GOAL_LABELS counts under. isGoalLabel accepts it, so it is a label like any other. */
export const OTHER_GOAL = "(other labels)";

/**
 * Which of `labels` (in arrival order) are counted as themselves: those already `admitted` or
 * `configured`, and new ones while fewer than `max` are admitted. Answers the label each is counted under,
 * and adds the newly admitted ones to `admitted`.
 */
export function admitGoalLabels(labels: readonly string[], admitted: Set<string>, configured: ReadonlySet<string>, max = MAX_GOAL_LABELS): string[] {
  return labels.map((label) => {
    if (configured.has(label) || admitted.has(label)) return label;
    if (admitted.size >= max) return OTHER_GOAL;
    admitted.add(label);
    return label;
  });
}
