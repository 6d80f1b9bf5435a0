// An admin service's outcome as an admin page's route data: the one way the admin's loaders and actions
// answer, with Remix's data() (read by the page's useLoaderData or useFetcher through single fetch). A
// loader that cannot show its page throws the answer: the route's ErrorBoundary renders it, status kept.
// Admin resource routes (the preview and editor links as JSON, the CSV export) answer an HTTP response
// instead, through ../problem.ts's answer(), as every other door does.
import { data } from "@remix-run/node";
import type { FieldErrors, Outcome } from "~/services/outcome";
import { problemDocument, problemHeaders, type ProblemDocument } from "../problem";

/**
 * The body contract of the page that reads the answer (its components were written against one):
 * - "document": the value as it is; a refusal as the problem document, a form's field errors as
 *   `{ fieldErrors }` (Sites & install, a site, its API keys, Settings);
 * - "ok-problem": `{ ok: true, …value }`, or `{ ok: false, problem }` (the results page's lifecycle buttons);
 * - "ok-errors": `{ ok: true, …value }`, or `{ ok: false, errors }`: the field errors, or the problem's
 *   title as `form` (the test editor).
 */
export type AnswerStyle = "document" | "ok-problem" | "ok-errors";

export interface AnswerOptions<S extends AnswerStyle, I extends string> {
  /** "document" unless said. */
  style?: S;
  /** The success status: 200 unless said (201 when the action created something). */
  status?: number;
  /**
   * The form's intent, first in a success's body and in a form's field errors (`{ intent, … }`), so that
   * a page with several forms tells which one answered.
   */
  intent?: I;
}

type Intent<I extends string> = [I] extends [never] ? { intent?: undefined } : { intent: I };

export type AdminBody<T, S extends AnswerStyle, I extends string> = S extends "ok-problem"
  ? ({ ok: true } & Intent<I> & T) | { ok: false; problem: ProblemDocument }
  : S extends "ok-errors"
    ? ({ ok: true } & Intent<I> & T) | { ok: false; errors: FieldErrors }
    : (Intent<I> & T) | ProblemDocument | (Intent<I> & { fieldErrors: FieldErrors });

/** The outcome as route data: the value's body with the success status, or the problem's with its own status. */
export function adminAnswer<T extends object, S extends AnswerStyle = "document", I extends string = never>(
  outcome: Outcome<T>,
  { style, status, intent }: AnswerOptions<S, I> = {},
) {
  const tag = intent === undefined ? {} : { intent };
  const flagged = style === "ok-problem" || style === "ok-errors";
  if (outcome.ok) {
    const body = flagged ? { ok: true, ...tag, ...outcome.value } : { ...tag, ...outcome.value };
    return data(body as AdminBody<T, S, I>, status === undefined ? undefined : { status });
  }
  const { problem } = outcome;
  const init = { status: problem.status, headers: problemHeaders(problem) };
  if (style === "ok-problem") return data({ ok: false, problem: problemDocument(problem) } as AdminBody<T, S, I>, init);
  if (style === "ok-errors") return data({ ok: false, errors: problem.fieldErrors ?? { form: problem.title } } as AdminBody<T, S, I>, init);
  const body = problem.fieldErrors ? { ...tag, fieldErrors: problem.fieldErrors } : problemDocument(problem);
  return data(body as AdminBody<T, S, I>, init);
}
