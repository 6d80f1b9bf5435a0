// Goal labels (`convert(goal)`, visit/click/submit goals, server-side conversions): one rule for the
// snippet and every door of the server; both test suites run goal.cases.json (app/wire/rules/goal.test.ts,
// snippet/test/convert.test.ts, app/domain/events/event-batch.test.ts).
import { MAX_GOAL_LENGTH } from "../limits";
import { isWireText } from "./text";

/**
 * A usable goal label: wire text (text.ts) of 1..MAX_GOAL_LENGTH UTF-16 code units (JavaScript's
 * `length`, so an emoji outside the BMP counts 2): no control characters, no lone surrogate. Longer
 * labels are refused, not cut.
 */
export const isGoalLabel = (s: unknown): s is string => isWireText(s, MAX_GOAL_LENGTH);
