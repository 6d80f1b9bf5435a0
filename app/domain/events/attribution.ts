// Which arm of which running test a session's conversion counts for (first exposure wins).

export interface SessionExposure {
  testId: string;
  armId: string;
  exposedAt: Date;
}

/**
 * For each running test the session was exposed to at or before `conversionAt`, the arm of its
 * earliest such exposure; sorted by testId (code-unit order, the same on every machine).
 * First exposure, not last: a session that somehow saw two arms is credited to the one that could
 * have influenced it first, and the answer cannot change as later exposures arrive.
 * Equal timestamps fall back to the smaller armId so the input order never matters.
 * Invalid dates never count.
 */
export function attribute(
  conversionAt: Date,
  exposures: readonly SessionExposure[],
  runningTestIds: ReadonlySet<string>,
): Array<{ testId: string; armId: string }> {
  const at = conversionAt.getTime();
  const first = new Map<string, { armId: string; time: number }>();
  for (const { testId, armId, exposedAt } of exposures) {
    const time = exposedAt.getTime();
    if (!runningTestIds.has(testId) || !(time <= at)) continue;
    const seen = first.get(testId);
    if (!seen || time < seen.time || (time === seen.time && armId < seen.armId)) first.set(testId, { armId, time });
  }
  return [...first]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([testId, { armId }]) => ({ testId, armId }));
}
