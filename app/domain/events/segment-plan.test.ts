import { describe, expect, it } from "vitest";
import { planIngest, type KnownFacts, type PlanEvent, type PlanSite } from "./ingest-plan";
import { attributedSegment, segmentTally } from "./segment-plan";

const at = (minute: number) => new Date(Date.UTC(2026, 10, 24, 12, minute));
const shop: PlanSite = { id: "s1", currency: "USD", tests: new Map([["t1", { id: "t1", startedAt: at(-60), endedAt: null }]]) };
const nothing: KnownFacts = { sessionExposures: [], visitorExposures: [], exposedVisitors: [], visitorHistory: [], recordedConversions: [], revenueBefore: [] };
const MOBILE = "mobile|new|social|DE|";
const DESKTOP = "desktop|returning|direct|US|";

describe("attributedSegment", () => {
  it("is the segment of the visitor's earliest exposure to that test and arm", () => {
    const exposures = [
      { testId: "t1", armId: "b", exposedAt: at(3), segment: DESKTOP },
      { testId: "t1", armId: "b", exposedAt: at(1), segment: MOBILE },
      { testId: "t2", armId: "b", exposedAt: at(0), segment: "tablet|new|email|FR|" },
    ];
    expect(attributedSegment(exposures, "t1", "b")).toBe(MOBILE);
    expect(attributedSegment(exposures, "t1", "a")).toBeNull();
    expect(attributedSegment([{ testId: "t1", armId: "b", exposedAt: at(0) }], "t1", "b")).toBeNull();
  });
});

describe("segmentTally", () => {
  it("adds one row per dimension with a value, summed per key, and none for an unknown segment", () => {
    const tally = segmentTally();
    const key = { siteId: "s1", testId: "t1", armId: "b", day: "2026-11-24" };
    tally.exposed(key, MOBILE);
    tally.exposed(key, MOBILE);
    tally.exposed(key, null);
    tally.exposed(key, "not a segment");
    const rows = tally.rows();
    // Market is "" outside Shopify: four dimensions.
    expect(rows.map((r) => [r.dimension, r.value, r.exposedVisitors])).toEqual([
      ["channel", "social", 2],
      ["country", "DE", 2],
      ["device", "mobile", 2],
      ["visitor", "new", 2],
    ]);
  });
});

describe("planIngest's segment rollups", () => {
  const exposure = (o: Partial<Extract<PlanEvent, { kind: "exposure" }>> & { eventId: string }): PlanEvent => ({
    kind: "exposure", site: shop, visitorId: "v1", sessionId: "a", occurredAt: at(0), testId: "t1", armId: "b", msToApply: 5, msHidden: 1, segment: MOBILE, ...o,
  });
  const conversion = (o: Partial<Extract<PlanEvent, { kind: "conversion" }>> & { eventId: string }): PlanEvent => ({
    kind: "conversion", site: shop, visitorId: "v1", sessionId: "a", occurredAt: at(5), goal: "buy", value: 10, ...o,
  });
  const figures = (plan: ReturnType<typeof planIngest>, dimension: string) =>
    plan.segmentRollups.filter((r) => r.dimension === dimension).map((r) => [r.goal, r.value, r.exposedVisitors, r.convertingVisitors, r.conversions, r.revenue, r.revenueSquares]);

  it("counts a visitor in the segment of their first exposure, and their conversions there too", () => {
    const plan = planIngest(
      [
        exposure({ eventId: "e1" }),
        // A later session on another device: not a new visitor, and their conversions stay in the first segment.
        exposure({ eventId: "e2", sessionId: "b", occurredAt: at(2), segment: DESKTOP }),
        conversion({ eventId: "c1", sessionId: "b" }),
        conversion({ eventId: "c2", sessionId: "b", occurredAt: at(6), value: 5 }),
      ],
      nothing,
    );
    expect(plan.exposures.map((e) => e.segment)).toEqual([MOBILE, DESKTOP]);
    expect(figures(plan, "device")).toEqual([
      ["", "mobile", 1, 0, 0, 0, 0],
      ["buy", "mobile", 0, 1, 2, 15, 225],
    ]);
  });

  it("takes a converting visitor's segment from their stored exposure", () => {
    const plan = planIngest([conversion({ eventId: "c1" })], {
      ...nothing,
      visitorExposures: [{ siteId: "s1", visitorId: "v1", testId: "t1", armId: "b", exposedAt: at(0), covariate: null, segment: DESKTOP }],
    });
    expect(figures(plan, "country")).toEqual([["buy", "US", 0, 1, 1, 10, 100]]);
    expect(plan.segmentRollups.every((r) => r.goal === "buy" && r.currency === "USD")).toBe(true);
  });
});
