// Problems as HTTP answers: JSON problem details (RFC 9457) under a stable type URI. Every door answers
// a Problem through problemResponse; scripts/server.ts's last-resort handler uses problemDocument.
// This module imports no values, so the separately bundled scripts/server.ts can import it too.
import type { Outcome, Problem } from "~/services/outcome";

/** Problem types are stable URIs under this prefix; they are listed in docs/api.md. */
export const PROBLEM_BASE = "https://svc.dev/problems/";
export const PROBLEM_CONTENT_TYPE = "application/problem+json";

export interface ProblemDocument {
  type: string;
  title: string;
  status: number;
  detail?: string;
  issues?: string[];
}

export function problemDocument({ type, title, status, detail, issues }: Problem): ProblemDocument {
  return { type: PROBLEM_BASE + type, title, status, ...(detail && { detail }), ...(issues && { issues }) };
}

/** The headers a problem is answered with, whatever carries its body: its own, Retry-After, never cached. */
export function problemHeaders(problem: Problem): Headers {
  const headers = new Headers(problem.headers);
  if (problem.retryAfterSeconds !== undefined) headers.set("Retry-After", String(problem.retryAfterSeconds));
  headers.set("Cache-Control", "no-store");
  return headers;
}

/** The problem's response, never cached. CORS is the door's business (app/http/endpoint.ts), not this one's. */
export function problemResponse(problem: Problem): Response {
  const headers = problemHeaders(problem);
  headers.set("Content-Type", PROBLEM_CONTENT_TYPE);
  return new Response(JSON.stringify(problemDocument(problem)), { status: problem.status, headers });
}

/** A service's outcome as a response: `respond` shapes the value, a problem is answered as above. */
export function answer<T>(outcome: Outcome<T>, respond: (value: T) => Response): Response {
  return outcome.ok ? respond(outcome.value) : problemResponse(outcome.problem);
}
