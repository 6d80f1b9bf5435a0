import { afterEach, describe, expect, it, vi } from "vitest";
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
  afterEach(() => {
    document.head.replaceChildren();
    localStorage.clear();
  });
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

// Issue 33, row 6: the page's plan is rewritten after a test stops, not at that instant; the server's answer
// says at once. An arm the plan gave that the answer lacked is remembered (`o` of the cached answer) and
// not applied from a plan again, until an answer gives it again. Each pageview is a fresh copy of the module.
describe("arms the server stopped giving", () => {
  afterEach(() => {
    document.head.replaceChildren();
    localStorage.clear();
  });
  const print = (plan: LocalPlan) => {
    const el = document.createElement("script");
    el.type = "application/json";
    el.setAttribute("data-svc-plan", "");
    el.textContent = JSON.stringify(plan);
    document.head.replaceChildren(el);
  };
  /** A plan of tests at 100%, one arm each: every visitor gets all of them. */
  const plan = (ids: string[]): LocalPlan => ({ l: { s: "site1" }, t: ids.map((id) => ({ id, p: 100, a: [[2 ** 32, { test: id, arm: `${id}-arm`, pages: ["*"] }]] })) });
  /** What cacheConfig keeps with the answer in the app embed's build. */
  const remember = (o: unknown) => localStorage.setItem("svc_cfg", JSON.stringify({ at: 0, vid: "v1", q: "", res: { ttl: 300, tests: [] }, o }));
  const answer = (...arms: string[]) => ({ ttl: 300, tests: arms.map((arm) => ({ test: arm.replace(/-arm$/, ""), arm, pages: ["*"] })) });
  /** A new pageview: the module as the page loads it, its plan's arms for visitor v1, and what it learns from `res`. */
  async function pageview() {
    vi.resetModules();
    const local = await import("../src/local");
    const arms = local.localConfig("v1")?.tests.map((a) => a.arm);
    return { arms, learn: local.learn };
  }

  it("remembers the arms the plan gave and the answer lacks, and leaves them out of the plan from then on", async () => {
    print(plan(["paused", "running"]));
    const first = await pageview();
    expect(first.arms).toEqual(["paused-arm", "running-arm"]);
    remember(first.learn(answer("running-arm")));
    // The next pageview, the plan unchanged (not rewritten yet): the paused test's arm is not applied.
    const next = await pageview();
    expect(next.arms).toEqual(["running-arm"]);
    expect(next.learn(answer("running-arm"))).toEqual(["paused-arm"]);
  });

  it("keeps what other pages learned, and forgets an arm once an answer gives it again", async () => {
    remember(["elsewhere-arm", "paused-arm"]);
    print(plan(["paused", "running"]));
    const first = await pageview();
    expect(first.arms).toEqual(["running-arm"]);
    // Resumed: the answer gives it, so the plan applies it again next time; what this page does not list stays.
    const o = first.learn(answer("running-arm", "paused-arm"));
    expect(o).toEqual(["elsewhere-arm"]);
    remember(o);
    expect((await pageview()).arms).toEqual(["paused-arm", "running-arm"]);
  });

  it("keeps what it knew on a page without a plan", async () => {
    remember(["paused-arm"]);
    const page = await pageview();
    expect(page.arms).toBeUndefined();
    expect(page.learn(answer("running-arm"))).toEqual(["paused-arm"]);
  });

  it("never throws on what a page script wrote there, and mends it on the next answer", async () => {
    print(plan(["paused", "running"]));
    for (const o of [5, "paused-arm", { x: 1 }, [null], true]) {
      remember(o);
      const page = await pageview();
      const learned = page.learn(answer("running-arm"));
      expect(Array.isArray(learned), JSON.stringify(o)).toBe(true);
      remember(learned);
      // Read as usual on the next pageview, at the latest the one after.
      remember((await pageview()).learn(answer("running-arm")));
      expect((await pageview()).arms, JSON.stringify(o)).toEqual(["running-arm"]);
    }
    localStorage.setItem("svc_cfg", "{not json");
    expect((await pageview()).arms).toEqual(["paused-arm", "running-arm"]);
  });
});
