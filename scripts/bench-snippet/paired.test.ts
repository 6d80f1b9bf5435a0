import { describe, expect, it } from "vitest";
import { standardNormal } from "~/domain/random/draws";
import { createRng } from "~/domain/random/prng";
import { comparePaired, pairedDifference, pairedRatio, pairsOf, verdictOf, type PairedView } from "./paired.mjs";

const view = (kind: string, run: number, fcp: number | null, over: Partial<PairedView> = {}): PairedView => ({
  kind,
  latency: 0,
  temperature: "cold",
  run,
  fcp,
  ...over,
});

describe("pairsOf", () => {
  it("pairs the two kinds by run, at the asked latency and cache state, leaving out runs either side lacks", () => {
    const views = [
      view("svc", 1, 90),
      view("none", 1, 80),
      view("svc", 2, 100),
      view("none", 3, 70),
      view("svc", 4, null),
      view("none", 4, 60),
      view("svc", 5, 95, { temperature: "warm" }),
      view("none", 5, 85, { temperature: "warm" }),
      view("svc", 6, 95, { latency: 150 }),
      view("none", 6, 85, { latency: 150 }),
    ];
    const pairs = pairsOf(views, { tested: { kind: "svc" }, baseline: { kind: "none" }, latency: 0, temperature: "cold", metric: "fcp" });
    expect(pairs).toEqual([[90, 80]]);
  });

  it("tells arms of one kind apart", () => {
    const views = [view("shopify", 1, 12, { arm: "control" }), view("shopify", 1, 10, { arm: "variant" })];
    const pairs = pairsOf(views, { tested: { kind: "shopify", arm: "control" }, baseline: { kind: "shopify", arm: "variant" }, latency: 0, temperature: "cold", metric: "fcp" });
    expect(pairs).toEqual([[12, 10]]);
  });
});

describe("pairedRatio", () => {
  it("is the ratio of the means, inside its own interval, and the same for the same seed", () => {
    const pairs: Array<[number, number]> = [[90, 80], [88, 84], [100, 92], [84, 84], [96, 88]];
    const result = pairedRatio(pairs, { seed: 7 })!;
    expect(result.point).toBeCloseTo(458 / 428, 10);
    expect(result.low).toBeLessThanOrEqual(result.point);
    expect(result.high).toBeGreaterThanOrEqual(result.point);
    expect(pairedRatio(pairs, { seed: 7 })).toEqual(result);
  });

  it("is null with fewer than two pairs or a zero baseline", () => {
    expect(pairedRatio([[90, 80]])).toBeNull();
    expect(pairedRatio([[1, 0], [2, 0]])).toBeNull();
  });

  // Seeded simulation of the bench's case: first paints in 4 ms steps around 84 ms, the two pages sharing each
  // run's drift. The 95% interval must hold the true ratio in about 95% of benches, and be narrower than ±5%
  // at 60 pairs, or the bench could not tell a 5% cost from none.
  it("covers the true ratio about 95% of the time at 60 pairs, with an interval narrower than ±5%", () => {
    const rng = createRng(12345);
    const draw = () => standardNormal(rng);
    const step = (ms: number) => Math.round(ms / 4) * 4;
    const benches = 400;
    let covered = 0;
    let widthSum = 0;
    for (let b = 0; b < benches; b++) {
      const pairs: Array<[number, number]> = [];
      for (let run = 0; run < 60; run++) {
        const drift = 12 * draw();
        pairs.push([step(84 * 1.03 + drift + 6 * draw()), step(84 + drift + 6 * draw())]);
      }
      const result = pairedRatio(pairs, { seed: b + 1, resamples: 1000 })!;
      if (result.low <= 1.03 && 1.03 <= result.high) covered++;
      widthSum += result.high - result.low;
    }
    expect(covered / benches).toBeGreaterThan(0.91);
    expect(covered / benches).toBeLessThan(0.99);
    // Half-width under 0.05: a 5% cost is told from none.
    expect(widthSum / benches / 2).toBeLessThan(0.05);
  });
});

describe("pairedDifference", () => {
  it("is the mean of the differences, with an interval that excludes 0 when one side is always longer", () => {
    const pairs: Array<[number, number]> = Array.from({ length: 20 }, (_, i) => [110 + (i % 3), 100 + (i % 5)]);
    const result = pairedDifference(pairs)!;
    expect(result.point).toBeCloseTo(pairs.reduce((s, [a, b]) => s + a - b, 0) / 20, 10);
    expect(result.low).toBeGreaterThan(0);
  });
});

describe("verdictOf", () => {
  it("says within only when the whole interval is in the band, outside when wholly beyond it", () => {
    expect(verdictOf({ low: 0.97, high: 1.04 }, [0.95, 1.05])).toBe("within");
    expect(verdictOf({ low: 0.99, high: 1.07 }, [0.95, 1.05])).toBe("unsettled");
    expect(verdictOf({ low: 1.06, high: 1.2 }, [0.95, 1.05])).toBe("outside");
    expect(verdictOf({ low: 0.8, high: 0.9 }, [0.95, 1.05])).toBe("outside");
  });
});

describe("comparePaired", () => {
  it("compares the sides at each latency and cache state the tested side has, with a verdict on the band", () => {
    const views: PairedView[] = [];
    for (let run = 1; run <= 10; run++) {
      views.push(view("svc", run, 84 + (run % 2) * 4), view("none", run, 84 + (run % 3) * 4));
      views.push(view("svc", run, 200 + run * 4, { latency: 150 }), view("none", run, 150, { latency: 150 }));
    }
    const result = comparePaired(views, { tested: { kind: "svc" }, baseline: { kind: "none" }, metric: "fcp", measure: pairedRatio, band: [0.95, 1.05] });
    expect(result.map((r) => [r.latency, r.temperature, r.n, r.verdict])).toEqual([
      [0, "cold", 10, "within"],
      [150, "cold", 10, "outside"],
    ]);
  });
});
