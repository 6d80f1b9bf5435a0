// Single-page apps and the back-forward cache: tells the snippet when a new pageview begins in the same document.
import { guard } from "./guard";

/**
 * Calls `onPageview` after pushState or replaceState or popstate changes the path (a change of query or
 * hash alone is no pageview), and when the page comes back from the back-forward cache. The history
 * methods keep their behaviour, arguments, `this` and return value; only the check after them is ours.
 */
export function watchNavigation(onPageview: () => void): void {
  let path = location.pathname;
  const check = guard(() => {
    if (location.pathname !== path) {
      path = location.pathname;
      onPageview();
    }
  });
  const h = history as unknown as Record<string, (...args: unknown[]) => unknown>;
  for (const name of ["pushState", "replaceState"]) {
    const original = h[name]!;
    h[name] = function (this: unknown, ...args: unknown[]) {
      const result = original.apply(this, args);
      check();
      return result;
    };
  }
  addEventListener("popstate", check);
  addEventListener("pageshow", guard((e: PageTransitionEvent) => e.persisted && ((path = location.pathname), onPageview())));
}
