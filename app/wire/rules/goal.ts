// Goal labels (`convert(goal)`, visit/click/submit goals, server-side conversions): one rule for the
// snippet and every door of the server; both test suites run goal.cases.json (app/wire/rules/goal.test.ts,
// snippet/test/convert.test.ts, app/domain/events/event-batch.test.ts).
import { CONTROL_CHARACTERS, MAX_GOAL_LENGTH } from "../limits";

/**
 * A usable goal label: a string of 1..MAX_GOAL_LENGTH UTF-16 code units (JavaScript's `length`, so
 * an emoji outside the BMP counts 2) without CONTROL_CHARACTERS. Longer labels are refused, not cut.
 */
export const isGoalLabel = (s: unknown): s is string =>
  typeof s === "string" && s.length > 0 && s.length <= MAX_GOAL_LENGTH && !CONTROL_CHARACTERS.test(s);
