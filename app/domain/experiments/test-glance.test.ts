import { describe, expect, it } from "vitest";
import { shortTime, testGlance, type GlanceInput } from "./test-glance";

const base: GlanceInput = { status: "draft", scheduledStartAt: null, scheduledEndAt: null, stopWhenDecided: false, servingWinner: false, timeZone: "America/New_York" };
const START = new Date("2026-11-27T14:00:00Z");
const END = new Date("2026-12-04T14:30:00Z");

describe("testGlance", () => {
  it("says nothing of a test with no schedule", () => {
    expect(testGlance(base)).toEqual([]);
  });
  it("names a draft's start and end in the shop's zone", () => {
    expect(testGlance({ ...base, scheduledStartAt: START, scheduledEndAt: END })).toEqual(["Starts Nov 27, 9:00 AM", "Ends Dec 4, 9:30 AM"]);
  });
  it("keeps the end and the stop once decided while the test runs or is paused, not its start", () => {
    for (const status of ["running", "paused"]) {
      expect(testGlance({ ...base, status, scheduledStartAt: START, scheduledEndAt: END, stopWhenDecided: true })).toEqual([
        "Ends Dec 4, 9:30 AM",
        "Stops once decided",
      ]);
    }
  });
  it("says a completed test serves its winner, and nothing of a schedule that no longer applies", () => {
    expect(testGlance({ ...base, status: "completed", scheduledEndAt: END, stopWhenDecided: true, servingWinner: true })).toEqual(["Serving the winner"]);
    expect(testGlance({ ...base, status: "archived", servingWinner: true, scheduledEndAt: END })).toEqual([]);
  });
});

describe("shortTime", () => {
  it("follows the zone across a daylight-saving change", () => {
    expect(shortTime(new Date("2026-07-01T13:00:00Z"), "America/New_York")).toBe("Jul 1, 9:00 AM");
    expect(shortTime(new Date("2026-12-01T14:00:00Z"), "America/New_York")).toBe("Dec 1, 9:00 AM");
  });
  it("falls back to UTC, said so, for a zone Intl does not know", () => {
    expect(shortTime(START, "Mars/Olympus")).toBe("Nov 27, 2:00 PM UTC");
  });
});
