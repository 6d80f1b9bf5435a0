// A test's schedule: start and end at times the merchant picks in the shop's time zone, and an optional stop
// once the decision is reached; what the form may hold, and what is due at a given moment.

export interface Schedule {
  startAt: Date | null;
  endAt: Date | null;
  stopWhenDecided: boolean;
  /** Pause by itself when a variant keeps content hidden too long (the flicker guardrail). */
  pauseOnFlicker: boolean;
}

/** The Schedule card on a test's page. */
export interface ScheduleState {
  /** The shop's IANA zone the times are in. */
  timeZone: string;
  /** datetime-local values in that zone ("" for none). */
  startAt: string;
  endAt: string;
  stopWhenDecided: boolean;
  pauseOnFlicker: boolean;
  /** The start can still be set (a draft); the end and the stop while the test has not ended. */
  canSetStart: boolean;
  canSetEnd: boolean;
  /** Why svc ended it by itself, if it did: "schedule", "ship", "keep-control", "no-difference". */
  endedBy: string | null;
}

export type ScheduleFormResult = { ok: true; value: Schedule } | { ok: false; fieldErrors: Record<string, string> };

/** `<input type="datetime-local">`'s value: a wall-clock time, minutes (seconds optional). */
const LOCAL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** The zone's offset from UTC at `at`, in ms (positive east of Greenwich), from Intl's wall clock there. */
function offsetAt(at: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit",
  }).formatToParts(new Date(at));
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return Date.UTC(n("year"), n("month") - 1, n("day"), n("hour"), n("minute"), n("second")) - Math.floor(at / 1000) * 1000;
}

/**
 * The instant a wall-clock time names in `timeZone`; null when the text is not a valid time. A time that
 * does not exist (skipped by a spring-forward change) reads as the same wall time after the change, and an
 * ambiguous one (repeated in autumn) as its first occurrence, as calendar apps do.
 */
export function zonedTimeToUtc(local: string, timeZone: string): Date | null {
  const m = LOCAL_TIME.exec(local);
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1).map((v) => Number(v ?? 0)) as [number, number, number, number, number, number];
  const wall = Date.UTC(year, month - 1, day, hour, minute, second);
  const check = new Date(wall);
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || hour > 23 || minute > 59 || second > 59) return null;
  // The zone's offsets a day either side bracket any change near that day (none is less than two days apart).
  const before = offsetAt(wall - 86_400_000, timeZone);
  const after = offsetAt(wall + 86_400_000, timeZone);
  const fits = [wall - before, wall - after].filter((t, i) => offsetAt(t, timeZone) === (i === 0 ? before : after)).sort((a, b) => a - b);
  // None fits in a spring-forward gap: the offset before it carries the wall time past the change.
  return new Date(fits[0] ?? wall - before);
}

/**
 * A draft's scheduled start in words, in the shop's time zone as the Schedule card shows it: "Nov 27, 9:00 AM
 * (America/New_York)"; null without one, or once the test can no longer be started by its schedule.
 */
export function scheduledStartText(state: Pick<ScheduleState, "startAt" | "timeZone" | "canSetStart">): string | null {
  if (!state.canSetStart || !state.startAt) return null;
  // startAt is already the zone's wall clock: read it as UTC and print it as UTC, so no zone shifts it twice.
  const wall = new Date(`${state.startAt}Z`);
  if (Number.isNaN(wall.getTime())) return null;
  const text = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", hour: "numeric", minute: "2-digit", timeZone: "UTC" }).format(wall);
  return `${text} (${state.timeZone})`;
}

/** `at` as the wall-clock value a datetime-local input shows in `timeZone` (YYYY-MM-DDTHH:MM). */
export function utcToZonedInput(at: Date, timeZone: string): string {
  return new Date(at.getTime() + offsetAt(at.getTime(), timeZone)).toISOString().slice(0, 16);
}

/**
 * The schedule form: `startAt` and `endAt` as datetime-local values in the shop's zone (empty: none),
 * `stopWhenDecided` and `pauseOnFlicker` checkboxes. A start must be in the future (a draft to start now is started, not
 * scheduled), an end after the start and after now; `started` says the test is already running, when
 * only the end and the stop may change.
 */
export function parseScheduleForm(
  form: { startAt?: unknown; endAt?: unknown; stopWhenDecided?: unknown; pauseOnFlicker?: unknown },
  timeZone: string,
  now: Date,
  started: boolean,
): ScheduleFormResult {
  const fieldErrors: Record<string, string> = {};
  const read = (field: "startAt" | "endAt"): Date | null => {
    const raw = typeof form[field] === "string" ? (form[field] as string).trim() : "";
    if (raw === "") return null;
    const at = zonedTimeToUtc(raw, timeZone);
    if (!at) fieldErrors[field] = "Enter a date and time, for example 2026-12-01 09:00.";
    return at;
  };
  const startAt = started ? null : read("startAt");
  const endAt = read("endAt");
  if (startAt && startAt.getTime() <= now.getTime()) fieldErrors.startAt = "Pick a time in the future, or start the test now.";
  if (endAt && endAt.getTime() <= now.getTime()) fieldErrors.endAt = "Pick a time in the future, or complete the test now.";
  else if (endAt && startAt && endAt.getTime() <= startAt.getTime()) fieldErrors.endAt = "The end must come after the start.";
  if (Object.keys(fieldErrors).length > 0) return { ok: false, fieldErrors };
  const checked = (box: unknown) => box === "on" || box === "true" || box === true;
  return { ok: true, value: { startAt, endAt, stopWhenDecided: checked(form.stopWhenDecided), pauseOnFlicker: checked(form.pauseOnFlicker) } };
}

export interface ScheduledTest {
  id: string;
  status: "draft" | "running" | "paused" | "completed" | "archived";
  scheduledStartAt: Date | null;
  scheduledEndAt: Date | null;
}

/** What is due at `now`: drafts whose start has come, running or paused tests whose end has. */
export function dueChanges(tests: readonly ScheduledTest[], now: Date): Array<{ testId: string; change: "start" | "end" }> {
  const t = now.getTime();
  return tests.flatMap((test): Array<{ testId: string; change: "start" | "end" }> => {
    if (test.status === "draft" && test.scheduledStartAt && test.scheduledStartAt.getTime() <= t) return [{ testId: test.id, change: "start" as const }];
    if ((test.status === "running" || test.status === "paused") && test.scheduledEndAt && test.scheduledEndAt.getTime() <= t) {
      return [{ testId: test.id, change: "end" as const }];
    }
    return [];
  });
}
