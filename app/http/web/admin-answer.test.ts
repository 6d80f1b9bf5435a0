import { describe, expect, it } from "vitest";
import { fail, invalidForm, ok, type Problem } from "~/services/outcome";
import { adminAnswer } from "./admin-answer";

const NOT_FOUND: Problem = { status: 404, type: "site-not-found", title: "This shop has no such site" };
const LIMITED: Problem = { status: 429, type: "rate-limited", title: "Too many requests", retryAfterSeconds: 5, headers: { Allow: "POST" } };
const FORM = invalidForm("invalid-site-form", { name: "Enter a name" });

describe("adminAnswer", () => {
  it("answers the value as it is, with the success status asked for, the form's intent first", () => {
    expect(adminAnswer(ok({ saved: "s1" }))).toMatchObject({ data: { saved: "s1" }, init: null });
    const created = adminAnswer(ok({ key: { id: "k1" } }), { intent: "create-key", status: 201 });
    expect(created.data).toEqual({ intent: "create-key", key: { id: "k1" } });
    expect(Object.keys(created.data)).toEqual(["intent", "key"]);
    expect(created.init).toMatchObject({ status: 201 });
  });

  it("answers a problem as its document with its status and headers, never cached", () => {
    const answer = adminAnswer(fail(NOT_FOUND), { intent: "update" });
    expect(answer.data).toEqual({ type: "https://svc.dev/problems/site-not-found", title: "This shop has no such site", status: 404 });
    expect(answer.init?.status).toBe(404);
    const headers = new Headers(adminAnswer(fail(LIMITED)).init?.headers);
    expect(Object.fromEntries(headers)).toEqual({ allow: "POST", "retry-after": "5", "cache-control": "no-store" });
  });

  it("answers a form's field errors as { intent, fieldErrors } with 400", () => {
    const answer = adminAnswer(fail(FORM), { intent: "update" });
    expect(answer.data).toEqual({ intent: "update", fieldErrors: { name: "Enter a name" } });
    expect(answer.init?.status).toBe(400);
    expect(adminAnswer(fail(FORM)).data).toEqual({ fieldErrors: { name: "Enter a name" } });
  });

  it('answers { ok, …value } or { ok: false, problem } in the "ok-problem" style', () => {
    expect(adminAnswer(ok({ status: "running", message: "Test started" }), { style: "ok-problem" }).data).toEqual({
      ok: true,
      status: "running",
      message: "Test started",
    });
    const refused = adminAnswer(fail({ status: 409, type: "test-not-allowed-now", title: "A draft test cannot be paused." }), { style: "ok-problem" });
    expect(refused.data).toEqual({
      ok: false,
      problem: { type: "https://svc.dev/problems/test-not-allowed-now", title: "A draft test cannot be paused.", status: 409 },
    });
    expect(refused.init?.status).toBe(409);
  });

  it('answers { ok, …value } or { ok: false, errors } in the "ok-errors" style, the title as `form` when no field is wrong', () => {
    const created = adminAnswer(ok({ id: "t1" }), { style: "ok-errors", status: 201 });
    expect(created.data).toEqual({ ok: true, id: "t1" });
    expect(created.init?.status).toBe(201);
    expect(adminAnswer(fail(FORM), { style: "ok-errors" }).data).toEqual({ ok: false, errors: { name: "Enter a name" } });
    const gone = adminAnswer(fail({ status: 404, type: "not-found", title: "This test does not exist or belongs to another shop" }), { style: "ok-errors" });
    expect(gone.data).toEqual({ ok: false, errors: { form: "This test does not exist or belongs to another shop" } });
    expect(gone.init?.status).toBe(404);
  });
});
