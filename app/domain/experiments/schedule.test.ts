import { describe, expect, it } from "vitest";
import { dueChanges, parseScheduleForm, scheduledStartText, utcToZonedInput, zonedTimeToUtc } from "./schedule";

const NOW = new Date("2026-11-25T12:00:00.000Z");

describe("scheduledStartText", () => {
  it("says a draft's start as the shop's wall clock, with its zone", () => {
    const start = utcToZonedInput(new Date("2026-11-27T14:00:00Z"), "America/New_York");
    expect(scheduledStartText({ startAt: start, timeZone: "America/New_York", canSetStart: true })).toBe("Nov 27, 9:00 AM (America/New_York)");
    expect(scheduledStartText({ startAt: "2026-11-27T09:00:30", timeZone: "UTC", canSetStart: true })).toBe("Nov 27, 9:00 AM (UTC)");
  });
  it("says nothing without a start, or once the test has started", () => {
    expect(scheduledStartText({ startAt: "", timeZone: "UTC", canSetStart: true })).toBeNull();
    expect(scheduledStartText({ startAt: "2026-11-27T09:00", timeZone: "UTC", canSetStart: false })).toBeNull();
  });
});

describe("zonedTimeToUtc", () => {
  it("reads a wall-clock time in the shop's zone, summer and winter", () => {
    expect(zonedTimeToUtc("2026-12-01T09:00", "America/New_York")?.toISOString()).toBe("2026-12-01T14:00:00.000Z");
    expect(zonedTimeToUtc("2026-07-01T09:00", "America/New_York")?.toISOString()).toBe("2026-07-01T13:00:00.000Z");
    expect(zonedTimeToUtc("2026-07-01T09:00", "Asia/Kolkata")?.toISOString()).toBe("2026-07-01T03:30:00.000Z");
    expect(zonedTimeToUtc("2026-07-01T09:00:30", "UTC")?.toISOString()).toBe("2026-07-01T09:00:30.000Z");
  });

  it("carries a time skipped by spring-forward past the change, and takes the first of a repeated one", () => {
    // 2026-03-08 02:00 EST → 03:00 EDT: 02:30 does not exist and reads as 03:30 EDT.
    expect(zonedTimeToUtc("2026-03-08T02:30", "America/New_York")?.toISOString()).toBe("2026-03-08T07:30:00.000Z");
    // 2026-11-01 01:30 happens twice (EDT, then EST): the first.
    expect(zonedTimeToUtc("2026-11-01T01:30", "America/New_York")?.toISOString()).toBe("2026-11-01T05:30:00.000Z");
  });

  it("refuses what is not a time", () => {
    for (const bad of ["", "tomorrow", "2026-02-30T10:00", "2026-12-01 09:00", "2026-12-01T24:00", "2026-12-01T09:60"]) {
      expect(zonedTimeToUtc(bad, "UTC")).toBeNull();
    }
  });

  it("round-trips with utcToZonedInput", () => {
    for (const zone of ["America/New_York", "Europe/Berlin", "Australia/Adelaide", "UTC"]) {
      const at = zonedTimeToUtc("2026-12-24T18:45", zone)!;
      expect(utcToZonedInput(at, zone)).toBe("2026-12-24T18:45");
    }
  });
});

describe("parseScheduleForm", () => {
  it("keeps a future start and a later end, and the stop checkbox", () => {
    const parsed = parseScheduleForm({ startAt: "2026-11-26T09:00", endAt: "2026-12-10T09:00", stopWhenDecided: "on", pauseOnFlicker: "on" }, "Europe/Berlin", NOW, false);
    expect(parsed).toEqual({
      ok: true,
      value: { startAt: new Date("2026-11-26T08:00:00.000Z"), endAt: new Date("2026-12-10T08:00:00.000Z"), stopWhenDecided: true, pauseOnFlicker: true },
    });
  });

  it("clears the schedule when the fields are empty", () => {
    expect(parseScheduleForm({ startAt: "", endAt: " " }, "UTC", NOW, false)).toEqual({ ok: true, value: { startAt: null, endAt: null, stopWhenDecided: false, pauseOnFlicker: false } });
  });

  it("gives field errors for a past start, an end before the start, and text that is not a time", () => {
    expect(parseScheduleForm({ startAt: "2026-11-25T11:00", endAt: "" }, "UTC", NOW, false)).toEqual({
      ok: false, fieldErrors: { startAt: expect.stringContaining("future") },
    });
    expect(parseScheduleForm({ startAt: "2026-11-27T10:00", endAt: "2026-11-26T10:00" }, "UTC", NOW, false)).toEqual({
      ok: false, fieldErrors: { endAt: "The end must come after the start." },
    });
    expect(parseScheduleForm({ startAt: "next week", endAt: "2026-11-24T10:00" }, "UTC", NOW, false)).toEqual({
      ok: false, fieldErrors: { startAt: expect.stringContaining("Enter a date"), endAt: expect.stringContaining("future") },
    });
  });

  it("ignores the start of a test already running", () => {
    expect(parseScheduleForm({ startAt: "2020-01-01T00:00", endAt: "2026-11-30T00:00" }, "UTC", NOW, true)).toEqual({
      ok: true, value: { startAt: null, endAt: new Date("2026-11-30T00:00:00.000Z"), stopWhenDecided: false, pauseOnFlicker: false },
    });
  });
});

describe("dueChanges", () => {
  const at = (iso: string | null) => (iso ? new Date(iso) : null);
  it("starts due drafts and ends due running or paused tests, nothing else", () => {
    const tests = [
      { id: "a", status: "draft" as const, scheduledStartAt: at("2026-11-25T11:59:59Z"), scheduledEndAt: null },
      { id: "b", status: "draft" as const, scheduledStartAt: at("2026-11-25T12:00:01Z"), scheduledEndAt: null },
      { id: "c", status: "running" as const, scheduledStartAt: at("2026-11-20T00:00:00Z"), scheduledEndAt: at("2026-11-25T12:00:00Z") },
      { id: "d", status: "paused" as const, scheduledStartAt: null, scheduledEndAt: at("2026-11-24T00:00:00Z") },
      { id: "e", status: "completed" as const, scheduledStartAt: null, scheduledEndAt: at("2026-11-24T00:00:00Z") },
      { id: "f", status: "running" as const, scheduledStartAt: null, scheduledEndAt: null },
    ];
    expect(dueChanges(tests, NOW)).toEqual([
      { testId: "a", change: "start" },
      { testId: "c", change: "end" },
      { testId: "d", change: "end" },
    ]);
  });
});
