// Paired comparisons for the snippet bench: two page kinds measured in the same runs, one pair per run, and
// the ratio of their means with a seeded bootstrap interval over the pairs.
//
// Why paired and why means: paint timing comes in steps of a few ms (84, 88, 92 …), so a median of 20 moves
// by a whole step (≈5% of an 84 ms first paint) on noise alone; two identical no-tester pages measured a few
// seconds apart gave 64 and 56 ms warm medians in the same run. Pairing the two pages run by run removes the
// machine's drift from the comparison, a mean is not stuck on the steps, and the interval says how far the
// run can be trusted. Percentile bootstrap over pairs: Efron & Tibshirani, An Introduction to the Bootstrap
// (1993), ch. 13 and 14.3; the pairs are resampled whole, so their correlation is kept.

const mean = (values) => values.reduce((sum, v) => sum + v, 0) / values.length;

/**
 * A small seeded generator (mulberry32), so that a bench's printed intervals can be recomputed from its JSON.
 * Not app/domain/random/prng.ts: the bench runs on plain node, which cannot import TypeScript.
 */
function generator(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

/**
 * The pairs of `metric` for kinds `tested` and `baseline` (arms optional) at one latency and cache state:
 * views of the same run, both with a value. Views carry { kind, arm, latency, temperature, run, ...figures }.
 */
export function pairsOf(views, { tested, baseline, latency, temperature, metric }) {
  const pick = (side) => {
    const byRun = new Map();
    for (const v of views) {
      if (v.kind !== side.kind || (side.arm && v.arm !== side.arm) || v.latency !== latency || v.temperature !== temperature) continue;
      if (typeof v[metric] === "number") byRun.set(v.run, v[metric]);
    }
    return byRun;
  };
  const a = pick(tested);
  const b = pick(baseline);
  return [...a.keys()].filter((run) => b.has(run)).sort((x, y) => x - y).map((run) => [a.get(run), b.get(run)]);
}

/** `statistic` of the pairs, with its percentile-bootstrap interval over whole-pair resamples (seeded). */
function bootstrap(pairs, statistic, { level = 0.95, resamples = 4000, seed = 1 } = {}) {
  const n = pairs.length;
  const point = n < 2 ? null : statistic(pairs);
  if (point === null) return null;
  const random = generator(seed);
  const draws = [];
  for (let i = 0; i < resamples; i++) {
    const value = statistic(Array.from({ length: n }, () => pairs[Math.floor(random() * n)]));
    if (value !== null) draws.push(value);
  }
  draws.sort((x, y) => x - y);
  const at = (q) => draws[Math.min(draws.length - 1, Math.max(0, Math.round(q * (draws.length - 1))))];
  const tail = (1 - level) / 2;
  return { n, tested: mean(pairs.map((p) => p[0])), baseline: mean(pairs.map((p) => p[1])), point, low: at(tail), high: at(1 - tail) };
}

/**
 * The ratio of means of pairs [tested, baseline] (`point`) and its percentile-bootstrap interval (`level`,
 * default 95%). Null with fewer than 2 pairs or a zero baseline mean.
 */
export function pairedRatio(pairs, options) {
  return bootstrap(pairs, (list) => {
    const base = mean(list.map((p) => p[1]));
    return base > 0 ? mean(list.map((p) => p[0])) / base : null;
  }, options);
}

/** The mean of tested − baseline over the pairs (`point`, in the metric's unit) and its bootstrap interval. */
export function pairedDifference(pairs, options) {
  return bootstrap(pairs, (list) => mean(list.map((p) => p[0] - p[1])), options);
}

/**
 * Where an interval stands against a band [from, to]: "within" when the whole interval lies in it
 * (equivalence shown, as two one-sided tests would), "outside" when it lies wholly beyond it, and
 * "unsettled" when it crosses an edge (more pairs would tell).
 */
export function verdictOf({ low, high }, [from, to]) {
  if (low >= from && high <= to) return "within";
  if (low > to || high < from) return "outside";
  return "unsettled";
}

/**
 * The comparison of `metric` between two sides at every latency and cache state the tested side was measured
 * at: `measure` (pairedRatio or pairedDifference) over the pairs, and its verdict against `band`.
 */
export function comparePaired(views, { tested, baseline, metric, measure, band }) {
  const states = new Map();
  for (const v of views) if (v.kind === tested.kind) states.set(`${v.latency}|${v.temperature}`, { latency: v.latency, temperature: v.temperature });
  const out = [];
  for (const { latency, temperature } of states.values()) {
    const interval = measure(pairsOf(views, { tested, baseline, latency, temperature, metric }));
    if (interval) out.push({ latency, temperature, ...interval, verdict: verdictOf(interval, band) });
  }
  return out;
}
