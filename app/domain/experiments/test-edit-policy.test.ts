import { describe, expect, it } from "vitest";
import { checkEdit, lockExplanation, structureEditable } from "./test-edit-policy";
import type { ParsedTest } from "./test-form";

const test: ParsedTest = {
  siteId: "site1",
  name: "Headline",
  hypothesis: null,
  pages: ["/"],
  trafficPercent: 100,
  minDetectableEffect: 0.1,
  groupId: null,
  groupShare: null,
  offerTitle: "Winter price",
  buyNow: "hide",
  arms: [
    { key: "control", name: "Control", weight: 1, patches: [], redirectUrl: null, offer: null },
    { key: "b", name: "B", weight: 1, patches: [{ op: "style", sel: "h1", props: { color: "red", "font-weight": "bold" } }], redirectUrl: null, offer: { k: "order", percent: 10 } },
  ],
  goals: [{ label: "signup", kind: "custom", selector: null, urlPattern: null, isPrimary: true, isGuardrail: false }],
  audience: [],
};

describe("test edit policy", () => {
  it("lets a draft change anything", () => {
    expect(structureEditable("draft")).toBe(true);
    expect(lockExplanation("draft")).toBeNull();
    expect(checkEdit("draft", test, { ...test, pages: ["/x"], trafficPercent: 5 })).toEqual({ ok: true });
  });

  it("lets a running or paused test change its name, hypothesis and MDE only", () => {
    for (const status of ["running", "paused", "completed"] as const) {
      expect(checkEdit(status, test, { ...test, name: "New", hypothesis: "Why", minDetectableEffect: 0.2 })).toEqual({ ok: true });
    }
  });

  it("refuses pages, traffic, group, arms, weights, patches, goals and the discount's title on a test that has run, naming each", () => {
    const b = test.arms[1]!;
    const refusals: Array<[Partial<ParsedTest>, string]> = [
      [{ pages: ["/", "/a"] }, "pages"],
      [{ trafficPercent: 50 }, "trafficPercent"],
      [{ arms: [test.arms[0]!, { ...b, weight: 2 }] }, "arms"],
      [{ arms: [test.arms[0]!, { ...b, patches: [{ op: "hide", sel: "h1" }] }] }, "arms"],
      [{ arms: [test.arms[0]!, { ...b, name: "Renamed" }] }, "arms"],
      // What a variant charges: changing it mid-test would compare two prices under one arm.
      [{ arms: [test.arms[0]!, { ...b, offer: { k: "order", percent: 15 } }] }, "arms"],
      [{ arms: [test.arms[0]!, { ...b, offer: null }] }, "arms"],
      [{ goals: [{ ...test.goals[0]!, label: "other" }] }, "goals"],
      [{ audience: [{ kind: "device", values: ["mobile"] }] }, "audience"],
      [{ siteId: "site2" }, "siteId"],
      [{ groupId: "g1" }, "groupId"],
      [{ groupShare: 30 }, "groupShare"],
      // What checkout showed beside the discount: shoppers of a test that has run saw it.
      [{ offerTitle: "Spring price" }, "offerTitle"],
      [{ offerTitle: null }, "offerTitle"],
      // Which orders its results count.
      [{ buyNow: "exclude" }, "buyNow"],
    ];
    for (const [change, part] of refusals) {
      const decision = checkEdit("running", test, { ...test, ...change });
      expect(decision.ok).toBe(false);
      if (!decision.ok) {
        expect(Object.keys(decision.errors).sort()).toEqual(["form", part].sort());
        expect(decision.errors.form).toMatch(/duplicate it as a new draft/);
      }
    }
    expect(checkEdit("paused", test, { ...test, trafficPercent: 1 }).ok).toBe(false);
  });

  it("does not see a change in the order of style properties", () => {
    const b = test.arms[1]!;
    const reordered = { ...b, patches: [{ op: "style" as const, sel: "h1", props: { "font-weight": "bold", color: "red" } }] };
    expect(checkEdit("running", test, { ...test, arms: [test.arms[0]!, reordered] })).toEqual({ ok: true });
  });

  it("explains the lock by status", () => {
    expect(lockExplanation("running")).toMatch(/is running/);
    expect(lockExplanation("paused")).toMatch(/has collected data/);
    expect(lockExplanation("completed")).toMatch(/has ended/);
  });
});
