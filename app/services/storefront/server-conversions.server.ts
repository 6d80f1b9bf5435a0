// POST /api/conversions (draft): a conversion sent by the merchant's server with a site API key.
import { parseConversionRequest } from "~/domain/events/conversion-request";
import { parseJsonText } from "~/domain/events/event-batch";
import { moneySource } from "~/domain/events/money-source";
import { inTransaction } from "~/models/transaction.server";
import { authenticateApiKey } from "~/services/api-key-auth.server";
import { fail, ok, type Outcome } from "~/services/outcome";
import { recordConversionInTx } from "~/services/record-conversion.server";
import { getSiteConfig } from "~/services/site-cache.server";

/** Server-side event ids live in their own namespace, so they never collide with the snippet's. */
export const SERVER_EVENT_PREFIX = "s:";

/** The documented response body (docs/api.md). */
export interface ServerConversionResponse {
  status: "created" | "duplicate";
  event_id: string;
  /** The arms the conversion counts for; empty when it has no session or the session saw no running test. */
  attributed: Array<{ test: string; arm: string }>;
}

const KEY_SITE_MISMATCH = { status: 403, type: "key-site-mismatch", title: "This API key belongs to another site" };

/** A Shopify site's purchases are its signed orders' alone: a second door would count each order twice. */
const ORDERS_ONLY = {
  status: 422,
  type: "goal-from-orders-only",
  title: "This goal is counted from Shopify's orders",
  detail: "On a Shopify site, purchase is counted from the shop's signed order webhooks only; send your server's conversions under another goal.",
};

/**
 * The conversion recorded (`created`) or already known (`duplicate`), or the problem that stopped it.
 * `address` is the client's: its failed authentications are limited (authenticateApiKey).
 */
export async function recordServerConversion(authorization: string | null, text: string, address?: string): Promise<Outcome<ServerConversionResponse>> {
  const holder = await authenticateApiKey(authorization, address);
  if (!holder.ok) return holder;
  const json = parseJsonText(text);
  const parsed = json.ok ? parseConversionRequest(json.value) : json;
  if (!parsed.ok) return fail({ status: 400, type: "invalid-conversion", title: "The conversion is not valid", issues: parsed.issues });
  const conversion = parsed.value;
  if (conversion.site !== holder.value.sitePublicId) return fail(KEY_SITE_MISMATCH);
  const site = await getSiteConfig(conversion.site);
  if (!site) return fail(KEY_SITE_MISMATCH);
  if (moneySource(conversion.goal, site) === "orders") return fail(ORDERS_ONLY);
  const result = await inTransaction((tx) =>
    recordConversionInTx(tx, site, {
      eventId: SERVER_EVENT_PREFIX + conversion.eventId,
      goal: conversion.goal,
      value: conversion.value,
      currency: conversion.currency,
      sessionId: conversion.session,
      visitorId: null,
      source: "server",
      occurredAt: new Date(),
    }),
  );
  if (result.status === "duplicate") return ok({ status: "duplicate", event_id: conversion.eventId, attributed: [] });
  return ok({
    status: "created",
    event_id: conversion.eventId,
    attributed: result.attributed.map((a) => ({ test: a.testId, arm: a.armId })),
  });
}
