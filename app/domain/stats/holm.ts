// Holm's step-down correction: the verdict's p-values when several variants are compared with one control.

/**
 * Holm-adjusted p-values, in the order given (Holm, "A simple sequentially rejective multiple test
 * procedure", Scand. J. Statist. 6:65, 1979): sort ascending, multiply the i-th smallest by (k − i + 1), carry
 * the running maximum, cap at 1. Rejecting where the adjusted value is below α keeps the family-wise error at
 * α for any dependence between the comparisons. With always-valid p-values it stays valid under optional
 * stopping: Holm rejects more only as p-values fall, so a rejection at any look implies one on each sequence's
 * running minimum, which is itself a valid p-value (Johari, Koomen, Pekelis & Walsh, "Always valid inference",
 * Operations Research 70(3), 2022, §6 on multiple testing).
 */
export function holmAdjust(pValues: readonly number[]): number[] {
  const k = pValues.length;
  const order = pValues.map((p, i) => ({ p, i })).sort((x, y) => x.p - y.p);
  const adjusted = new Array<number>(k).fill(1);
  let running = 0;
  order.forEach(({ p, i }, rank) => {
    running = Math.max(running, Math.min(1, (k - rank) * p));
    adjusted[i] = running;
  });
  return adjusted;
}
