import { describe, expect, it } from "vitest";
import { assignArm, hashToUnit } from "./assignment";
import { assignedArmOf, assignTests, groupPoint, inHoldout, inSlice, type SplitTest } from "./traffic-split";

const site = { id: "site1" };
const arms = [
  { id: "a", weight: 1 },
  { id: "b", weight: 1 },
];
const test = (id: string, group?: SplitTest["group"], trafficPercent = 100): SplitTest => ({ id, trafficPercent, arms, group });
const visitors = Array.from({ length: 20_000 }, (_, i) => `v${i}`);

describe("groupPoint and inHoldout", () => {
  it("hash their own documented keys", () => {
    expect(groupPoint("s", "g", "v")).toBe(hashToUnit("group:s:g:v") * 100);
    const share = visitors.filter((v) => hashToUnit(`holdout:site1:${v}`) * 100 < 5).length;
    expect(visitors.filter((v) => inHoldout({ id: "site1", holdoutPercent: 5 }, v)).length).toBe(share);
  });

  it("keep the holdout off at 0 and when the share is not a number", () => {
    expect(visitors.some((v) => inHoldout({ id: "site1", holdoutPercent: 0 }, v))).toBe(false);
    expect(visitors.some((v) => inHoldout({ id: "site1", holdoutPercent: Number.NaN }, v))).toBe(false);
    expect(visitors.every((v) => inHoldout({ id: "site1", holdoutPercent: 100 }, v))).toBe(true);
  });

  it("only add visitors to the holdout when its share rises", () => {
    const at5 = visitors.filter((v) => inHoldout({ id: "site1", holdoutPercent: 5 }, v));
    expect(at5.every((v) => inHoldout({ id: "site1", holdoutPercent: 10 }, v))).toBe(true);
    expect(at5.length / visitors.length).toBeCloseTo(0.05, 2);
  });

  it("treat the slice as start-inclusive and end-exclusive", () => {
    expect(inSlice(30, { start: 30, share: 20 })).toBe(true);
    expect(inSlice(49.999, { start: 30, share: 20 })).toBe(true);
    expect(inSlice(50, { start: 30, share: 20 })).toBe(false);
  });
});

describe("assignTests", () => {
  it("gives an ungrouped test its own assignment, unchanged", () => {
    for (const v of visitors.slice(0, 500)) {
      const got = assignTests(site, [test("t1"), test("t2", null, 40)], v).map((a) => `${a.test.id}/${a.arm.id}`);
      const want = ["t1", "t2"].flatMap((t) => {
        const arm = assignArm(site.id, test(t, null, t === "t2" ? 40 : 100), v);
        return arm ? [`${t}/${arm}`] : [];
      });
      expect(got).toEqual(want);
    }
  });

  it("puts a visitor in at most one test of a group, each in proportion to its slice", () => {
    const tests = [test("t1", { id: "g", start: 0, share: 30 }), test("t2", { id: "g", start: 30, share: 50 }), test("free")];
    const counts = new Map<string, number>();
    for (const v of visitors) {
      const got = assignTests(site, tests, v).map((a) => a.test.id);
      expect(got.filter((id) => id !== "free").length).toBeLessThanOrEqual(1);
      expect(got).toContain("free");
      for (const id of got) counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    expect(counts.get("t1")! / visitors.length).toBeCloseTo(0.3, 1);
    expect(counts.get("t2")! / visitors.length).toBeCloseTo(0.5, 1);
  });

  it("keeps the arm a visitor gets inside the slice the same as without the group", () => {
    const grouped = test("t1", { id: "g", start: 0, share: 50 });
    for (const v of visitors.slice(0, 2000)) {
      const got = assignTests(site, [grouped], v)[0];
      if (got) expect(got.arm.id).toBe(assignArm(site.id, grouped, v));
    }
  });

  it("lets the first test take a visitor when stored slices overlap", () => {
    const tests = [test("t1", { id: "g", start: 0, share: 60 }), test("t2", { id: "g", start: 40, share: 60 })];
    for (const v of visitors.slice(0, 2000)) {
      const got = assignTests(site, tests, v);
      expect(got.length).toBeLessThanOrEqual(1);
      const point = groupPoint(site.id, "g", v);
      if (point < 60) expect(got.map((a) => a.test.id)).toEqual(["t1"]);
    }
  });

  it("leaves the rest of a slice empty when the test's own traffic share is lower", () => {
    const tests = [test("t1", { id: "g", start: 0, share: 50 }, 50), test("t2", { id: "g", start: 0, share: 100 })];
    const inFirst = visitors.filter((v) => assignTests(site, tests, v).some((a) => a.test.id === "t1")).length;
    const inSecond = visitors.filter((v) => assignTests(site, tests, v).some((a) => a.test.id === "t2")).length;
    expect(inFirst / visitors.length).toBeCloseTo(0.25, 1);
    // The visitors of t1's slice that t1's traffic share left out are not handed to t2.
    expect(inSecond / visitors.length).toBeCloseTo(0.5, 1);
  });

  it("gives a holdout visitor nothing, and everyone else their tests", () => {
    const holdout = { id: "site1", holdoutPercent: 10 };
    let held = 0;
    for (const v of visitors.slice(0, 5000)) {
      const got = assignTests(holdout, [test("t1")], v);
      if (inHoldout(holdout, v)) {
        held += 1;
        expect(got).toEqual([]);
      } else expect(got).toHaveLength(1);
    }
    expect(held / 5000).toBeCloseTo(0.1, 1);
  });

  it("answers one test's arm the same way (assignedArmOf)", () => {
    const tests = [test("t1", { id: "g", start: 0, share: 50 }), test("t2", { id: "g", start: 50, share: 50 })];
    for (const v of visitors.slice(0, 500)) {
      const got = assignTests(site, tests, v);
      expect(assignedArmOf(site, tests, "t1", v)?.id ?? null).toBe(got.find((a) => a.test.id === "t1")?.arm.id ?? null);
      expect(assignedArmOf(site, tests, "nope", v)).toBeNull();
    }
  });
});
