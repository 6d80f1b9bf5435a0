// Error containment: no snippet code path may throw into the page (guarantee 1: fail open).

export const noop = (): void => {};

/** Wraps a callback (event listener, timer, promise handler) so that it can never throw. */
export function guard<A extends unknown[]>(fn: (...args: A) => void): (...args: A) => void {
  return (...args) => {
    try {
      fn(...args);
    } catch {
      // Swallowed on purpose: the page must behave as if svc were not installed.
    }
  };
}

export const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);
