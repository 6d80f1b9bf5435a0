// The local part of the embed's plan: what the snippet needs to assign a visitor on Shopify with no request.
import type { Assignment } from "~/wire";
import { armThresholds } from "~/wire/rules/assignment";
import type { LocalPlan, LocalTest } from "~/wire/rules/local-plan";
import { assignmentFor, holdoutAssignment, HOLDOUT_ARM, REST_ARM, servedAsTest } from "../experiments/patches-response";
import type { RunningTest, SiteConfig } from "../sites/site-config";

/** A test's local entry past this many characters is left to the server: the embed prints it on every page it targets. */
export const MAX_LOCAL_TEST_CHARS = 8_000;

/**
 * The site's local part, and each test's, as JSON text safe to print inside a `<script>` element (the
 * Liquid prints them as they are). `tests` lists every running test then every served winner, in
 * /api/patches' order; a test whose entry is null is one only the server can decide (an audience rule
 * the page cannot check, an arm it would not serve, an entry past MAX_LOCAL_TEST_CHARS). The embed then
 * prints no plan on that test's pages, and the snippet asks /api/patches as before.
 */
export interface LocalParts {
  l: string;
  tests: Array<{ id: string; entry: string | null }>;
}

/**
 * Null when nothing may be assigned locally on this site: the shop leaves its team's visits out, which only
 * the server can tell by the address, or the site serves nothing (paused).
 */
export function localParts(site: SiteConfig): LocalParts | null {
  if (site.excludeStaff || site.status !== "active") return null;
  const l: LocalPlan["l"] = { s: site.id };
  if (site.holdout) l.h = [site.holdout.percent, holdoutAssignment(site.tests, site.holdout, HOLDOUT_ARM), holdoutAssignment(site.tests, site.holdout, REST_ARM)];
  const tests = [...site.tests, ...(site.served ?? []).map(servedAsTest)].map((test) => ({ id: test.id, entry: localEntry(test) }));
  return { l: scriptSafeJson(l), tests };
}

function localEntry(test: RunningTest): string | null {
  // Only a query parameter or a cookie can be checked by the page itself (they travel in the Assignment's `if`).
  if (test.audience?.some((rule) => rule.kind !== "query" && rule.kind !== "cookie")) return null;
  const assignments = test.arms.map((arm) => assignmentFor(test, arm));
  if (assignments.some((a) => a === null)) return null;
  const thresholds = armThresholds(test.arms.map((arm) => arm.weight));
  const entry: LocalTest = {
    id: test.id,
    p: test.trafficPercent,
    ...(test.group && { g: [test.group.id, test.group.start, test.group.share] }),
    a: thresholds.map((t, i) => [t, assignments[i] as Assignment]),
  };
  const json = scriptSafeJson(entry);
  return json.length > MAX_LOCAL_TEST_CHARS ? null : json;
}

/**
 * JSON that cannot end or confuse the `<script type="application/json">` it is printed in: `<`, `>` and `&`
 * as \u escapes (no `</script>`, no `<!--`), and the two line separators JSON allows but old parsers do not.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}
