// Automatic goals: visits, clicks and form submissions the merchant configured, detected without reading any field.
import type { AutoGoal } from "../../app/wire/patches";
import { matchesAnyPath } from "../../app/wire/targeting";
import { guard } from "./guard";

export function watchGoals(
  goals: readonly AutoGoal[],
  path: string,
  convert: (goal: string) => void,
  template?: string | null,
): void {
  const listen = (kind: "click" | "submit") => {
    const mine = goals.filter((g): g is Extract<AutoGoal, { kind: "click" | "submit" }> => g.kind === kind);
    if (!mine.length) return;
    // Capture phase: a page that stops propagation still cannot hide the event from us.
    document.addEventListener(
      kind,
      guard((e: Event) => {
        const t = e.target;
        if (!(t instanceof Element)) return;
        for (const g of mine) if (kind === "click" ? t.closest(g.sel) : t.matches(g.sel)) convert(g.goal);
      }),
      { capture: true, passive: true },
    );
  };
  for (const g of goals) if (g.kind === "visit" && matchesAnyPath(g.pages, path, template)) convert(g.goal);
  listen("click");
  listen("submit");
}
