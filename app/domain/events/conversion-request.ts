// Validation of the draft POST /api/conversions body (the spec's "Conversion record").
import { z } from "zod";
import { isCurrencyCode } from "./currencies";
import { goalSchema, idSchema, siteIdSchema, valueSchema } from "./event-batch";
import { parseWith, type ParseResult } from "../parse-result";

export interface ConversionRequest {
  site: string;
  /** The caller's own id (order or deal number): conversions are deduplicated on (site, eventId). */
  eventId: string;
  goal: string;
  value: number | null;
  /** ISO 4217, upper case; only ever set together with `value`. */
  currency: string | null;
  /** Without a session the conversion counts but is attributed to no arm. */
  session: string | null;
}

export const MAX_EVENT_ID_LENGTH = 128;

// Printable ASCII only: CRM order numbers fit, and the id is safe to log, index and echo back.
const eventId = z
  .string()
  .min(1, { error: "empty" })
  .max(MAX_EVENT_ID_LENGTH, { error: "too long" })
  .regex(/^[\x20-\x7e]*$/, { error: "must be printable ASCII" });

const currency = z.string().check((ctx) => {
  const code = ctx.value;
  if (isCurrencyCode(code)) return;
  const upper = code.toUpperCase();
  ctx.issues.push({
    code: "custom",
    input: code,
    message: isCurrencyCode(upper) ? `must be upper case (${upper})` : "not an active ISO 4217 code",
  });
});

// JSON clients often send null for "not given", so null is accepted wherever a field is optional.
const schema = z
  .strictObject({
    site: siteIdSchema,
    event_id: eventId,
    goal: goalSchema,
    value: valueSchema.nullable().optional(),
    currency: currency.nullable().optional(),
    session: idSchema.nullable().optional(),
  })
  .refine((body) => body.currency == null || body.value != null, {
    error: "given without a value",
    path: ["currency"],
    when: (payload) => payload.issues.length === 0,
  });

export function parseConversionRequest(body: unknown): ParseResult<ConversionRequest> {
  const parsed = parseWith(schema, body);
  if (!parsed.ok) return parsed;
  const { site, event_id, goal, value, currency, session } = parsed.value;
  return {
    ok: true,
    value: { site, eventId: event_id, goal, value: value ?? null, currency: currency ?? null, session: session ?? null },
  };
}
