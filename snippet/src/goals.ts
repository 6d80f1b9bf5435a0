// Automatic goals: visits, clicks and form submissions the merchant configured, detected without reading any field.
import type { AutoGoal } from "../../app/wire/patches";
import { matchesAnyPath } from "../../app/wire/rules/targeting";
import { guard } from "./guard";

/**
 * Listens for the click and submit goals, and returns the visit check: call it with each pageview's
 * path (the first one and every single-page navigation).
 */
export function watchGoals(
  goals: readonly AutoGoal[],
  convert: (goal: string) => void,
  template?: string | null,
): (path: string) => void {
  for (const kind of ["click", "submit"] as const) {
    const mine = goals.filter((g): g is Extract<AutoGoal, { kind: "click" | "submit" }> => g.kind === kind);
    // Capture phase: a page that stops propagation still cannot hide the event from us.
    if (mine.length)
      document.addEventListener(
        kind,
        guard((e: Event) => {
          const t = e.target;
          if (t instanceof Element)
            for (const g of mine) if (kind === "click" ? t.closest(g.sel) : t.matches(g.sel)) convert(g.goal);
        }),
        { capture: true, passive: true },
      );
  }
  return (path) => {
    for (const g of goals) if (g.kind === "visit" && matchesAnyPath(g.pages, path, template)) convert(g.goal);
  };
}
