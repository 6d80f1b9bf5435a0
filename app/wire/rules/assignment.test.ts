import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { assignArm, hashToUnit, murmur3x86_32, type TestAllocation } from "./assignment";
import vectors from "./assignment.cases.json";

const testsById = new Map(vectors.tests.map((t) => [t.id, t as TestAllocation]));
const visitorId = fc.stringMatching(/^[A-Za-z0-9_-]{1,64}$/);

describe("murmur3x86_32", () => {
  it.each([
    // Published MurmurHash3 x86_32 vectors (seed 0), independent of the cases file.
    ["", 0],
    ["\u0000\u0000\u0000\u0000", 0x2362f9de],
    ["abc", 0xb3dd93fa],
    ["Hello, world!", 0xc0363e43],
    ["The quick brown fox jumps over the lazy dog", 0x2e4ff723],
  ])("hashes %j to the published value", (input, expected) => {
    expect(murmur3x86_32(input)).toBe(expected);
  });

  it.each(vectors.hashes)("matches the reference for $input", ({ input, hash, unit }) => {
    expect(murmur3x86_32(input)).toBe(hash);
    expect(hashToUnit(input)).toBe(unit);
  });

  it("stays in [0, 1)", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme" }), (s) => {
        const u = hashToUnit(s);
        return u >= 0 && u < 1;
      }),
    );
  });
});

describe("assignArm", () => {
  it.each(vectors.cases)("$siteId / $testId / $visitorId → $expected", ({ siteId, testId, visitorId, expected }) => {
    expect(assignArm(siteId, testsById.get(testId)!, visitorId)).toBe(expected);
  });

  it("gives every arm something in the shipped cases, so the file exercises the arm walk", () => {
    const seen = new Set(vectors.cases.map((c) => `${c.testId}/${c.expected}`));
    for (const arm of ["t1/control", "t1/b", "t2/null", "t3/b", "t3/c", "big-weights/x", "big-weights/y"]) {
      expect(seen).toContain(arm);
    }
  });

  const split: TestAllocation = {
    id: "t",
    trafficPercent: 100,
    arms: [
      { id: "a", weight: 1 },
      { id: "b", weight: 2 },
      { id: "zero", weight: 0 },
      { id: "c", weight: 7 },
    ],
  };

  it("splits visitors in proportion to the weights and never picks a zero-weight arm", () => {
    const n = 20_000;
    const counts = new Map<string | null, number>();
    for (let i = 0; i < n; i++) {
      const arm = assignArm("site", split, `visitor-${i}`);
      counts.set(arm, (counts.get(arm) ?? 0) + 1);
    }
    expect(counts.get("zero")).toBeUndefined();
    expect(counts.get(null)).toBeUndefined();
    // 5 standard deviations of a binomial share: fails only on a real bias.
    for (const [arm, share] of [["a", 0.1], ["b", 0.2], ["c", 0.7]] as const) {
      const tolerance = 5 * Math.sqrt((share * (1 - share)) / n);
      expect(Math.abs((counts.get(arm) ?? 0) / n - share)).toBeLessThan(tolerance);
    }
  });

  it("includes about trafficPercent of visitors, and the arm split is independent of inclusion", () => {
    const n = 20_000;
    const test: TestAllocation = { id: "t", trafficPercent: 30, arms: [{ id: "a", weight: 1 }, { id: "b", weight: 1 }] };
    let included = 0;
    let inB = 0;
    for (let i = 0; i < n; i++) {
      const arm = assignArm("site", test, `v${i}`);
      if (arm !== null) included++;
      if (arm === "b") inB++;
    }
    expect(Math.abs(included / n - 0.3)).toBeLessThan(5 * Math.sqrt((0.3 * 0.7) / n));
    expect(Math.abs(inB / included - 0.5)).toBeLessThan(5 * Math.sqrt(0.25 / included));
  });

  it("is deterministic and depends on site, test and visitor", () => {
    const test: TestAllocation = { id: "t", trafficPercent: 100, arms: [{ id: "a", weight: 1 }, { id: "b", weight: 1 }] };
    const arms = (site: string, testId: string) =>
      Array.from({ length: 64 }, (_, i) => assignArm(site, { ...test, id: testId }, `v${i}`)).join();
    expect(arms("s1", "t")).toBe(arms("s1", "t"));
    expect(arms("s1", "t")).not.toBe(arms("s2", "t"));
    expect(arms("s1", "t")).not.toBe(arms("s1", "u"));
  });

  it("keeps every included visitor's arm when the traffic share rises", () => {
    fc.assert(
      fc.property(
        visitorId,
        fc.double({ min: 0, max: 100, noNaN: true }),
        fc.double({ min: 0, max: 100, noNaN: true }),
        (vid, p, q) => {
          const [low, high] = p <= q ? [p, q] : [q, p];
          const before = assignArm("site", { ...split, trafficPercent: low }, vid);
          const after = assignArm("site", { ...split, trafficPercent: high }, vid);
          return before === null || before === after;
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("gives the full-traffic arm to anyone included at a lower share", () => {
    fc.assert(
      fc.property(visitorId, fc.integer({ min: 0, max: 100 }), (vid, p) => {
        const partial = assignArm("site", { ...split, trafficPercent: p }, vid);
        return partial === null || partial === assignArm("site", split, vid);
      }),
    );
  });

  it.each([
    ["no arms", { id: "t", trafficPercent: 100, arms: [] }],
    ["all weights 0", { id: "t", trafficPercent: 100, arms: [{ id: "a", weight: 0 }, { id: "b", weight: 0 }] }],
    ["weights below 1", { id: "t", trafficPercent: 100, arms: [{ id: "a", weight: 0.9 }] }],
    ["negative and non-finite weights", { id: "t", trafficPercent: 100, arms: [{ id: "a", weight: -3 }, { id: "b", weight: Number.NaN }, { id: "c", weight: Infinity }] }],
    ["0% traffic", { id: "t", trafficPercent: 0, arms: [{ id: "a", weight: 1 }] }],
    ["negative traffic", { id: "t", trafficPercent: -5, arms: [{ id: "a", weight: 1 }] }],
    ["NaN traffic", { id: "t", trafficPercent: Number.NaN, arms: [{ id: "a", weight: 1 }] }],
  ] as Array<[string, TestAllocation]>)("assigns nobody with %s", (_, test) => {
    for (let i = 0; i < 200; i++) expect(assignArm("site", test, `v${i}`)).toBeNull();
  });

  it("includes everybody at 100% or more, and a single weighted arm takes all", () => {
    const test: TestAllocation = { id: "t", trafficPercent: 150, arms: [{ id: "z", weight: 0 }, { id: "only", weight: 5 }] };
    for (let i = 0; i < 200; i++) expect(assignArm("site", test, `v${i}`)).toBe("only");
  });
});
