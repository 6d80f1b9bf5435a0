// A test's schedule on its page: what the Schedule card shows (in the shop's time zone) and saving its form.
import { parseScheduleForm, utcToZonedInput, type ScheduleState } from "~/domain/experiments/schedule";
import { findScheduleOfShop, writeSchedule, type ScheduleRow } from "~/models/tests/test-schedule.server";
import { fail, invalidForm, ok, type Outcome, type Problem } from "~/services/outcome";

const NO_SUCH_TEST: Problem = { status: 404, type: "not-found", title: "No such test", detail: "This test does not exist or belongs to another shop." };


export async function loadSchedule(shopDomain: string, testId: string): Promise<Outcome<ScheduleState>> {
  const row = await findScheduleOfShop(shopDomain, testId);
  return row ? ok(scheduleStateOf(row)) : fail(NO_SUCH_TEST);
}

/** The Schedule card of a test already read, with its shop's time zone. */
export function scheduleStateOf(row: ScheduleRow): ScheduleState {
  return {
    timeZone: row.timeZone,
    startAt: row.scheduledStartAt ? utcToZonedInput(row.scheduledStartAt, row.timeZone) : "",
    endAt: row.scheduledEndAt ? utcToZonedInput(row.scheduledEndAt, row.timeZone) : "",
    stopWhenDecided: row.stopWhenDecided,
    pauseOnFlicker: row.pauseOnFlicker,
    canSetStart: row.status === "draft",
    canSetEnd: row.status === "draft" || row.status === "running" || row.status === "paused",
    endedBy: row.endedBy,
  };
}

export async function saveSchedule(
  shopDomain: string,
  testId: string,
  form: { startAt?: unknown; endAt?: unknown; stopWhenDecided?: unknown; pauseOnFlicker?: unknown },
  now = new Date(),
): Promise<Outcome<{ saved: string }>> {
  const row = await findScheduleOfShop(shopDomain, testId);
  if (!row) return fail(NO_SUCH_TEST);
  if (row.status === "completed" || row.status === "archived") {
    return fail({ status: 409, type: "test-not-allowed-now", title: `A ${row.status} test cannot be scheduled.` });
  }
  const parsed = parseScheduleForm(form, row.timeZone, now, row.status !== "draft");
  if (!parsed.ok) return fail(invalidForm("invalid-schedule", parsed.fieldErrors));
  const { startAt, endAt, stopWhenDecided, pauseOnFlicker } = parsed.value;
  await writeSchedule(testId, { ...(row.status === "draft" && { scheduledStartAt: startAt }), scheduledEndAt: endAt, stopWhenDecided, pauseOnFlicker });
  return ok({ saved: testId });
}
