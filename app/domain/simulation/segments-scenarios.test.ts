import { describe, expect, it } from "vitest";
import { createRng, deriveSeed } from "../random/prng";
import { runChunk } from "./suite";
import { SEGMENT_DAILY_VISITORS, SEGMENT_DAYS, SIM_SEGMENTS, segmentScenarios, simulateSegments, type SegmentsLook } from "./segments-scenarios";

const rng = (i: number) => createRng(deriveSeed(34, "segments-test", i));

function looks(i: number, spec: Parameters<typeof simulateSegments>[1]) {
  const seen: SegmentsLook[] = [];
  const reading = simulateSegments(rng(i), spec, (look) => seen.push(look));
  return { reading, seen };
}

describe("the segments card's simulated tests", () => {
  it("read the card at the end of every day, from rows in which every dimension adds up to the arm", () => {
    const { seen } = looks(1, { arms: 3, goals: 2 });
    expect(seen.map((l) => l.day)).toEqual(Array.from({ length: SEGMENT_DAYS }, (_, d) => d + 1));
    const last = seen.at(-1)!;
    const armVisitors = (arm: string) => last.rollups.find((r) => r.armId === arm && r.goal === "")!.exposedVisitors;
    expect(["A", "B", "C"].reduce((sum, arm) => sum + armVisitors(arm), 0)).toBe(SEGMENT_DAILY_VISITORS * SEGMENT_DAYS);
    for (const { dimension } of SIM_SEGMENTS) {
      for (const arm of ["A", "B", "C"]) {
        const of = (goal: string) => last.segments.filter((r) => r.dimension === dimension && r.armId === arm && r.goal === goal);
        expect(of("").reduce((sum, r) => sum + r.exposedVisitors, 0)).toBe(armVisitors(arm));
        const bought = last.rollups.find((r) => r.armId === arm && r.goal === "purchase")!.convertingVisitors;
        expect(of("purchase").reduce((sum, r) => sum + r.convertingVisitors, 0)).toBe(bought);
      }
    }
    // The card the results service would build: one family over 23 segments × 2 variants × 2 goals.
    expect(last.card.comparisons).toBe(23 * 2 * 2);
    expect(last.card.dimensions.map((d) => d.dimension)).toEqual(["device", "visitor", "channel", "country"]);
  });

  it("draw segments by their shares and convert at the shop's rate, buyers having added to cart first", () => {
    const { seen } = looks(2, { arms: 2, goals: 2 });
    const rows = seen.at(-1)!.segments;
    const total = SEGMENT_DAILY_VISITORS * SEGMENT_DAYS;
    const sum = (pick: (r: (typeof rows)[number]) => boolean, field: "exposedVisitors" | "convertingVisitors") =>
      rows.filter(pick).reduce((s, r) => s + r[field], 0);
    const mobile = sum((r) => r.value === "mobile" && r.goal === "", "exposedVisitors") / total;
    // 0.62 ± 3 binomial standard errors (0.0029 at 28,000 visitors).
    expect(Math.abs(mobile - 0.62)).toBeLessThan(0.009);
    const buyers = sum((r) => r.dimension === "device" && r.goal === "purchase", "convertingVisitors") / total;
    expect(Math.abs(buyers - 0.05)).toBeLessThan(0.004);
    for (const r of rows.filter((x) => x.goal === "purchase")) {
      const cart = rows.find((x) => x.goal === "add to cart" && x.armId === r.armId && x.dimension === r.dimension && x.value === r.value);
      expect(cart?.convertingVisitors ?? 0).toBeGreaterThanOrEqual(r.convertingVisitors);
    }
  });

  it("find a large real effect in its segment, on its side, and say when", () => {
    const { reading, seen } = looks(3, { arms: 2, goals: 1, effect: { dimension: "device", value: "mobile", lift: 1 } });
    expect(reading.foundDay).not.toBeNull();
    const found = seen[reading.foundDay! - 1]!.card.dimensions[0]!.segments.find((s) => s.value === "mobile")!.goals[0]!.arms[1]!;
    expect(found.ciLow!).toBeGreaterThan(0);
    // A lift among mobile visitors shows in the segments that hold them too: a story, here a true one.
    expect(reading.firstExcludingDay).not.toBeNull();
    expect(reading.firstExcludingDay!).toBeLessThanOrEqual(reading.foundDay!);
  });

  it("are the same for the same seed and count each test once per line", () => {
    const [aa] = segmentScenarios();
    expect(aa).toBeDefined();
    const tallies = runChunk(aa!, 21, 0, 2);
    expect(runChunk(aa!, 21, 0, 2)).toEqual(tallies);
    for (const line of aa!.lines) expect(tallies[line.id]?.n).toBe(2);
    expect(segmentScenarios().flatMap((s) => s.lines.map((l) => l.id))).toHaveLength(8);
  }, 30_000);
});
