// That the markup check reads hostile input in linear time: a ratio of two sizes measured in the same run. It
// times what it sees, so it runs in the serial lane (TIMING_FILES in vitest.config.ts), at normal priority.
import { describe, expect, it } from "vitest";
import { markupProblems } from "./markup";

describe("markupProblems on hostile input", () => {
  // Growth, not a duration: ten times the input must take about ten times as long, never a hundred (a quadratic
  // reading). Each figure is the best of several interleaved runs. Before closingTags, unclosed <textarea>s took
  // ~80 times as long for ten times the input. At the lowest priority beside the serial lane, a 2.7 ms run was cut
  // into slices often enough to read 55 here: hence this file's place in that lane.
  it.each(['<a title="', "<textarea>", "<!--", "<a<a<a<a ", '<title></title x="'])("stays linear on hostile input: %j repeated", (unit) => {
    const hostile = (length: number) => unit.repeat(Math.ceil(length / unit.length)).slice(0, length);
    const small = hostile(10_000);
    const large = hostile(100_000);
    const time = (html: string) => {
      const started = performance.now();
      markupProblems(html);
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
