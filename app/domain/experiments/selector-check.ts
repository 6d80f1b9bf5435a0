// The pre-start selector check's rules: which changes of a test are checked (every variant's changes that
// aim at elements), whether a report from the storefront is about the test's changes as they are, and which
// changes warn (their selector matched nothing on the page), in the admin's words.
import type { PatchOp } from "~/wire";
import type { SelectorCheckReport } from "~/wire/rules/selector-check";
import { matchesAnyPath } from "~/wire/rules/targeting";
import { validPatches } from "./patch-shape";
import { PATCH_OP_LABELS } from "./test-form";

/** An arm as stored, in the test's order: the first is the control. */
export interface CheckArm {
  id: string;
  name: string;
  patches: unknown;
}

/** A change whose selector the check runs: the arm's id, its place in the arm's list, what it does, where. */
export interface CheckableChange {
  arm: string;
  index: number;
  op: PatchOp;
  sel: string;
}

/** A checked change: elements matched on the page, or null when the browser refused its selector. */
export interface CheckedChange extends CheckableChange {
  matched: number | null;
}

/** The last check of a test, as stored. */
export interface SelectorCheck {
  /** ISO 8601, the server's clock when the report arrived. */
  checkedAt: string;
  /** The path the selectors ran on. */
  page: string;
  changes: CheckedChange[];
}

/**
 * Changes the check runs: the variants' (not the control), each with a selector (a style sheet has none),
 * read as the editor's session hands them to the page. A redirect arm has no changes (the form and the
 * editor store none for it).
 */
export function checkableChanges(arms: readonly CheckArm[]): CheckableChange[] {
  return arms
    .slice(1)
    .flatMap((arm) => (validPatches(arm.patches) ?? []).flatMap((patch, index) => ("sel" in patch ? [{ arm: arm.id, index, op: patch.op, sel: patch.sel }] : [])));
}

/** Whether the test has anything to check. */
export const hasCheckableChanges = (arms: readonly CheckArm[]): boolean => checkableChanges(arms).length > 0;

const keyOf = (c: { arm: string; index: number }) => `${c.arm}/${c.index}`;

export type ReportMatch = { ok: true; changes: CheckedChange[] } | { ok: false; issues: string[] };

/**
 * The report's counts on the test's changes as they are now, or why it is about other changes (edited,
 * added or removed since the page loaded them): then nothing is stored, and the admin checks again.
 */
export function matchReport(expected: readonly CheckableChange[], report: SelectorCheckReport): ReportMatch {
  const byKey = new Map(expected.map((c) => [keyOf(c), c]));
  const issues: string[] = [];
  const changes: CheckedChange[] = [];
  report.changes.forEach((count, i) => {
    const change = byKey.get(keyOf(count));
    if (!change || change.sel !== count.sel) issues.push(`changes.${i}: arm ${count.arm} has no change ${count.index} with this selector now`);
    else changes.push({ ...change, matched: count.matched });
  });
  const counted = new Set(report.changes.map(keyOf));
  for (const c of expected) if (!counted.has(keyOf(c))) issues.push(`changes: arm ${c.arm}'s change ${c.index} (${c.sel}) is not counted`);
  return issues.length > 0 ? { ok: false, issues: issues.slice(0, 10) } : { ok: true, changes };
}

/** A change that matched nothing, or that the browser could not run. */
export interface SelectorWarning extends CheckedChange {
  armName: string;
  /** What the merchant reads, e.g. "Arm 'Bold button': 'Hide elements' selector `.promo-bar` matched nothing on /products/shirt". */
  sentence: string;
}

/** What the test's page shows of its last check. */
export interface SelectorCheckView {
  checkedAt: string;
  page: string;
  /** Changes checked. */
  counted: number;
  warnings: SelectorWarning[];
  /** False when the test's changes differ from those checked (edited since): the check should run again. */
  current: boolean;
  /**
   * Whether the checked page is one the test runs on, by its path rules; null when the test has template
   * rules, which only the storefront can tell.
   */
  onTestPages: boolean | null;
}

/** Warns on a count of 0 (nothing to change on that page: the arm would look like the control) or none (the browser refused it). */
export const warns = (change: CheckedChange): boolean => change.matched === null || change.matched === 0;

function sentence(armName: string, change: CheckedChange, page: string): string {
  const what = change.matched === null ? "could not be run by the browser" : "matched nothing";
  return `Arm '${armName}': '${PATCH_OP_LABELS[change.op]}' selector \`${change.sel}\` ${what} on ${page}`;
}

const sameChanges = (a: readonly CheckableChange[], b: readonly CheckableChange[]) =>
  a.length === b.length && a.every((c, i) => keyOf(c) === keyOf(b[i]!) && c.sel === b[i]!.sel && c.op === b[i]!.op);

/** The last check against the test's arms and pages now: its warnings, named by the arms' current names, and whether it still holds. */
export function reviewCheck(check: SelectorCheck, arms: readonly CheckArm[], pages: readonly string[]): SelectorCheckView {
  const names = new Map(arms.map((arm) => [arm.id, arm.name]));
  const warnings = check.changes.filter(warns).map((change) => {
    const armName = names.get(change.arm) ?? change.arm;
    return { ...change, armName, sentence: sentence(armName, change, check.page) };
  });
  const onTestPages = matchesAnyPath(pages, check.page) ? true : pages.some((p) => p.startsWith("template:")) ? null : false;
  return {
    checkedAt: check.checkedAt,
    page: check.page,
    counted: check.changes.length,
    warnings,
    current: sameChanges(check.changes, checkableChanges(arms)),
    onTestPages,
  };
}

/** A stored check's JSON read back; null when it is not one (written by an older shape, or damaged). */
export function readStoredChanges(value: unknown): CheckedChange[] | null {
  if (!Array.isArray(value)) return null;
  const ok = value.every(
    (c) =>
      typeof c === "object" && c !== null &&
      typeof c.arm === "string" && Number.isInteger(c.index) && typeof c.sel === "string" &&
      typeof c.op === "string" && c.op in PATCH_OP_LABELS && (c.matched === null || Number.isInteger(c.matched)),
  );
  return ok ? (value as CheckedChange[]) : null;
}
