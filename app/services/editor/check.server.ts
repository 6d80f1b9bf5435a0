// POST /api/editor/check: a selector check's report from the storefront page it ran on (the editor's code,
// opened by the admin with a check token): read by the wire's rule, matched to the test's changes as they
// are now, and stored as the test's last check, which the test's page shows before Start.
import { checkableChanges, matchReport, warns } from "~/domain/experiments/selector-check";
import { checkTokenDigest } from "~/domain/links/editor-token";
import { saveSelectorCheckOnce } from "~/models/tests/selector-check.server";
import type { SelectorCheckAnswer } from "~/wire/editor";
import { selectorCheckReportIssues, type SelectorCheckReport } from "~/wire/rules/selector-check";
import { granted, openEditorRequest, ORIGIN_NOT_ALLOWED, refusedOrigin, type CorsGrant, type EditorPurpose, type EditorRequest } from "./access.server";
import { fail, ok, type Outcome, type Problem } from "~/services/outcome";

/** Only a selector check's token reports a check. */
export const CHECK_PURPOSES: readonly EditorPurpose[] = ["check"];

/** A check token reports once: a second report could only replace the page's real counts with made-up ones. */
const TOKEN_USED: Problem = {
  status: 409,
  type: "check-token-used",
  title: "This check token has reported already",
  detail: "Check the selectors again from the test in the admin.",
};

/** A thousand counts with 500-character selectors fit in about 600 KB. */
export const MAX_CHECK_BODY_BYTES = 1024 * 1024;

function readReport(text: string): Outcome<SelectorCheckReport> {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return fail({ status: 400, type: "invalid-body", title: "The body is not JSON" });
  }
  const issues = selectorCheckReportIssues(body);
  if (issues.length > 0) return fail({ status: 422, type: "invalid-check-report", title: "The selector check's report is not valid", issues });
  return ok(body as SelectorCheckReport);
}

export async function recordSelectorCheck(request: EditorRequest, body: Outcome<string>): Promise<Outcome<SelectorCheckAnswer> & CorsGrant> {
  const gate = await openEditorRequest(request, CHECK_PURPOSES);
  const answer = (outcome: Outcome<SelectorCheckAnswer>) => granted(gate.allowOrigin, outcome);
  if (!gate.ok) return answer(fail(gate.problem));
  // Counts from a page the site does not serve would say nothing about the site.
  if (refusedOrigin(request, gate)) return answer(fail(ORIGIN_NOT_ALLOWED));
  const { test } = gate.value;
  if (test.status === "archived") return answer(fail({ status: 409, type: "test-locked", title: "This test is archived: there is nothing left to check" }));
  if (!body.ok) return answer(body);
  const report = readReport(body.value);
  if (!report.ok) return answer(report);
  const matched = matchReport(checkableChanges(test.arms), report.value);
  if (!matched.ok) {
    return answer(
      fail({
        status: 409,
        type: "check-outdated",
        title: "The test's changes were edited while the page was being checked",
        detail: "Check the selectors again from the test in the admin.",
        issues: matched.issues,
      }),
    );
  }
  // request.token is the token the gate verified.
  const token = { digest: checkTokenDigest(request.token ?? ""), expiresAt: new Date(gate.value.claims.exp * 1000) };
  const check = await saveSelectorCheckOnce(token, test.id, report.value.page, matched.changes);
  if (!check) return answer(fail(TOKEN_USED));
  return answer(ok({ checkedAt: check.checkedAt, page: check.page, counted: check.changes.length, unmatched: check.changes.filter(warns).length }));
}
