// Validation of the POST /api/events and /api/collect body (EventBatch in app/wire/events.ts).
import { z } from "zod";
import {
  ID_PATTERN,
  isConversionValue,
  isGoalLabel,
  MAX_BATCH_EVENTS,
  MAX_ELEMENT_ID_LENGTH,
  MAX_GOAL_LENGTH,
  MAX_PATH_LENGTH,
  MAX_SELECTOR_LENGTH,
  MAX_TIMING_MS,
  MAX_VALUE,
  SHOP_PATTERN,
  CHECKOUT_TOKEN_PATTERN,
  ORDER_ID_PATTERN,
  SITE_ID_PATTERN,
  wireTextProblem,
  type EventBatch,
} from "~/wire";
import { HIDE_TIMEOUT_MS } from "~/wire/hide";
import { failure, parseWith, type ParseResult } from "../parse-result";

export type { ParseResult } from "../parse-result";

/** Longest DNS name: bounds the shop domain, which SHOP_PATTERN alone does not. */
const MAX_SHOP_LENGTH = 255;

export const idSchema = z.string().regex(ID_PATTERN, { error: "must be 1-64 characters of A-Z a-z 0-9 _ -" });
/** The Site ID format of app/wire/rules/site-id.ts, the one the snippet checks in its tag. */
export const siteIdSchema = z.string().regex(SITE_ID_PATTERN, { error: "must be a Site ID: 3-64 characters of a-z 0-9 -" });

/**
 * Goal labels: isGoalLabel (app/wire/rules/goal.ts) decides, for browser conversions and server-side ones
 * alike, the rule the snippet applies before sending; the message only says which part failed.
 */
export const goalSchema = z.string().check((ctx) => {
  if (!isGoalLabel(ctx.value)) ctx.issues.push({ code: "custom", input: ctx.value, message: wireTextProblem(ctx.value, MAX_GOAL_LENGTH) ?? "not a goal label" });
});

/**
 * A monetary value (isConversionValue): out of range, the whole request is refused rather than the
 * value clipped, so totals are never skewed. The snippet never sends one: it drops such a value itself.
 */
export const valueSchema = z.number().refine(isConversionValue, { error: `must be within ±${MAX_VALUE}` });

/**
 * Free text of at most `max` code units that the database can store: the wire-text rule of
 * app/wire/rules/text.ts (no control characters, NUL included, no lone surrogate). Every string field of a
 * batch that is not an id, an enum or an ASCII pattern goes through it.
 */
export const wireTextSchema = (max: number) =>
  z.string().check((ctx) => {
    const problem = wireTextProblem(ctx.value, max);
    if (problem) ctx.issues.push({ code: "custom", input: ctx.value, message: problem });
  });
const boundedText = wireTextSchema;

const timestamp = z.number().positive({ error: "must be a positive number" });
const timing = z.number().int().min(0).max(MAX_TIMING_MS);
/**
 * The snippet reports how long it hid elements only below its hiding timeout (past it, CSS alone shows them
 * and nothing is measured): a longer claim is not a measurement, so it counts as the timeout, and a forged
 * 600,000 ms weighs no more in the flicker figures than a real page that waited the whole second.
 */
const hiddenTiming = timing.transform((ms) => Math.min(ms, HIDE_TIMEOUT_MS));

const path = wireTextSchema(MAX_PATH_LENGTH).refine((s) => s.startsWith("/"), { error: "must start with /" });

// The snippet sends origin + pathname for web links and only the scheme otherwise: anything with a
// query string, a fragment or text after a non-web scheme (mailto:someone@…) is refused.
const HREF = /^(?:https?:\/\/[^\s?#]*|[a-z][a-z0-9+.-]*:)$/;

const element = z.strictObject({
  tag: boundedText(MAX_SELECTOR_LENGTH),
  id: boundedText(MAX_ELEMENT_ID_LENGTH).optional(),
  sel: boundedText(MAX_SELECTOR_LENGTH),
  href: wireTextSchema(MAX_SELECTOR_LENGTH).regex(HREF, { error: "must be origin + path, or a scheme only" }).optional(),
});

const base = { id: idSchema, ts: timestamp, path };

const event = z.discriminatedUnion(
  "type",
  [
    z.strictObject({ ...base, type: z.literal("pageview") }),
    z.strictObject({ ...base, type: z.literal("click"), el: element }),
    z.strictObject({ ...base, type: z.literal("exposure"), test: idSchema, arm: idSchema, msToApply: timing, msHidden: hiddenTiming }),
    z.strictObject({ ...base, type: z.literal("conversion"), goal: goalSchema, value: valueSchema.optional() }),
    z.strictObject({
      ...base,
      type: z.literal("checkout"),
      order: z.string().regex(ORDER_ID_PATTERN, { error: "must be a numeric order id" }),
      checkout: z.string().regex(CHECKOUT_TOKEN_PATTERN, { error: "must be a checkout token" }).optional(),
    }),
  ],
  { error: "must be pageview, click, exposure, conversion or checkout" },
);

const eventBatchSchema = z.strictObject({
  v: z.literal(1),
  site: siteIdSchema,
  vid: idSchema,
  sid: idSchema,
  shop: z.string().max(MAX_SHOP_LENGTH, { error: "too long" }).regex(SHOP_PATTERN, { error: "must be a *.myshopify.com domain" }).optional(),
  // Any length the body limit allows: a long landing URL must not cost the batch (segment.ts reads it bounded).
  l: z.string().optional(),
  sent: timestamp,
  events: z.array(event).min(1, { error: "at least 1 event" }).max(MAX_BATCH_EVENTS, { error: `at most ${MAX_BATCH_EVENTS} events` }),
});

export function parseEventBatch(body: unknown): ParseResult<EventBatch> {
  if (tooManyEvents(body)) return failure([`events: at most ${MAX_BATCH_EVENTS} events`]);
  return parseWith(eventBatchSchema, body);
}

/** Refuses an oversized batch before validating any of its events. */
function tooManyEvents(body: unknown): boolean {
  try {
    return isRecord(body) && Array.isArray(body.events) && body.events.length > MAX_BATCH_EVENTS;
  } catch {
    return false; // not a JSON value; the schema reports it
  }
}

/** JSON.parse that reports instead of throwing: the body arrives as text/plain (a CORS simple request). */
export function parseJsonText(text: string): ParseResult<unknown> {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return failure(["body: not valid JSON"]);
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
