// Statement names (connection.server.ts): one per text, shared by every connection; none for a statement led by
// PLANNED_PER_CALL, which PostgreSQL then plans for its values at every call.
import { describe, expect, it } from "vitest";
import { PLANNED_PER_CALL, statementName } from "./connection.server";

describe("statementName", () => {
  it("names each text once, the same name every time", () => {
    const a = statementName(`SELECT 1 AS "statement-names a"`);
    const b = statementName(`SELECT 1 AS "statement-names b"`);
    expect(a).toMatch(/^svc_\d+$/);
    expect(b).not.toBe(a);
    expect(statementName(`SELECT 1 AS "statement-names a"`)).toBe(a);
  });

  it("leaves a statement led by PLANNED_PER_CALL unnamed, however often it is sent", () => {
    const text = `${PLANNED_PER_CALL}\n SELECT 1 AS "statement-names c"`;
    expect(statementName(text)).toBe("");
    expect(statementName(text)).toBe("");
    // Only when it leads: a comment elsewhere is just a comment.
    expect(statementName(`SELECT 1 AS "statement-names d" ${PLANNED_PER_CALL}`)).toMatch(/^svc_\d+$/);
  });
});
