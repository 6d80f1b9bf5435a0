import { describe, expect, it } from "vitest";
import { localAssignments, type LocalPlan } from "~/wire/rules/local-plan";
import { patchesFor } from "../experiments/patches-response";
import type { ArmConfig, RunningTest, SiteConfig } from "../sites/site-config";
import { shopifySite } from "./shopify-site.fixture";
import { buildHidePlan, MAX_PLAN_CHARS, type HideSourceTest } from "./hide-plan";
import { localParts, MAX_LOCAL_TEST_CHARS, scriptSafeJson } from "./local-plan";

const arm = (id: string, weight: number, patches: unknown[] = []): ArmConfig => ({ id, key: id, weight, patches, redirectUrl: null });
const text = (sel: string, value: string) => ({ op: "text", sel, value });
const running = (id: string, over: Partial<RunningTest> = {}): RunningTest => ({
  id,
  pages: ["/products/*"],
  trafficPercent: 100,
  arms: [arm(`${id}-a`, 1), arm(`${id}-b`, 1, [text("#title", `${id} B`)])],
  goals: [{ label: "signup", kind: "click", selector: "#buy", urlPattern: null }],
  ...over,
});

/** A site with every shape the rule has: traffic shares, uneven and zero weights, a group of two, page conditions, a served winner, the holdout. */
const site: SiteConfig = shopifySite({
  tests: [
    running("plain"),
    running("partial", { trafficPercent: 37.5, arms: [arm("p-a", 1), arm("p-b", 2, [text("#p", "2")]), arm("p-c", 3, [text("#p", "3")]), arm("p-z", 0, [text("#p", "0")])] }),
    running("g1", { group: { id: "grp", start: 0, share: 40 } }),
    running("g2", { group: { id: "grp", start: 40, share: 35 }, trafficPercent: 80 }),
    running("promo", { audience: [{ kind: "query", name: "promo", values: ["spring"] }, { kind: "cookie", name: "vip", values: [] }] }),
  ],
  served: [{ id: "won", pages: ["/"], arm: arm("won-b", 1, [text("#hero", "Winner")]) }],
  holdout: { runId: "holdout-run-1", percent: 10, since: new Date("2026-11-01") },
});

/** The plan the embed prints on a page where every test's checks hold. */
function planOf(config: SiteConfig): LocalPlan {
  const parts = localParts(config)!;
  return { l: JSON.parse(parts.l), t: parts.tests.map((t) => JSON.parse(t.entry!)) };
}

describe("local assignment agrees with GET /api/patches", () => {
  it("for 10,000 visitors: the same tests, arms and Assignments, in the same order", () => {
    const plan = planOf(site);
    let inTests = 0;
    let held = 0;
    const arms = new Set<string>();
    for (let i = 0; i < 10_000; i++) {
      const vid = `v${i.toString(36)}x${(i * 2654435761) % 2 ** 32}`;
      const server = patchesFor(site, vid, () => ({}) as never).tests;
      expect(localAssignments(plan, vid), vid).toEqual(server);
      inTests += server.length;
      if (server.some((a) => a.arm === "holdout")) held++;
      for (const a of server) arms.add(a.arm);
    }
    // The sample reaches every branch: both sides of the holdout, every arm with a weight, never the zero-weight one.
    expect(held).toBeGreaterThan(800);
    expect(held).toBeLessThan(1200);
    expect([...arms].sort()).toEqual(["g1-a", "g1-b", "g2-a", "g2-b", "holdout", "p-a", "p-b", "p-c", "plain-a", "plain-b", "promo-a", "promo-b", "rest", "won-b"]);
    expect(inTests).toBeGreaterThan(30_000);
  });

  it("without the holdout, and for weights too large for a double's exact product", () => {
    const big = { ...site, holdout: null, tests: [running("huge", { arms: [arm("h-a", 2 ** 40 + 1), arm("h-b", 2 ** 52), arm("h-c", 3)] })] };
    const plan = planOf(big);
    for (let i = 0; i < 2_000; i++) expect(localAssignments(plan, `w${i}`)).toEqual(patchesFor(big, `w${i}`).tests);
  });
});

describe("localParts", () => {
  it("leaves to the server a test whose audience the page cannot check, and one with an arm it would not serve", () => {
    const config = {
      ...site,
      tests: [running("device", { audience: [{ kind: "device", values: ["mobile"] }] }), running("broken", { arms: [arm("x-a", 1), arm("x-b", 1, [{ op: "explode" }])] }), running("ok")],
    };
    expect(localParts(config)!.tests.map((t) => [t.id, t.entry !== null])).toEqual([["device", false], ["broken", false], ["ok", true], ["won", true]]);
  });

  it("is off where only the server can tell who may be assigned: the team's visits left out, or a paused site", () => {
    expect(localParts({ ...site, excludeStaff: true })).toBeNull();
    expect(localParts({ ...site, status: "paused" })).toBeNull();
  });

  it("leaves a test past MAX_LOCAL_TEST_CHARS to the server", () => {
    const long = running("long", { arms: [arm("l-a", 1), arm("l-b", 1, [text("#x", "y".repeat(MAX_LOCAL_TEST_CHARS))])] });
    expect(localParts({ ...site, tests: [long] })!.tests[0]).toEqual({ id: "long", entry: null });
  });

  it("writes JSON that cannot close or confuse its script element, and reads back the same", () => {
    const value = { html: "</script><!-- <script>alert(1)</script> & \u2028\u2029" };
    const json = scriptSafeJson(value);
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(json)).toEqual(value);
  });
});

describe("buildHidePlan with the local plan", () => {
  const source = (test: RunningTest, startedAt: number): HideSourceTest => ({ id: test.id, status: "running", pages: test.pages, startedAt: new Date(startedAt), arms: test.arms });

  it("carries every test, its entry, the site part and the build; in /api/patches' order", () => {
    const config = { ...site, served: [], tests: [running("late"), running("redirect-only", { arms: [arm("r-a", 1), { ...arm("r-b", 1), redirectUrl: "/b" }] })] };
    const parts = localParts(config)!;
    // Started in the other order: the plan still lists them as /api/patches does.
    const plan = buildHidePlan({ status: "active", tests: [source(config.tests[1]!, 1), source(config.tests[0]!, 2)] }, parts, "abc123def456");
    expect(plan.tests.map((t) => [t.id, t.sel, t.a])).toEqual([
      ["late", ["#title"], parts.tests[0]!.entry],
      ["redirect-only", [], parts.tests[1]!.entry],
    ]);
    expect(plan.l).toBe(parts.l);
    expect(plan.b).toBe("abc123def456");
  });

  it("under the size cap drops local entries first, then tests, and with a test left out, the whole local plan", () => {
    const fat = (id: string) => running(id, { arms: [arm(`${id}-a`, 1), arm(`${id}-b`, 1, [text("#t", "z".repeat(MAX_LOCAL_TEST_CHARS - 400))])] });
    const tests = Array.from({ length: 6 }, (_, i) => fat(`t${i}`));
    const config = { ...site, served: [], holdout: null, tests };
    const plan = buildHidePlan({ status: "active", tests: tests.map((t, i) => source(t, i)) }, localParts(config));
    expect(JSON.stringify(plan).length).toBeLessThanOrEqual(MAX_PLAN_CHARS);
    expect(plan.tests).toHaveLength(6);
    // The earliest started keep their entries; the later ones hide, and are left to the server.
    expect(plan.tests.map((t) => t.a !== undefined)).toEqual([true, true, true, false, false, false]);
    expect(plan.l).toBeDefined();

    const many = Array.from({ length: 3_000 }, (_, i) => running(`m${i}`, { pages: [`/p/${"q".repeat(20)}${i}`] }));
    const crowded = buildHidePlan({ status: "active", tests: many.map((t, i) => source(t, i)) }, localParts({ ...config, tests: many }));
    expect(crowded.tests.length).toBeLessThan(many.length);
    expect(crowded.l).toBeUndefined();
  });
});
