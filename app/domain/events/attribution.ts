// Which arm of which test a visitor's conversion counts for: the visitor's first exposure to the test,
// in any of their sessions, while the test ran (docs/api.md, "Attribution and revenue").

/**
 * How long after a test ends a conversion of a visitor exposed while it ran still counts for their arm:
 * a purchase decided on the test's page is often made days later. Seven days, as the ingest accepts
 * events up to seven days old: an exposed visitor's late-arriving conversions land inside it.
 */
export const ATTRIBUTION_WINDOW_MS = 7 * 24 * 3600 * 1000;

/** A test conversions may count for: it has started; endedAt is set when it was completed. */
export interface AttributionTest {
  id: string;
  startedAt: Date;
  /** Null while the test runs and while it is paused: a paused test has not ended. */
  endedAt: Date | null;
}

export interface VisitorExposure {
  testId: string;
  armId: string;
  exposedAt: Date;
}

/**
 * Whether something dated `at` falls in the test's attribution period: from its start to its end plus
 * ATTRIBUTION_WINDOW_MS (open while it runs or is paused). Nothing dated before the start ever counts,
 * whatever the client's `ts` said.
 */
export function inAttributionPeriod(test: AttributionTest, at: Date): boolean {
  const time = at.getTime();
  if (!(time >= test.startedAt.getTime())) return false;
  return test.endedAt === null || time <= test.endedAt.getTime() + ATTRIBUTION_WINDOW_MS;
}

/** Whether an exposure dated `at` counts for the test at all: from its start to its end (if it ended). */
export function exposureCounts(test: AttributionTest, at: Date): boolean {
  const time = at.getTime();
  return time >= test.startedAt.getTime() && (test.endedAt === null || time <= test.endedAt.getTime());
}

/**
 * For each test whose attribution period holds `conversionAt`, the arm of the visitor's earliest
 * exposure to it that counts (exposureCounts) and is at or before the conversion; sorted by testId
 * (code-unit order, the same on every machine). `exposures` are the visitor's, from any session:
 * assignment is per visitor, so what they do in a later session counts for the arm they were shown.
 * First exposure, not last: a visitor who somehow saw two arms is credited to the one that could have
 * influenced them first, and the answer cannot change as later exposures arrive.
 * Equal timestamps fall back to the smaller armId so the input order never matters.
 * Invalid dates never count.
 */
export function attribute(
  conversionAt: Date,
  exposures: readonly VisitorExposure[],
  tests: ReadonlyMap<string, AttributionTest>,
): Array<{ testId: string; armId: string }> {
  const at = conversionAt.getTime();
  const first = new Map<string, { armId: string; time: number }>();
  for (const { testId, armId, exposedAt } of exposures) {
    const test = tests.get(testId);
    const time = exposedAt.getTime();
    if (!test || !(time <= at) || !exposureCounts(test, exposedAt) || !inAttributionPeriod(test, conversionAt)) continue;
    const seen = first.get(testId);
    if (!seen || time < seen.time || (time === seen.time && armId < seen.armId)) first.set(testId, { armId, time });
  }
  return [...first]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([testId, { armId }]) => ({ testId, armId }));
}
