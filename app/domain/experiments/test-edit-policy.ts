// Which parts of a test may change in which status: once a test has run, changing what visitors see,
// who enters or what counts would mix two experiments in one result, so only its words may change.
import type { ParsedTest } from "./test-form";

export type TestStatus = "draft" | "running" | "paused" | "completed" | "archived";

/** The parts of a definition that decide who is in the test, what they see, and what is counted. */
export const LOCKED_PARTS = ["siteId", "pages", "trafficPercent", "groupId", "groupShare", "arms", "goals", "audience", "offerTitle", "buyNow"] as const;
export type LockedPart = (typeof LOCKED_PARTS)[number];

const PART_NAMES: Record<LockedPart, string> = {
  siteId: "site",
  pages: "pages",
  trafficPercent: "traffic allocation",
  groupId: "group",
  groupShare: "share of its group",
  arms: "arms, weights and changes",
  goals: "goals",
  audience: "audience",
  // Shoppers of a test that has run have seen it beside their discount: a new title is a new offer, as its arms' are.
  offerTitle: "discount's title at checkout",
  // Hidden buttons or excluded buyers: which orders count would change under the test's results.
  buyNow: "choice about Buy-it-now buttons",
};

/** Whether the status still allows changes to what visitors see (only a draft, which has no data yet). */
export const structureEditable = (status: TestStatus) => status === "draft";

/** Why the locked parts cannot change in this status; null for a draft. Shown above the form. */
export function lockExplanation(status: TestStatus): string | null {
  if (structureEditable(status)) return null;
  const when = status === "running" ? "is running" : status === "paused" ? "has collected data" : "has ended";
  return (
    `This test ${when}, so its pages, audience, traffic, arms, weights, changes, offers and goals are locked: changing them ` +
    "now would mix two different experiments in one result. Name, hypothesis and minimum detectable effect " +
    "stay editable. To test something different, duplicate it as a new draft."
  );
}

export type EditDecision = { ok: true } | { ok: false; errors: Record<string, string> };

/** Whether `next` may replace `current` in `status`: every changed locked part gets a field error. */
export function checkEdit(status: TestStatus, current: ParsedTest, next: ParsedTest): EditDecision {
  if (structureEditable(status)) return { ok: true };
  const changed = LOCKED_PARTS.filter((part) => !sameValue(comparable(current, part), comparable(next, part)));
  if (changed.length === 0) return { ok: true };
  const errors: Record<string, string> = { form: lockExplanation(status) ?? "" };
  for (const part of changed) errors[part] = `The ${PART_NAMES[part]} of a test that has run cannot change; duplicate it as a new draft instead`;
  return { ok: false, errors };
}

/** Goals are a set: their order in the form is not part of the experiment. */
function comparable(test: ParsedTest, part: LockedPart): unknown {
  return part === "goals" ? [...test.goals].sort((a, b) => a.label.localeCompare(b.label)) : test[part];
}

/** Structural equality of JSON-like values; object key order does not matter (style props come in any order). */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => sameValue(x, b[i]));
  }
  if (a && b && typeof a === "object" && typeof b === "object") {
    const ka = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
    const kb = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
    return ka.length === kb.length && ka.every((k) => sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
  }
  return false;
}
