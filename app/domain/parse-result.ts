// The outcome of validating an untrusted request body: the value, or a few short readable issues.
import type { z } from "zod";

export type ParseResult<T> = { ok: true; value: T } | { ok: false; issues: string[] };

/** Enough to fix a request, few enough that a hostile body cannot make a huge error response. */
export const MAX_ISSUES = 10;

/** Runs `schema` on `body` without ever throwing; issues read like "events.3.goal: too long". */
export function parseWith<S extends z.ZodType>(schema: S, body: unknown): ParseResult<z.output<S>> {
  let result: z.ZodSafeParseResult<z.output<S>>;
  try {
    result = schema.safeParse(body, { error: briefMessage });
  } catch {
    // Only a non-JSON input (a throwing getter or proxy) can get here; treat it like any bad body.
    return failure(["body: unreadable"]);
  }
  if (result.success) return { ok: true, value: result.data };
  const issues: string[] = [];
  for (const issue of result.error.issues) {
    const where = issue.path.length ? issue.path.map((p) => printable(String(p))).join(".") : "body";
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) issues.push(`${where === "body" ? "" : `${where}.`}${printable(key)}: unknown field`);
    } else {
      issues.push(`${where}: ${issue.message}`);
    }
    if (issues.length >= MAX_ISSUES) break;
  }
  return failure(issues);
}

export function failure(issues: string[]): { ok: false; issues: string[] } {
  return { ok: false, issues: issues.slice(0, MAX_ISSUES) };
}

/** Default wording for checks that carry no message of their own. */
function briefMessage(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case "invalid_type":
      if (issue.input === undefined) return "required";
      return issue.expected === "int" ? "must be an integer" : `must be ${article(issue.expected)}`;
    case "too_big":
      return issue.origin === "string" ? "too long" : issue.origin === "array" ? `at most ${issue.maximum}` : `must be <= ${issue.maximum}`;
    case "too_small":
      if (issue.origin === "string") return "empty";
      return issue.origin === "array" ? `at least ${issue.minimum}` : `must be >= ${issue.minimum}`;
    case "invalid_value":
      return `must be ${issue.values.map((v) => JSON.stringify(v)).join(" or ")}`;
    case "invalid_union":
      return "unknown value";
    case "invalid_format":
      return "invalid format";
    default:
      return "invalid";
  }
}

const article = (type: string) => (/^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`);

/**
 * Field names come from the caller, so an unknown key is echoed cut short and with anything outside
 * printable ASCII escaped: an issue string is safe to log or to send back.
 */
function printable(key: string): string {
  const escaped = key.slice(0, 40).replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
  return key.length > 40 ? `${escaped}...` : escaped;
}
