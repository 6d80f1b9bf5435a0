// That the CSS check reads hostile input in linear time: a ratio of two sizes measured in the same run. It
// times what it sees, so it runs in the serial lane (TIMING_FILES in vitest.config.ts), at normal priority.
import { describe, expect, it } from "vitest";
import { cssUrlProblems } from "./css-urls";

describe("cssUrlProblems on hostile input", () => {
  // Growth, not a duration: ten times the input must take about ten times as long, never a hundred (a quadratic
  // reading). Each figure is the best of several interleaved runs.
  it.each([
    ["url(", (k: number) => "url(".repeat(500 * k)],
    ["\\", (k: number) => "\\".repeat(2000 * k)],
    ["/*", (k: number) => "/*".repeat(1000 * k)],
    ['"', (k: number) => '"'.repeat(2000 * k)],
    ['image-set( then "x"', (k: number) => "image-set(".repeat(500 * k) + '"x"'.repeat(100 * k)],
  ] as const)("stays linear on hostile input: %s repeated", (_name, hostile) => {
    const small = hostile(1);
    const large = hostile(10);
    const time = (css: string) => {
      const started = performance.now();
      cssUrlProblems(css);
      return performance.now() - started;
    };
    time(large);
    let bestSmall = Infinity;
    let bestLarge = Infinity;
    for (let i = 0; i < 7; i++) {
      bestSmall = Math.min(bestSmall, time(small));
      bestLarge = Math.min(bestLarge, time(large));
    }
    expect(bestLarge / Math.max(bestSmall, 0.01)).toBeLessThan(30);
  });
});
