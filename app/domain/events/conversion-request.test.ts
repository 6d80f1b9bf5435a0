import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_GOAL_LENGTH, MAX_VALUE } from "~/wire";
import { parseConversionRequest, type ConversionRequest } from "./conversion-request";
import { ISO_4217_CODES } from "./currencies";

const minimal = { site: "site-1", event_id: "order-1001", goal: "purchase" };

function issuesOf(body: unknown): string[] {
  const r = parseConversionRequest(body);
  if (r.ok) throw new Error(`accepted ${JSON.stringify(body)}`);
  return r.issues;
}

describe("parseConversionRequest", () => {
  it("maps the wire names and fills absent fields with null", () => {
    expect(parseConversionRequest(minimal)).toEqual({
      ok: true,
      value: { site: "site-1", eventId: "order-1001", goal: "purchase", value: null, currency: null, session: null },
    });
  });

  it("keeps every field when all are given", () => {
    const r = parseConversionRequest({ ...minimal, value: 129.5, currency: "EUR", session: "sess_42" });
    const expected: ConversionRequest = { site: "site-1", eventId: "order-1001", goal: "purchase", value: 129.5, currency: "EUR", session: "sess_42" };
    expect(r).toEqual({ ok: true, value: expected });
  });

  it.each([
    ["null value", { value: null }],
    ["null currency", { currency: null }],
    ["null session", { session: null }],
    ["zero value", { value: 0 }],
    ["negative value (a refund)", { value: -20, currency: "USD" }],
    ["the largest value", { value: MAX_VALUE }],
    ["a value without currency", { value: 10 }],
    ["an event id of 128 printable characters", { event_id: "~ !".repeat(42) + "xy" }],
    ["a goal of MAX_GOAL_LENGTH", { goal: "g".repeat(MAX_GOAL_LENGTH) }],
  ])("accepts %s", (_, fields) => {
    expect(parseConversionRequest({ ...minimal, ...fields }).ok).toBe(true);
  });

  it.each<[string, object, string[]]>([
    ["a missing site", { site: undefined }, ["site: required"]],
    ["a bad site", { site: "a/b" }, ["site: must be a Site ID: 3-64 characters of a-z 0-9 -"]],
    ["a missing event_id", { event_id: undefined }, ["event_id: required"]],
    ["an empty event_id", { event_id: "" }, ["event_id: empty"]],
    ["a 129-character event_id", { event_id: "e".repeat(129) }, ["event_id: too long"]],
    ["an event_id with a newline", { event_id: "a\nb" }, ["event_id: must be printable ASCII"]],
    ["an event_id with non-ASCII", { event_id: "commande-é" }, ["event_id: must be printable ASCII"]],
    ["a numeric event_id", { event_id: 1001 }, ["event_id: must be a string"]],
    ["a missing goal", { goal: undefined }, ["goal: required"]],
    ["an over-long goal", { goal: "g".repeat(MAX_GOAL_LENGTH + 1) }, ["goal: too long"]],
    ["a goal with a control character", { goal: "a\u0001" }, ["goal: control characters"]],
    ["a goal with NUL", { goal: "a\u0000" }, ["goal: control characters"]],
    ["a goal with a lone surrogate", { goal: "sign\ud800up" }, ["goal: lone surrogate"]],
    ["an event_id with NUL", { event_id: "order\u0000" }, ["event_id: must be printable ASCII"]],
    ["a value beyond MAX_VALUE", { value: -MAX_VALUE * 2 }, [`value: must be within ±${MAX_VALUE}`]],
    ["a string value", { value: "12.50" }, ["value: must be a number"]],
    ["a lower-case currency", { value: 1, currency: "usd" }, ["currency: must be upper case (USD)"]],
    ["a mixed-case currency", { value: 1, currency: "Eur" }, ["currency: must be upper case (EUR)"]],
    ["an unknown currency", { value: 1, currency: "ABC" }, ["currency: not an active ISO 4217 code"]],
    ["a withdrawn currency", { value: 1, currency: "HRK" }, ["currency: not an active ISO 4217 code"]],
    ["the no-currency code", { value: 1, currency: "XXX" }, ["currency: not an active ISO 4217 code"]],
    ["a padded currency", { value: 1, currency: " USD" }, ["currency: not an active ISO 4217 code"]],
    ["a currency without a value", { currency: "USD" }, ["currency: given without a value"]],
    ["a currency with a null value", { value: null, currency: "USD" }, ["currency: given without a value"]],
    ["a bad session", { session: "svc sid" }, ["session: must be 1-64 characters of A-Z a-z 0-9 _ -"]],
    ["an empty session", { session: "" }, ["session: must be 1-64 characters of A-Z a-z 0-9 _ -"]],
    ["an unknown field", { email: "a@b.c" }, ["email: unknown field"]],
    ["the camel-case name", { eventId: "x" }, ["eventId: unknown field"]],
  ])("rejects %s", (_, fields, expected) => {
    expect(issuesOf({ ...minimal, ...fields })).toEqual(expected);
  });

  it("reports several problems at once", () => {
    expect(issuesOf({ site: "", goal: "", extra: 1 })).toEqual([
      "site: must be a Site ID: 3-64 characters of a-z 0-9 -",
      "event_id: required",
      "goal: empty",
      "extra: unknown field",
    ]);
  });

  it.each([null, [], "x", 1])("rejects the non-object body %j", (body) => {
    expect(issuesOf(body)).toEqual(["body: must be an object"]);
  });

  it("accepts every shipped currency with a value, and common ones are there", () => {
    for (const code of ISO_4217_CODES) expect(parseConversionRequest({ ...minimal, value: 1, currency: code }).ok).toBe(true);
    for (const code of ["USD", "EUR", "JPY", "GBP", "CHF", "CAD", "AUD", "CNY", "INR", "BRL", "XCG", "ZWG"]) {
      expect(ISO_4217_CODES.has(code)).toBe(true);
    }
    for (const code of ISO_4217_CODES) expect(code).toMatch(/^[A-Z]{3}$/);
  });

  it("never throws, and what it accepts is a well-formed request", () => {
    const body = fc.oneof(
      fc.jsonValue(),
      fc.record(
        {
          site: fc.oneof(fc.string(), fc.constant("site-1")),
          event_id: fc.oneof(fc.string({ maxLength: 140 }), fc.jsonValue()),
          goal: fc.oneof(fc.string({ maxLength: 70 }), fc.jsonValue()),
          value: fc.oneof(fc.double(), fc.constant(null), fc.jsonValue()),
          currency: fc.oneof(fc.constantFrom("USD", "usd", "EUR", "XXX", null), fc.string()),
          session: fc.oneof(fc.string(), fc.constant(null)),
        },
        { requiredKeys: [] },
      ),
    );
    fc.assert(
      fc.property(body, (b) => {
        const r = parseConversionRequest(b);
        if (!r.ok) return r.issues.length >= 1 && r.issues.length <= 10;
        const c = r.value;
        return (
          /^[\x20-\x7e]{1,128}$/.test(c.eventId) &&
          (c.value === null || (Number.isFinite(c.value) && Math.abs(c.value) <= MAX_VALUE)) &&
          (c.currency === null || (c.value !== null && ISO_4217_CODES.has(c.currency)))
        );
      }),
      { numRuns: 2000 },
    );
  });
});
