import { describe, expect, it } from "vitest";
import { holdoutArmOf, patchesFor, previewPatchesFor, PATCHES_TTL_SECONDS } from "./patches-response";
import { inHoldout } from "~/wire/rules/traffic-split";
import { withBuyNowHidden } from "./buy-now";
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

  it("exposes an offer test's visitors on its pages, not only where svc's Buy-it-now hiding finds buttons", () => {
    const hideBuyNow = withBuyNowHidden([], true) as RunningTest["arms"][number]["patches"];
    const offerTest: RunningTest = {
      ...test,
      arms: [
        { id: "t1-a", key: "control", weight: 1, patches: hideBuyNow, redirectUrl: null },
        { id: "t1-b", key: "b", weight: 1, patches: hideBuyNow, redirectUrl: null },
      ],
    };
    const [served] = patchesFor({ id: "s1", tests: [offerTest] } as SiteConfig, "visitor-1").tests;
    expect(served?.patches).toEqual([{ op: "hide", sel: ".shopify-payment-button" }]);
    expect(served).not.toHaveProperty("when");
    // With a change of its own, the test is exposed where that change applies, the buttons' hiding after it.
    const changed = { ...offerTest, arms: offerTest.arms.map((a) => ({ ...a, patches: withBuyNowHidden([{ op: "text", sel: "#h", value: "B" }], true) as typeof a.patches })) };
    expect(patchesFor({ id: "s1", tests: [changed] } as SiteConfig, "visitor-1").tests[0]?.when).toBe("#h");
  });

  it("gives every visitor a served winner, with no goals to measure", () => {
    const served = { id: "t0", pages: ["/"], arm: test.arms[1]! };
    const site = { id: "s1", tests: [], served: [served] } as unknown as SiteConfig;
    for (const vid of ["v1", "v2", "v3"]) {
      expect(patchesFor(site, vid).tests).toEqual([{ test: "t0", arm: "t1-b", pages: ["/"], when: "#h", patches: [{ op: "text", sel: "#h", value: "B" }] }]);
    }
  });

  it("ships a served winner to its test's audience only, page rules included", () => {
    const served = { id: "t0", pages: ["/"], arm: test.arms[1]!, audience: [{ kind: "device" as const, values: ["mobile"] }, { kind: "query" as const, name: "promo", values: [] as string[] }] };
    const site = { id: "s1", tests: [], served: [served] } as unknown as SiteConfig;
    const phone = () => visitorFacts({ userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0) Mobile/15E148" });
    const desktop = () => visitorFacts({ userAgent: "Mozilla/5.0 (X11; Linux x86_64)" });
    expect(patchesFor(site, "v1", phone).tests).toEqual([expect.objectContaining({ test: "t0", if: [["?promo=", "?promo&", "&promo=", "&promo&"]] })]);
    expect(patchesFor(site, "v1", desktop).tests).toEqual([]);
    expect(patchesFor(site, "v1").tests).toEqual([]);
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

  it("puts a visitor in at most one test of a group", () => {
    const arms = test.arms.slice(0, 2);
    const site = {
      id: "s1",
      tests: [
        { ...test, id: "g1", arms, group: { id: "g", start: 0, share: 50 } },
        { ...test, id: "g2", arms, group: { id: "g", start: 50, share: 50 } },
      ],
    } as SiteConfig;
    const seen = new Set<string>();
    for (let i = 0; i < 400; i++) {
      const tests = patchesFor(site, `v${i}`).tests.map((t) => t.test);
      expect(tests).toHaveLength(1);
      seen.add(tests[0]!);
    }
    expect([...seen].sort()).toEqual(["g1", "g2"]);
  });

  it("serves the holdout nothing but its own mark, and everyone else their tests, winners and the mark", () => {
    const served = { id: "t0", pages: ["/"], arm: test.arms[1]! };
    const site = {
      id: "s1",
      tests: [{ ...test, arms: test.arms.slice(0, 2) }],
      served: [served],
      holdout: { runId: "holdout-run", percent: 30, since: new Date() },
    } as unknown as SiteConfig;
    const held = Array.from({ length: 200 }, (_, i) => `v${i}`).filter((v) => inHoldout({ id: "s1", holdoutPercent: 30 }, v));
    const rest = Array.from({ length: 200 }, (_, i) => `v${i}`).filter((v) => !held.includes(v));
    expect(held.length).toBeGreaterThan(30);
    for (const vid of held) {
      expect(holdoutArmOf(site, vid)).toBe("holdout");
      // The running tests' automatic goals ride on the mark, so both sides are watched alike.
      expect(patchesFor(site, vid).tests).toEqual([{ test: "holdout-run", arm: "holdout", pages: ["*"], goals: [{ kind: "submit", goal: "signup", sel: "form" }] }]);
    }
    for (const vid of rest.slice(0, 50)) {
      expect(patchesFor(site, vid).tests.map((t) => `${t.test}/${t.test === "holdout-run" ? t.arm : ""}`)).toEqual(["t1/", "t0/", "holdout-run/rest"]);
    }
    expect(holdoutArmOf({ id: "s1", holdout: null }, "v1")).toBeNull();
  });
});
