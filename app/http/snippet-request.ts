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
