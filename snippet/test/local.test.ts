import { afterEach, describe, expect, it } from "vitest";
import vectors from "../../app/wire/rules/assignment.cases.json";
import { armThresholds, murmur3x86_32 } from "../../app/wire/rules/assignment";
import { localAssignments, type LocalPlan } from "../../app/wire/rules/local-plan";
import { localConfig } from "../src/local";

// The portable assignment cases the server's tests run (app/wire/rules/assignment.test.ts), run here through
// what the snippet bundles: the hash, and localAssignments over a plan as the server digests it.
const testsById = new Map(vectors.tests.map((t) => [t.id, t]));
const planFor = (siteId: string, testId: string): LocalPlan => {
  const test = testsById.get(testId)!;
  const thresholds = armThresholds(test.arms.map((a) => a.weight));
  return { l: { s: siteId }, t: [{ id: test.id, p: test.trafficPercent, a: thresholds.map((t, i) => [t, { test: test.id, arm: test.arms[i]!.id, pages: ["*"] }]) }] };
};

describe("local assignment (shared cases)", () => {
  it.each(vectors.hashes)("hashes $input", ({ input, hash }) => {
    expect(murmur3x86_32(input)).toBe(hash);
  });

  it.each(vectors.cases)("$siteId / $testId / $visitorId → $expected", ({ siteId, testId, visitorId, expected }) => {
    expect(localAssignments(planFor(siteId, testId), visitorId).map((a) => a.arm)).toEqual(expected === null ? [] : [expected]);
  });
});

describe("localConfig", () => {
  afterEach(() => document.head.replaceChildren());
  const print = (text: string) => {
    const el = document.createElement("script");
    el.type = "application/json";
    el.setAttribute("data-svc-plan", "");
    el.textContent = text;
    document.head.append(el);
  };

  it("answers as the server would, from the page's plan, validated as a server answer", () => {
    const plan = planFor("abc123", "t1");
    print(JSON.stringify(plan));
    expect(localConfig("v1")).toEqual({ ttl: 0, tests: localAssignments(plan, "v1") });
  });

  it("is undefined without a plan, or with one that does not parse, has the wrong shape or an invalid arm", () => {
    expect(localConfig("v1")).toBeUndefined();
    for (const text of ["{", "null", '{"l":{"s":"abc123"}}', JSON.stringify({ l: { s: "a" }, t: [{ id: "t", p: 100, a: [[2 ** 32, { test: "t", arm: "bad arm!", pages: [] }]] }] })]) {
      document.head.replaceChildren();
      print(text);
      expect(localConfig("v1"), text).toBeUndefined();
    }
  });
});
