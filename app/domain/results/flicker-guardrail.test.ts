import { describe, expect, it } from "vitest";
import { FLICKER_LIMIT_MS, FLICKER_MIN_EXPOSURES, flickerBreaches, flickerPauseReason } from "./flicker-guardrail";
import type { FlickerStats, ResultsView } from "./view";

const arms: ResultsView["arms"] = [
  { armId: "a", key: "control", name: "Original", weight: 1, isControl: true },
  { armId: "b", key: "b", name: "Late banner", weight: 1, isControl: false },
  { armId: "c", key: "c", name: "Quick", weight: 1, isControl: false },
];
const stats = (armId: string, medianMsHidden: number | null, exposures = 500): FlickerStats => ({
  armId, exposures, medianMsToApply: 100, p95MsToApply: 300, medianMsHidden, p95MsHidden: medianMsHidden,
});

describe("flickerBreaches", () => {
  it("names a variant hidden at or over the limit at the median, never control", () => {
    const flicker = [stats("a", 900), stats("b", FLICKER_LIMIT_MS), stats("c", 40)];
    expect(flickerBreaches({ arms, flicker })).toEqual([{ armId: "b", armName: "Late banner", medianMsHidden: FLICKER_LIMIT_MS, exposures: 500 }]);
  });
  it("waits for enough exposures and needs a measured median", () => {
    expect(flickerBreaches({ arms, flicker: [stats("b", 1000, FLICKER_MIN_EXPOSURES - 1)] })).toEqual([]);
    expect(flickerBreaches({ arms, flicker: [stats("b", null)] })).toEqual([]);
    expect(flickerBreaches({ arms, flicker: [stats("b", FLICKER_LIMIT_MS - 1)] })).toEqual([]);
  });
  it("puts the longest first and says why in the pause reason", () => {
    const breaches = flickerBreaches({ arms, flicker: [stats("b", 600), stats("c", 950, 120)] });
    expect(breaches.map((b) => b.armName)).toEqual(["Quick", "Late banner"]);
    expect(flickerPauseReason(breaches)).toMatch(/^Guardrail: "Quick" kept content hidden for 950 ms at the median over its last 120 exposures \(the limit is 500 ms\), so svc paused the test/);
    expect(flickerPauseReason([])).toBe("");
  });
});
