// Normalises window.svc.convert arguments and applies the same-pageview idempotency window.
import { isGoalLabel } from "../../app/wire/rules/goal";
import { isConversionValue } from "../../app/wire/limits";

/**
 * The conversion fields for convert(goal, value), or undefined to drop the call. goal: omitted,
 * null or "" means "conversion"; a non-string or an invalid label (isGoalLabel) drops the call. value:
 * kept only when isConversionValue (a number within ±MAX_VALUE); otherwise the conversion counts without
 * a value, so the snippet never sends a value the server would refuse the whole batch for.
 * Only `typeof` and primitive comparisons touch the arguments, so objects, proxies and throwing
 * getters are never invoked.
 */
export function conversionFields(goal: unknown, value: unknown): { goal: string; value?: number } | undefined {
  const g = goal === undefined || goal === null || goal === "" ? "conversion" : goal;
  if (!isGoalLabel(g)) return;
  return isConversionValue(value) ? { goal: g, value } : { goal: g };
}

/** True when `key` was counted less than `windowMs` ago; a dropped duplicate does not extend the window. */
export function createDeduper(windowMs: number): (key: string, now: number) => boolean {
  const counted = new Map<string, number>();
  return (key, now) => {
    const t = counted.get(key);
    if (t !== undefined && now - t < windowMs) return true;
    counted.set(key, now);
    return false;
  };
}
