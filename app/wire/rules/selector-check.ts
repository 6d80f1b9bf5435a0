// What the pre-start selector check sends (POST /api/editor/check, app/wire/editor.ts): one count per change
// with a selector, of every variant of the test, on one page. The editor builds the report with this rule and
// the server reads it with the same one; both suites run selector-check.cases.json.
import { MAX_PATH_LENGTH } from "../limits";
import { isWireText } from "./text";

/** Ten arms of a hundred changes each (the admin form's limits), and some room. */
export const MAX_CHECK_CHANGES = 1_000;
/** Counts are clamped to this: past it, "how many" says nothing more about whether a selector works. */
export const MAX_MATCH_COUNT = 100_000;
/** The longest selector a change may hold (PATCH_LIMITS.selector in app/domain/experiments/patch-shape.ts). */
export const MAX_CHECK_SELECTOR_LENGTH = 500;
const ARM_ID = /^[A-Za-z0-9_-]{1,64}$/;
const MAX_ISSUES = 10;

/** One change's count: `matched` elements on the page, or null when the browser refused the selector. */
export interface SelectorCount {
  /** The arm's id. */
  arm: string;
  /** The change's position in the arm's list of changes, from 0. */
  index: number;
  /** The selector as it was run, so a report on changes edited meanwhile is recognised. */
  sel: string;
  matched: number | null;
}

/** `POST /api/editor/check?token=` body. */
export interface SelectorCheckReport {
  /** The page's path (`location.pathname`) the selectors ran on. */
  page: string;
  changes: SelectorCount[];
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const exactKeys = (v: Record<string, unknown>, keys: string[]) => Object.keys(v).every((k) => keys.includes(k));

function countIssues(c: unknown, at: string): string[] {
  if (!isObject(c) || !exactKeys(c, ["arm", "index", "sel", "matched"])) return [`${at}: an object {arm, index, sel, matched}`];
  const issues: string[] = [];
  if (typeof c.arm !== "string" || !ARM_ID.test(c.arm)) issues.push(`${at}.arm: an arm id`);
  if (typeof c.index !== "number" || !Number.isInteger(c.index) || c.index < 0 || c.index >= MAX_CHECK_CHANGES) issues.push(`${at}.index: a whole number from 0`);
  if (!isWireText(c.sel, MAX_CHECK_SELECTOR_LENGTH)) issues.push(`${at}.sel: a selector of 1 to ${MAX_CHECK_SELECTOR_LENGTH} characters`);
  const m = c.matched;
  if (m !== null && (typeof m !== "number" || !Number.isInteger(m) || m < 0 || m > MAX_MATCH_COUNT)) issues.push(`${at}.matched: a whole number from 0 to ${MAX_MATCH_COUNT}, or null`);
  return issues;
}

/**
 * Why `value` is not a SelectorCheckReport, as `"<field path>: <what it must be>"` (at most ten); empty
 * when it is one. Objects are strict, a change is named once, and every text is well-formed (text.ts).
 */
export function selectorCheckReportIssues(value: unknown): string[] {
  if (!isObject(value) || !exactKeys(value, ["page", "changes"])) return ["body: an object {page, changes}"];
  const issues: string[] = [];
  const { page, changes } = value;
  if (!isWireText(page, MAX_PATH_LENGTH) || !page.startsWith("/")) issues.push(`page: a path starting with /, up to ${MAX_PATH_LENGTH} characters`);
  if (!Array.isArray(changes) || changes.length > MAX_CHECK_CHANGES) return [...issues, `changes: a list of at most ${MAX_CHECK_CHANGES} counts`];
  const seen = new Set<string>();
  changes.forEach((c: unknown, i) => {
    const at = `changes.${i}`;
    const own = countIssues(c, at);
    issues.push(...own);
    if (own.length > 0 || !isObject(c)) return;
    const key = `${String(c.arm)}/${String(c.index)}`;
    if (seen.has(key)) issues.push(`${at}: arm ${String(c.arm)}'s change ${String(c.index)} is already counted`);
    seen.add(key);
  });
  return issues.slice(0, MAX_ISSUES);
}

/** `value` as a report, when it is one. */
export const isSelectorCheckReport = (value: unknown): value is SelectorCheckReport => selectorCheckReportIssues(value).length === 0;

/** A count as the report carries it: whole, and clamped to MAX_MATCH_COUNT. */
export const reportedCount = (n: number): number => Math.min(MAX_MATCH_COUNT, Math.max(0, Math.floor(n)));
