// Log-beta and the regularized incomplete beta function, the base of the Student-t CDF.
import { logGamma, logGammaDifference } from "./gamma";

const EPSILON = 1e-16;
const TINY = 1e-300;
const MAX_ITERATIONS = 100_000;

/** ln B(a, b), kept accurate when one argument is huge (Welch df in the millions) and the other small. */
export function logBeta(a: number, b: number): number {
  const small = Math.min(a, b);
  const large = Math.max(a, b);
  return logGamma(small) + logGammaDifference(large, small);
}

/** Continued fraction for I_x(a, b) (Numerical Recipes in C, 2nd ed., §6.4, betacf), modified Lentz method. */
function continuedFraction(a: number, b: number, x: number, y: number): number {
  const qab = a + b;
  const qap = a + 1;
  const qam = a - 1;
  let c = 1;
  // 1 − (a+b)x/(a+1) rewritten through y = 1 − x: no cancellation when x is near 1 and a is huge.
  let d = (1 - b + qab * y) / qap;
  if (Math.abs(d) < TINY) d = TINY;
  d = 1 / d;
  let h = d;
  for (let m = 1; m <= MAX_ITERATIONS; m++) {
    const m2 = 2 * m;
    let aa = (m * (b - m) * x) / ((qam + m2) * (a + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < TINY) d = TINY;
    c = 1 + aa / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    h *= d * c;
    aa = (-(a + m) * (qab + m) * x) / ((a + m2) * (qap + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < TINY) d = TINY;
    c = 1 + aa / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < EPSILON) break;
  }
  return h;
}

/**
 * Regularized incomplete beta I_x(a, b). `y` is 1 − x; callers that know it more precisely than `1 - x`
 * (x close to 1) pass it so the complement keeps its digits.
 */
export function regularizedBeta(x: number, a: number, b: number, y: number = 1 - x): number {
  if (!(a > 0) || !(b > 0)) throw new RangeError(`incomplete beta needs a, b > 0, got a=${a}, b=${b}`);
  if (!(x >= 0 && x <= 1)) throw new RangeError(`incomplete beta needs 0 ≤ x ≤ 1, got ${x}`);
  if (x === 0) return 0;
  if (y === 0) return 1;
  // Take each logarithm from whichever of x, y is small, so neither loses digits when the other is near 1.
  const logX = x > 0.5 ? Math.log1p(-y) : Math.log(x);
  const logY = y > 0.5 ? Math.log1p(-x) : Math.log(y);
  const logFront = a * logX + b * logY - logBeta(a, b);
  // The fraction converges fast only on the side of the mean a/(a+b); use symmetry on the other side.
  if (x < (a + 1) / (a + b + 2)) return (Math.exp(logFront) * continuedFraction(a, b, x, y)) / a;
  return 1 - (Math.exp(logFront) * continuedFraction(b, a, y, x)) / b;
}
