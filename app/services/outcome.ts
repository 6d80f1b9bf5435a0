// What a service answers the door that called it: the value asked for, or the Problem that stopped it.
// Services choose the problem (status, stable type, title); app/http/problem.ts is the one place that
// turns it into an HTTP response, the same way for every door.

/** Why a request was refused (docs/api.md, "Errors"). */
export interface Problem {
  status: number;
  /** The stable problem type's last path segment ("rate-limited"); answering adds the URI prefix. */
  type: string;
  title: string;
  detail?: string;
  /** Where a request body is wrong ("events.3.goal: too long"), a few at most. */
  issues?: string[];
  /** When the client may try again; sent as Retry-After. */
  retryAfterSeconds?: number;
  /** Headers this problem needs besides those (WWW-Authenticate, Allow). */
  headers?: Record<string, string>;
}

export type Outcome<T> = { ok: true; value: T } | { ok: false; problem: Problem };

export function ok<T>(value: T): Outcome<T> {
  return { ok: true, value };
}

export function fail(problem: Problem): Outcome<never> {
  return { ok: false, problem };
}
