import { describe, expect, it } from "vitest";
import { z } from "zod";
import { failure, MAX_ISSUES, parseWith } from "./parse-result";

const schema = z.strictObject({ n: z.number().int(), s: z.string().max(3), list: z.array(z.string()).max(2).optional(), k: z.enum(["a", "b"]).optional() });

describe("parseWith", () => {
  it("returns the parsed value", () => {
    expect(parseWith(schema, { n: 1, s: "abc" })).toEqual({ ok: true, value: { n: 1, s: "abc" } });
  });

  it("words default issues briefly, with dotted paths", () => {
    const r = parseWith(schema, { n: 1.5, s: "abcd", list: ["x", 2], k: "c" });
    expect(r).toEqual({
      ok: false,
      issues: ["n: must be an integer", "s: too long", "list.1: must be a string", 'k: must be "a" or "b"'],
    });
    expect(parseWith(schema, { n: "1", s: "", list: ["a", "b", "c"] })).toEqual({
      ok: false,
      issues: ["n: must be a number", "list: at most 2"],
    });
  });

  it("says which field is missing or unknown", () => {
    expect(parseWith(schema, { s: "", extra: 1, other: 2 })).toEqual({
      ok: false,
      issues: ["n: required", "extra: unknown field", "other: unknown field"],
    });
  });

  it(`caps the issues at ${MAX_ISSUES}`, () => {
    const many = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`k${i}`, i]));
    const r = parseWith(schema, { n: 1, s: "", ...many });
    expect(r.ok === false && r.issues.length).toBe(MAX_ISSUES);
    expect(failure(Array.from({ length: 20 }, String)).issues).toHaveLength(MAX_ISSUES);
  });

  it("reports a body that throws when read instead of throwing", () => {
    const hostile = new Proxy({}, { ownKeys: () => { throw new Error("boom"); }, get: () => { throw new Error("boom"); } });
    expect(parseWith(schema, hostile)).toEqual({ ok: false, issues: ["body: unreadable"] });
  });
});
