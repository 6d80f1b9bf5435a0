import { describe, expect, it } from "vitest";
import { patchesFor, previewPatchesFor, PATCHES_TTL_SECONDS } from "./patches-response";
import type { RunningTest, SiteConfig } from "../sites/site-config";
import { visitorFacts } from "~/wire/rules/audience";

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

  it("leaves out a test whose audience the visitor is outside of, and reads the facts once and only when needed", () => {
    const mobile = { ...test, id: "t2", arms: test.arms.slice(0, 2), audience: [{ kind: "device" as const, values: ["mobile"] }] };
    const everyone = { ...test, arms: test.arms.slice(0, 2) };
    const site = { id: "s1", tests: [everyone, mobile, { ...mobile, id: "t3" }] } as SiteConfig;
    let reads = 0;
    const facts = (ua: string) => () => (reads++, visitorFacts({ userAgent: ua, nv: "1" }));
    expect(patchesFor(site, "v1", facts("Mozilla/5.0 (X11; Linux x86_64)")).tests.map((a) => a.test)).toEqual(["t1"]);
    expect(reads).toBe(1);
    expect(patchesFor(site, "v1", facts("Mozilla/5.0 (iPhone; CPU iPhone OS 17_0) Mobile/15E148")).tests.map((a) => a.test)).toEqual(["t1", "t2", "t3"]);
    // Without facts an audience-targeted test is served to no one; without an audience facts are never read.
    expect(patchesFor(site, "v1").tests.map((a) => a.test)).toEqual(["t1"]);
    reads = 0;
    patchesFor({ id: "s1", tests: [everyone] } as SiteConfig, "v1", facts(""));
    expect(reads).toBe(0);
  });

  it("hands the page rules of an audience to the snippet in `if`, deciding nothing about them", () => {
    const promo = { ...test, arms: test.arms.slice(0, 2), audience: [{ kind: "query" as const, name: "promo", values: [] as string[] }] };
    const res = patchesFor({ id: "s1", tests: [promo] } as SiteConfig, "v1", () => visitorFacts({}));
    expect(res.tests).toEqual([expect.objectContaining({ test: "t1", if: [["?promo=", "?promo&", "&promo=", "&promo&"]] })]);
  });
});
