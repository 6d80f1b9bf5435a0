// JSON problem details (RFC 9457) for every error an endpoint answers: a stable `type`, a title, a status.

export interface Problem {
  type: string;
  title: string;
  status: number;
  detail?: string;
  [extension: string]: unknown;
}

/** Problem types are stable URIs under this prefix; they are documented in docs/api.md. */
export const PROBLEM_BASE = "https://svc.dev/problems/";

export function problem(
  type: string,
  status: number,
  title: string,
  detail?: string,
  init: { headers?: HeadersInit; extensions?: Record<string, unknown> } = {},
): Response {
  const body: Problem = { type: PROBLEM_BASE + type, title, status, ...(detail && { detail }), ...init.extensions };
  const headers = new Headers(init.headers);
  headers.set("Content-Type", "application/problem+json");
  headers.set("Cache-Control", "no-store");
  return new Response(JSON.stringify(body), { status, headers });
}
