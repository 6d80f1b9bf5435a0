import { describe, expect, it } from "vitest";
import { planIngest, type KnownFacts, type PlanEvent, type PlanSite } from "./ingest-plan";
import { attributedSegment, bySegmentDimension, segmentTally, WHOLE_SEGMENT } from "./segment-plan";

const at = (minute: number) => new Date(Date.UTC(2026, 10, 24, 12, minute));
const shop: PlanSite = { id: "s1", currency: "USD", tests: new Map([["t1", { id: "t1", startedAt: at(-60), endedAt: null }]]) };
const nothing: KnownFacts = { sessionExposures: [], visitorExposures: [], exposedVisitors: [], visitorHistory: [], recordedConversions: [], revenueBefore: [] };
const MOBILE = "mobile|new|social|DE|";
const DESKTOP = "desktop|returning|direct|US|";
const FOUR_VISITORS = [MOBILE, DESKTOP, DESKTOP, "tablet|new|email|FR|shop-fr"];

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
  const key = { siteId: "s1", testId: "t1", armId: "b", day: "2026-11-24" };

  it("adds one row a whole segment, summed per key, and none for an unknown segment", () => {
    const tally = segmentTally();
    tally.exposed(key, MOBILE);
    tally.exposed(key, MOBILE);
    tally.exposed(key, DESKTOP);
    tally.exposed(key, null);
    tally.exposed(key, "not a segment");
    tally.exposed(key, "||||");
    expect(tally.rows().map((r) => [r.dimension, r.value, r.exposedVisitors])).toEqual([
      [WHOLE_SEGMENT, DESKTOP, 1],
      [WHOLE_SEGMENT, MOBILE, 2],
    ]);
  });

  it("adds one row per dimension with a value when split, as the folded rows hold them", () => {
    const tally = segmentTally({ split: true });
    tally.exposed(key, MOBILE);
    tally.exposed(key, MOBILE);
    tally.exposed(key, null);
    // Market is "" outside Shopify: four dimensions.
    expect(tally.rows().map((r) => [r.dimension, r.value, r.exposedVisitors])).toEqual([
      ["channel", "social", 2],
      ["country", "DE", 2],
      ["device", "mobile", 2],
      ["visitor", "new", 2],
    ]);
  });
});

describe("bySegmentDimension", () => {
  const row = (dimension: string, value: string, goal: string, exposedVisitors: number, revenue = 0) =>
    ({ armId: "b", goal, currency: "", dimension, value, exposedVisitors, convertingVisitors: 0, conversions: 0, revenue, revenueSquares: revenue * revenue });

  it("splits whole segments into their dimensions and sums them with the rows already split, per key", () => {
    const rows = bySegmentDimension([
      row(WHOLE_SEGMENT, MOBILE, "", 2),
      row(WHOLE_SEGMENT, "mobile|returning|direct|US|", "", 1),
      row("device", "mobile", "", 5),
      row(WHOLE_SEGMENT, MOBILE, "buy", 0, 3),
    ]);
    const figures = (goal: string) => rows.filter((r) => r.goal === goal).map((r) => [r.dimension, r.value, r.exposedVisitors, r.revenueSquares]).sort();
    expect(figures("")).toEqual([
      ["channel", "direct", 1, 0],
      ["channel", "social", 2, 0],
      ["country", "DE", 2, 0],
      ["country", "US", 1, 0],
      ["device", "mobile", 8, 0],
      ["visitor", "new", 2, 0],
      ["visitor", "returning", 1, 0],
    ]);
    expect(figures("buy")).toEqual([["channel", "social", 0, 9], ["country", "DE", 0, 9], ["device", "mobile", 0, 9], ["visitor", "new", 0, 9]]);
  });

  it("gives every split dimension the whole figures, so each dimension adds up to the arm", () => {
    const tally = segmentTally();
    const key = { siteId: "s1", testId: "t1", armId: "b", day: "2026-11-24" };
    for (const segment of FOUR_VISITORS) tally.exposed(key, segment);
    const split = bySegmentDimension(tally.rows());
    for (const dimension of ["device", "visitor", "channel", "country"]) {
      expect(split.filter((r) => r.dimension === dimension).reduce((n, r) => n + r.exposedVisitors, 0), dimension).toBe(4);
    }
    expect(split.filter((r) => r.dimension === "market").map((r) => [r.value, r.exposedVisitors])).toEqual([["shop-fr", 1]]);
    const sorted = (rows: unknown[]) => rows.map((r) => JSON.stringify(r)).sort();
    expect(sorted(split)).toEqual(sorted(segmentTallySplit(key)));
  });
});

/** The same exposures tallied one row a dimension: what splitting the whole-segment rows must give. */
function segmentTallySplit(key: { siteId: string; testId: string; armId: string; day: string }) {
  const tally = segmentTally({ split: true });
  for (const segment of FOUR_VISITORS) tally.exposed(key, segment);
  return tally.rows();
}

describe("planIngest's segment rollups", () => {
  const exposure = (o: Partial<Extract<PlanEvent, { kind: "exposure" }>> & { eventId: string }): PlanEvent => ({
    kind: "exposure", site: shop, visitorId: "v1", sessionId: "a", occurredAt: at(0), testId: "t1", armId: "b", msToApply: 5, msHidden: 1, segment: MOBILE, ...o,
  });
  const conversion = (o: Partial<Extract<PlanEvent, { kind: "conversion" }>> & { eventId: string }): PlanEvent => ({
    kind: "conversion", site: shop, visitorId: "v1", sessionId: "a", occurredAt: at(5), goal: "buy", value: 10, ...o,
  });
  const figures = (plan: ReturnType<typeof planIngest>, dimension: string) =>
    bySegmentDimension(plan.segmentRollups).filter((r) => r.dimension === dimension).map((r) => [r.goal, r.value, r.exposedVisitors, r.convertingVisitors, r.conversions, r.revenue, r.revenueSquares]);

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
