// Mutually exclusive groups in the admin: a group's name, where a test's slice goes on the group's 0..100
// line, and the split the groups page shows (docs/traffic.md).

export const MAX_GROUP_NAME_LENGTH = 60;

/** Tests in these statuses hold their slice; a completed or archived test's slice is free again. */
export const HOLDING_STATUSES = ["draft", "running", "paused"] as const;

export interface HeldSlice {
  start: number;
  share: number;
}

export interface FreeRange {
  start: number;
  end: number;
}

/** The group's name, trimmed, or the field error. */
export function parseGroupName(input: unknown): { ok: true; name: string } | { ok: false; message: string } {
  const name = typeof input === "string" ? input.trim() : "";
  if (!name) return { ok: false, message: "Name the group" };
  if (name.length > MAX_GROUP_NAME_LENGTH) return { ok: false, message: `Keep the name under ${MAX_GROUP_NAME_LENGTH} characters` };
  return { ok: true, name };
}

/** The parts of 0..100 no slice holds, in order. */
export function freeRanges(taken: readonly HeldSlice[]): FreeRange[] {
  const sorted = [...taken].filter((s) => s.share > 0).sort((a, b) => a.start - b.start);
  const free: FreeRange[] = [];
  let at = 0;
  for (const slice of sorted) {
    if (slice.start > at) free.push({ start: at, end: slice.start });
    at = Math.max(at, slice.start + slice.share);
  }
  if (at < 100) free.push({ start: at, end: 100 });
  return free;
}

/**
 * Where a slice of `share` percent goes among the `taken` ones: where it already is (`current`) when it
 * still fits there, else at the start of the first free range wide enough (first fit, so slices stay packed
 * from 0). Null when no free range is wide enough.
 */
export function placeSlice(taken: readonly HeldSlice[], share: number, current?: number | null): number | null {
  const free = freeRanges(taken);
  const fits = (start: number) => free.some((r) => start >= r.start && start + share <= r.end);
  if (current !== undefined && current !== null && fits(current)) return current;
  return free.find((r) => r.end - r.start >= share)?.start ?? null;
}

/** The field error for a share that fits nowhere, naming what is free. */
export function shareDoesNotFit(taken: readonly HeldSlice[], share: number): string {
  const free = freeRanges(taken);
  const widest = free.reduce((max, r) => Math.max(max, r.end - r.start), 0);
  if (widest === 0) return `The group's traffic is all taken: no room for ${share} %. Complete or move one of its tests first`;
  const ranges = free.map((r) => `${r.start}–${r.end} %`).join(", ");
  return `${share} % does not fit in this group: the largest free part is ${widest} % (free: ${ranges})`;
}
