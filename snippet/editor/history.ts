// Undo and redo over an arm's patch list: every change is a new list, so undoing is taking the last one back.
import type { Patch } from "../../app/wire/patches";

/** Steps kept for undo; older ones are forgotten. */
export const MAX_UNDO = 100;

export interface History {
  readonly past: readonly Patch[][];
  readonly present: Patch[];
  readonly future: readonly Patch[][];
}

export const startHistory = (patches: Patch[]): History => ({ past: [], present: patches, future: [] });

export const samePatches = (a: readonly Patch[], b: readonly Patch[]): boolean => JSON.stringify(a) === JSON.stringify(b);

/** `next` becomes the present; redo is forgotten. A list equal to the present is no step. */
export function commit(h: History, next: Patch[]): History {
  if (samePatches(h.present, next)) return h;
  return { past: [...h.past, h.present].slice(-MAX_UNDO), present: next, future: [] };
}

export function undo(h: History): History {
  const previous = h.past[h.past.length - 1];
  return previous ? { past: h.past.slice(0, -1), present: previous, future: [h.present, ...h.future] } : h;
}

export function redo(h: History): History {
  const next = h.future[0];
  return next ? { past: [...h.past, h.present], present: next, future: h.future.slice(1) } : h;
}

/** The present as the server stored it (after a save): no step, nothing forgotten. */
export const replacePresent = (h: History, patches: Patch[]): History => ({ ...h, present: patches });
