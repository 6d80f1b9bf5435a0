import { describe, expect, it } from "vitest";
import { firstOccurrences, planIngest, type KnownFacts, type PlanEvent, type PlanSite } from "./ingest-plan";

const at = (minute: number) => new Date(Date.UTC(2026, 10, 24, 12, minute));
const started = (...ids: string[]) => new Map(ids.map((id) => [id, { id, startedAt: at(-60), endedAt: null }] as const));
const shop: PlanSite = { id: "s1", currency: "USD", tests: started("t1", "t2") };
const euroShop: PlanSite = { id: "s2", currency: "EUR", tests: started("t9") };
const nothing: KnownFacts = { sessionExposures: [], visitorExposures: [], exposedVisitors: [], visitorHistory: [], recordedConversions: [], revenueBefore: [] };

const exposure = (o: Partial<Extract<PlanEvent, { kind: "exposure" }>> & { eventId: string }): PlanEvent => ({
  kind: "exposure", site: shop, visitorId: "v1", sessionId: "a", occurredAt: at(0), testId: "t1", armId: "t1-b", msToApply: 5, msHidden: 1, ...o,
});
const conversion = (o: Partial<Extract<PlanEvent, { kind: "conversion" }>> & { eventId: string }): PlanEvent => ({
  kind: "conversion", site: shop, visitorId: "v1", sessionId: "a", occurredAt: at(5), goal: "buy", value: null, ...o,
});

describe("firstOccurrences", () => {
  it("keeps the first of an id repeated inside a batch and across the group's batches", () => {
    const e = (eventId: string, siteId = "s1") => ({ siteId, eventId });
    expect(firstOccurrences([[e("x"), e("y"), e("x")], [e("y"), e("z"), e("x", "s2")]])).toEqual([
      [true, true, false],
      [false, true, true],
    ]);
  });
});

describe("planIngest", () => {
  it("keeps a session's first exposure per test and counts a visitor once across two sessions in one group", () => {
    const plan = planIngest(
      [
        exposure({ eventId: "e1" }),
        exposure({ eventId: "e2", armId: "t1-a" }),
        exposure({ eventId: "e3", sessionId: "b" }),
        exposure({ eventId: "e4", sessionId: "b", testId: "t2", armId: "t2-a" }),
      ],
      nothing,
    );
    expect(plan.exposures.map((x) => x.eventId)).toEqual(["e1", "e3", "e4"]);
    expect(plan.rollups).toEqual([
      expect.objectContaining({ testId: "t1", armId: "t1-b", goal: "", day: "2026-11-24", exposures: 2, exposedVisitors: 1 }),
      expect.objectContaining({ testId: "t2", armId: "t2-a", exposures: 1, exposedVisitors: 1 }),
    ]);
  });

  it("does not count a visitor or session the database already knows", () => {
    const plan = planIngest([exposure({ eventId: "e1" }), exposure({ eventId: "e2", sessionId: "b" })], {
      ...nothing,
      sessionExposures: [{ siteId: "s1", sessionId: "a", testId: "t1" }],
      exposedVisitors: [{ siteId: "s1", testId: "t1", visitorId: "v1", covariate: 0 }],
    });
    expect(plan.exposures.map((x) => x.eventId)).toEqual(["e2"]);
    expect(plan.rollups).toEqual([expect.objectContaining({ exposures: 1, exposedVisitors: 0 })]);
  });

  it("attributes a conversion to an exposure written earlier in the group, not to one that arrives after it", () => {
    const plan = planIngest(
      [
        conversion({ eventId: "c0", visitorId: "v2", sessionId: "b", occurredAt: at(9) }),
        exposure({ eventId: "e1" }),
        conversion({ eventId: "c1", value: 10 }),
        exposure({ eventId: "e2", visitorId: "v2", sessionId: "b", occurredAt: at(1) }),
      ],
      nothing,
    );
    expect(plan.conversions.map((c) => c.eventId)).toEqual(["c0", "c1"]);
    expect(plan.attributions).toEqual([{ siteId: "s1", eventId: "c1", testId: "t1", armId: "t1-b" }]);
  });

  it("attributes a conversion in another session of an exposed visitor, stored or earlier in the group", () => {
    const plan = planIngest(
      [
        exposure({ eventId: "e1", sessionId: "a" }),
        conversion({ eventId: "c1", sessionId: "b", occurredAt: at(60), value: 50 }),
        conversion({ eventId: "c2", visitorId: "v2", sessionId: "d", occurredAt: at(60) }),
        conversion({ eventId: "c3", visitorId: "v3", sessionId: "e", occurredAt: at(60) }),
      ],
      { ...nothing, visitorExposures: [{ siteId: "s1", visitorId: "v2", testId: "t2", armId: "t2-a", exposedAt: at(-30), covariate: 0 }] },
    );
    expect(plan.attributions).toEqual([
      { siteId: "s1", eventId: "c1", testId: "t1", armId: "t1-b" },
      { siteId: "s1", eventId: "c2", testId: "t2", armId: "t2-a" },
    ]);
    expect(plan.rollups.filter((r) => r.goal === "buy").map((r) => [r.testId, r.armId, r.conversions, r.revenue])).toEqual([
      ["t1", "t1-b", 1, 50],
      ["t2", "t2-a", 1, 0],
    ]);
  });

  it("counts nothing dated before the test's start: not the exposure, not the conversion", () => {
    const late: PlanSite = { ...shop, tests: new Map([["t1", { id: "t1", startedAt: at(10), endedAt: null }]]) };
    const plan = planIngest(
      [
        exposure({ eventId: "e1", site: late, occurredAt: at(5) }),
        conversion({ eventId: "c1", site: late, occurredAt: at(20) }),
        exposure({ eventId: "e2", site: late, visitorId: "v2", sessionId: "b", occurredAt: at(12) }),
        conversion({ eventId: "c2", site: late, visitorId: "v2", sessionId: "b", occurredAt: at(8) }),
        conversion({ eventId: "c3", site: late, visitorId: "v2", sessionId: "b", occurredAt: at(13) }),
      ],
      nothing,
    );
    expect(plan.exposures.map((e) => e.eventId)).toEqual(["e2"]);
    expect(plan.attributions.map((a) => a.eventId)).toEqual(["c3"]);
    expect(plan.conversions).toHaveLength(3);
  });

  it("attributes within the window after the test ended, and not after it", () => {
    const ended: PlanSite = { ...shop, tests: new Map([["t1", { id: "t1", startedAt: at(-60), endedAt: at(0) }]]) };
    const known = { ...nothing, visitorExposures: [{ siteId: "s1", visitorId: "v1", testId: "t1", armId: "t1-b", exposedAt: at(-10), covariate: 0 }] };
    const day = 24 * 60;
    const plan = planIngest(
      [conversion({ eventId: "c1", site: ended, occurredAt: at(6 * day) }), conversion({ eventId: "c2", site: ended, occurredAt: at(7 * day + 1) })],
      known,
    );
    expect(plan.attributions.map((a) => a.eventId)).toEqual(["c1"]);
  });

  it("does not attribute a conversion that happened before its session's exposure", () => {
    const plan = planIngest([exposure({ eventId: "e1", occurredAt: at(10) }), conversion({ eventId: "c1", occurredAt: at(5) })], nothing);
    expect(plan.attributions).toEqual([]);
    expect(plan.conversions).toHaveLength(1);
  });

  it("grows revenue squares from the visitor's earlier conversions, stored and earlier in the group", () => {
    const plan = planIngest(
      [exposure({ eventId: "e1", sessionId: "b" }), conversion({ eventId: "c1", sessionId: "b", value: 5 }), conversion({ eventId: "c2", sessionId: "b", value: 20 })],
      {
        ...nothing,
        exposedVisitors: [{ siteId: "s1", testId: "t1", visitorId: "v1", covariate: 0 }],
        visitorHistory: [
          { siteId: "s1", testId: "t1", goal: "buy", visitorId: "v1", currency: "USD", conversions: 1, revenue: 10 },
          { siteId: "s1", testId: "t1", goal: "buy", visitorId: "v1", currency: "EUR", conversions: 1, revenue: 1000 },
        ],
      },
    );
    const [row] = plan.rollups.filter((r) => r.goal === "buy");
    // Visitor revenue in USD goes 10 → 15 → 35: squares grow by 35² - 10².
    expect(row).toMatchObject({ currency: "USD", conversions: 2, convertingVisitors: 0, revenue: 25, revenueSquares: 35 * 35 - 10 * 10 });
  });

  it("caps the visitor's revenue at the test's cap, from their stored history, and keeps AOV's sums per currency", () => {
    const capped: PlanSite = { ...shop, revenueCaps: new Map([["t1", 100]]) };
    const plan = planIngest(
      [
        exposure({ eventId: "e1", site: capped, sessionId: "b" }),
        conversion({ eventId: "c1", site: capped, sessionId: "b", value: 50 }),
        conversion({ eventId: "c2", site: capped, sessionId: "b", value: 300 }),
      ],
      {
        ...nothing,
        exposedVisitors: [{ siteId: "s1", testId: "t1", visitorId: "v1", covariate: 0 }],
        visitorHistory: [
          { siteId: "s1", testId: "t1", goal: "buy", visitorId: "v1", currency: "USD", conversions: 1, revenue: 30 },
          // A stored conversion without a value has no currency and counts among the site currency's conversions.
          { siteId: "s1", testId: "t1", goal: "buy", visitorId: "v1", currency: "", conversions: 1, revenue: 0 },
          { siteId: "s1", testId: "t1", goal: "buy", visitorId: "v1", currency: "EUR", conversions: 1, revenue: 1000 },
        ],
      },
    );
    const row = plan.rollups.find((r) => r.goal === "buy");
    // USD revenue goes 30 → 80 → 380 over conversions 2 → 3 → 4; capped at 100: 30 → 80 → 100.
    expect(row).toMatchObject({
      revenue: 350, revenueSquares: 380 ** 2 - 30 ** 2,
      cappedRevenue: 70, cappedRevenueSquares: 100 ** 2 - 30 ** 2,
      conversionSquares: 16 - 4, revenueConversions: 4 * 380 - 2 * 30, cappedRevenueConversions: 4 * 100 - 2 * 30,
    });
  });

  it("adds each attributed conversion to its visitor's running totals once per test, under its currency or none", () => {
    const plan = planIngest(
      [
        exposure({ eventId: "e1", sessionId: "b" }),
        exposure({ eventId: "e2", sessionId: "b", testId: "t2", armId: "t2-a" }),
        conversion({ eventId: "c1", sessionId: "b", value: 5 }),
        conversion({ eventId: "c2", sessionId: "b", value: 20 }),
        conversion({ eventId: "c3", sessionId: "b", value: null }),
        // Another visitor, never exposed: no attribution, no total.
        conversion({ eventId: "c4", visitorId: "v9", sessionId: "z", value: 8 }),
      ],
      nothing,
    );
    const key = { siteId: "s1", visitorId: "v1", goal: "buy" };
    expect(plan.visitorTotals).toEqual([
      { ...key, testId: "t1", currency: "", conversions: 1, revenue: 0 },
      { ...key, testId: "t1", currency: "USD", conversions: 2, revenue: 25 },
      { ...key, testId: "t2", currency: "", conversions: 1, revenue: 0 },
      { ...key, testId: "t2", currency: "USD", conversions: 2, revenue: 25 },
    ]);
  });

  it("counts a visitor's first conversion once even when two arrive in one group", () => {
    const plan = planIngest([exposure({ eventId: "e1" }), conversion({ eventId: "c1", value: 3 }), conversion({ eventId: "c2", value: 4 })], nothing);
    expect(plan.rollups.find((r) => r.goal === "buy")).toMatchObject({ conversions: 2, convertingVisitors: 1, revenue: 7, revenueSquares: 49 });
  });

  it("keeps each site's currency and ignores exposures of tests that are not running", () => {
    const plan = planIngest(
      [
        exposure({ eventId: "e1" }),
        conversion({ eventId: "c1", value: 2 }),
        exposure({ eventId: "e2", site: euroShop, sessionId: "z", testId: "t9", armId: "t9-a" }),
        conversion({ eventId: "c2", site: euroShop, sessionId: "z", value: 3 }),
        conversion({ eventId: "c3", site: euroShop, sessionId: "z" }),
      ],
      { ...nothing, visitorExposures: [{ siteId: "s1", visitorId: "v1", testId: "gone", armId: "gone-a", exposedAt: at(0), covariate: 0 }] },
    );
    expect(plan.attributions.map((a) => a.testId)).toEqual(["t1", "t9", "t9"]);
    expect(plan.conversions.map((c) => c.currency)).toEqual(["USD", "EUR", null]);
    expect(plan.rollups.filter((r) => r.goal === "buy").map((r) => [r.siteId, r.currency, r.conversions, r.revenue])).toEqual([
      ["s1", "USD", 1, 2],
      ["s2", "EUR", 2, 3],
    ]);
  });

  it("skips conversions another door already recorded under the same id", () => {
    const plan = planIngest([exposure({ eventId: "e1" }), conversion({ eventId: "c1" })], { ...nothing, recordedConversions: [{ siteId: "s1", eventId: "c1" }] });
    expect(plan.conversions).toEqual([]);
    expect(plan.rollups.every((r) => r.goal === "")).toBe(true);
  });

  it("looks up a new visitor's covariate at first exposure, stored and in the group, capped, and keeps it on their rows", () => {
    const capped: PlanSite = { ...shop, revenueCaps: new Map([["t1", 100]]) };
    const plan = planIngest(
      [
        // Dated before the exposure, arrived before it: in the window.
        conversion({ eventId: "c0", site: capped, sessionId: "p", occurredAt: at(-10), value: 30 }),
        // Arrived before but dated after: not before exposure.
        conversion({ eventId: "c9", site: capped, sessionId: "p", occurredAt: at(20), value: 1000 }),
        exposure({ eventId: "e1", site: capped, occurredAt: at(0) }),
        exposure({ eventId: "e2", site: capped, sessionId: "b", occurredAt: at(1) }),
        conversion({ eventId: "c1", site: capped, sessionId: "b", occurredAt: at(30), value: 50 }),
        conversion({ eventId: "c2", site: capped, sessionId: "b", occurredAt: at(31), value: 90 }),
        exposure({ eventId: "e3", site: capped, visitorId: "v2", sessionId: "q", occurredAt: at(2) }),
      ],
      // Stored revenue before exposure: 45 for v1 (30 + 45 = 75 < cap), 500 for v2 (capped at 100).
      { ...nothing, revenueBefore: [{ index: 2, revenue: 45 }, { index: 6, revenue: 500 }] },
    );
    expect(plan.exposures.map((e) => [e.eventId, e.covariate])).toEqual([["e1", 75], ["e2", 75], ["e3", 100]]);
    const exposureRow = plan.rollups.find((r) => r.goal === "" && r.armId === "t1-b");
    expect(exposureRow).toMatchObject({ exposedVisitors: 2, covariateSum: 175, covariateSquares: 75 ** 2 + 100 ** 2 });
    // v1's capped revenue in the test ends at min(50 + 90, 100) = 100 (c9 is dated before c1 but counted
    // when it arrived, before exposure: not attributed), so ΣXY = 75 · 100.
    expect(plan.rollups.find((r) => r.goal === "buy")).toMatchObject({ cappedRevenue: 100, covariateRevenueProducts: 75 * 100 });
  });

  it("copies a known visitor's stored covariate, and keeps the products unknown when it was never looked up", () => {
    const plan = planIngest(
      [
        exposure({ eventId: "e1", sessionId: "b" }),
        conversion({ eventId: "c1", sessionId: "b", value: 20 }),
        conversion({ eventId: "c2", visitorId: "v2", sessionId: "c", value: 10 }),
      ],
      {
        ...nothing,
        exposedVisitors: [{ siteId: "s1", testId: "t1", visitorId: "v1", covariate: 12 }],
        visitorExposures: [{ siteId: "s1", visitorId: "v2", testId: "t1", armId: "t1-a", exposedAt: at(-5), covariate: null }],
      },
    );
    expect(plan.exposures).toEqual([expect.objectContaining({ eventId: "e1", covariate: 12 })]);
    expect(plan.rollups.find((r) => r.goal === "")).toMatchObject({ exposedVisitors: 0, covariateSum: 0, covariateSquares: 0 });
    expect(plan.rollups.find((r) => r.goal === "buy" && r.armId === "t1-b")).toMatchObject({ covariateRevenueProducts: 12 * 20 });
    expect(plan.rollups.find((r) => r.goal === "buy" && r.armId === "t1-a")).toMatchObject({ covariateRevenueProducts: null });
  });
});

describe("planIngest: networks", () => {
  it("keeps the sender's network on rows, and counts a visitor and their later conversions under their first exposure's network", () => {
    const plan = planIngest(
      [
        exposure({ eventId: "x1", network: "netA" }),
        exposure({ eventId: "x2", sessionId: "b", occurredAt: at(1), network: "netB" }),
        conversion({ eventId: "c1", sessionId: "b", value: 30, network: "netC" }),
        exposure({ eventId: "x3", visitorId: "v2", sessionId: "c", network: null }),
      ],
      nothing,
    );
    expect(plan.exposures.map((e) => e.network)).toEqual(["netA", "netB", null]);
    expect(plan.conversions.map((c) => c.network)).toEqual(["netC"]);
    // v1's second session brings no new visitor; its conversion counts under netA, where v1 was first exposed.
    expect(plan.networkRollups.map((r) => [r.goal, r.network, r.exposedVisitors, r.convertingVisitors, r.revenue])).toEqual([
      ["", "netA", 1, 0, 0],
      ["buy", "netA", 0, 1, 30],
    ]);
  });

  it("attributes a conversion to the network stored on the visitor's earlier exposure", () => {
    const plan = planIngest([conversion({ eventId: "c1", network: "netZ" })], {
      ...nothing,
      visitorExposures: [{ siteId: "s1", testId: "t1", visitorId: "v1", armId: "t1-b", exposedAt: at(0), covariate: null, network: "netStored" }],
      exposedVisitors: [{ siteId: "s1", testId: "t1", visitorId: "v1", covariate: null }],
    });
    expect(plan.networkRollups.map((r) => [r.goal, r.network, r.convertingVisitors])).toEqual([["buy", "netStored", 1]]);
  });
});
