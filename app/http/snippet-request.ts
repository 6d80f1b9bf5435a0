// Shared shaping for the snippet's endpoints: problems with CORS, and method checks.
import { withCors } from "./cors";
import { problem } from "./problem";

export interface ProblemOutcome {
  status: number;
  type: string;
  title: string;
  detail?: string;
  issues?: string[];
  retryAfterSeconds?: number;
}

export function problemResponse(outcome: ProblemOutcome, cors = true): Response {
  const headers: Record<string, string> = {};
  if (outcome.retryAfterSeconds) headers["Retry-After"] = String(outcome.retryAfterSeconds);
  const response = problem(outcome.type, outcome.status, outcome.title, outcome.detail, {
    headers,
    extensions: outcome.issues ? { issues: outcome.issues } : {},
  });
  return cors ? withCors(response) : response;
}

export function methodNotAllowed(allow: string): Response {
  return problem("method-not-allowed", 405, "Method not allowed", `Use ${allow}.`, { headers: { Allow: allow } });
}

/**
 * Runs a write whose failure is ours (the database is down or saturated), answering 503 with
 * Retry-After instead of a bare 500: clients may retry, and nothing they sent was half-written
 * because every write is one transaction.
 */
export async function unavailableOnFailure(work: () => Promise<Response>, cors = true): Promise<Response> {
  try {
    return await work();
  } catch (error) {
    console.error("[svc] write failed:", error);
    return problemResponse(
      { status: 503, type: "temporarily-unavailable", title: "Try again shortly", retryAfterSeconds: 5 },
      cors,
    );
  }
}
