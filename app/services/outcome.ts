// What a service answers the door that called it: the value asked for, or the Problem that stopped it.
// Services choose the problem (status, stable type, title, and a form's field errors); app/http/problem.ts
// turns it into an HTTP response, the same way for every door, and app/http/web/admin-answer.ts into an
// admin page's route data.

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
  /**
   * A form the merchant can correct: what is wrong, by field ("name", "arms.1.weight"; "form" for the
   * whole). Nothing was written.
   */
  fieldErrors?: FieldErrors;
}

/** A form's errors by field path, each a sentence fit to show under the field. */
export type FieldErrors = Partial<Record<string, string>>;

export type Outcome<T> = { ok: true; value: T } | { ok: false; problem: Problem };

export function ok<T>(value: T): Outcome<T> {
  return { ok: true, value };
}

export function fail(problem: Problem): Outcome<never> {
  return { ok: false, problem };
}

/** A form that cannot be saved as posted: 400, its errors by field (`type` names the form). */
export function invalidForm(type: string, fieldErrors: FieldErrors): Problem {
  return { status: 400, type, title: "The form has errors", fieldErrors };
}

/** The outcome with its value changed by `f`; a problem is kept as it is. */
export function mapOutcome<T, U>(outcome: Outcome<T>, f: (value: T) => U): Outcome<U> {
  return outcome.ok ? ok(f(outcome.value)) : outcome;
}
