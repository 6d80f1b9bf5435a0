import { describe, expect, it } from "vitest";
import { patchesFor, previewPatchesFor, PATCHES_TTL_SECONDS } from "./patches-response";
import type { RunningTest, SiteConfig } from "../sites/site-config";

const test: RunningTest = {
  id: "t1",
  pages: ["/landing"],
  trafficPercent: 100,
  arms: [
    { id: "t1-a", key: "control", weight: 1, patches: [], redirectUrl: null },
    { id: "t1-b", key: "b", weight: 1, patches: [{ op: "text", sel: "#h", value: "B" }], redirectUrl: null },
    { id: "t1-bad", key: "bad", weight: 0, patches: [{ op: "explode" }], redirectUrl: null },
  ],
  goals: [{ label: "signup", kind: "submit", selector: "form", urlPattern: null }],
};

describe("previewPatchesFor", () => {
  it("answers only the forced arm, not to be reused (ttl 0)", () => {
    expect(previewPatchesFor(test, "t1-b")).toEqual({
      ttl: 0,
      tests: [{ test: "t1", arm: "t1-b", pages: ["/landing"], when: "#h", patches: [{ op: "text", sel: "#h", value: "B" }], goals: [{ kind: "submit", goal: "signup", sel: "form" }] }],
    });
  });

  it("forces the control too, with the same exposure condition", () => {
    expect(previewPatchesFor(test, "t1-a")?.tests).toEqual([expect.objectContaining({ arm: "t1-a", when: "#h" })]);
    expect(previewPatchesFor(test, "t1-a")?.tests[0]).not.toHaveProperty("patches");
  });

  it("has nothing for an arm that is not the test's, or whose patches are unusable", () => {
    expect(previewPatchesFor(test, "t2-b")).toBeNull();
    expect(previewPatchesFor(test, "t1-bad")).toBeNull();
  });
});

describe("patchesFor", () => {
  it("gives a visitor one usable arm of each running test, reusable for the normal ttl", () => {
    const site = { id: "s1", tests: [{ ...test, arms: test.arms.slice(0, 2) }] } as SiteConfig;
    const res = patchesFor(site, "visitor-1");
    expect(res.ttl).toBe(PATCHES_TTL_SECONDS);
    expect(res.tests).toHaveLength(1);
    expect(["t1-a", "t1-b"]).toContain(res.tests[0]?.arm);
  });

  it("gives every visitor a served winner, with no goals to measure", () => {
    const served = { id: "t0", pages: ["/"], arm: test.arms[1]! };
    const site = { id: "s1", tests: [], served: [served] } as unknown as SiteConfig;
    for (const vid of ["v1", "v2", "v3"]) {
      expect(patchesFor(site, vid).tests).toEqual([{ test: "t0", arm: "t1-b", pages: ["/"], when: "#h", patches: [{ op: "text", sel: "#h", value: "B" }] }]);
    }
  });
});
