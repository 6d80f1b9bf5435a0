// Sample-ratio mismatch that may be read at any time: the Dirichlet–multinomial Bayes factor of Lindon & Malek.
import { logGamma } from "./distributions/gamma";

/** Prior concentration: the Dirichlet's parameters are this many pseudo-visitors spread by the configured split. */
export const SRM_PRIOR_VISITORS = 100;

/**
 * Anytime-valid p-value of "visitors are assigned in the configured proportions" (Lindon & Malek,
 * "Anytime-valid inference for multinomial count data", NeurIPS 2022; GrowthBook documents the same test).
 * The Bayes factor of a Dirichlet(α) mixture against the null proportions π is
 *   BF = [Γ(Σα)/Γ(Σα + n)] · Π Γ(α_i + x_i)/Γ(α_i) / Π π_i^{x_i}
 * (the multinomial coefficient cancels), a nonnegative martingale under the null, so by Ville's inequality
 * P(BF ever ≥ 1/α) ≤ α: p = min(1, 1/BF) may be read after every visitor without raising false alarms.
 * α_i = SRM_PRIOR_VISITORS·π_i, the default of the authors' reference code.
 */
export function sequentialSampleRatioPValue(users: readonly number[], weights?: readonly number[]): number {
  const k = users.length;
  if (k < 2) throw new RangeError("sample ratio test needs at least 2 arms");
  const w = weights ?? users.map(() => 1);
  if (w.length !== k) throw new RangeError("weights must have one entry per arm");
  const weightTotal = w.reduce((a, b) => a + b, 0);
  const n = users.reduce((a, b) => a + b, 0);
  if (n === 0) return 1;
  let logBf = logGamma(SRM_PRIOR_VISITORS) - logGamma(SRM_PRIOR_VISITORS + n);
  for (let i = 0; i < k; i++) {
    const share = (w[i] ?? 0) / weightTotal;
    const x = users[i] ?? 0;
    // An arm configured to get nobody: any visitor there is a mismatch beyond doubt; none is no evidence.
    if (!(share > 0)) {
      if (x > 0) return 0;
      continue;
    }
    const prior = SRM_PRIOR_VISITORS * share;
    logBf += logGamma(prior + x) - logGamma(prior) - (x > 0 ? x * Math.log(share) : 0);
  }
  return Math.min(1, Math.exp(-logBf));
}
