// The HTTP side of Shopify's webhooks: the body read within its limit, verified by Shopify's HMAC
// (authenticate.webhook answers 401 to a forged one, 400 to a missing one), refused when triggered too
// long ago, the body's shop checked against the header's (webhook-shop.ts), claimed once by its
// X-Shopify-Webhook-Id (a delivery already processed is acknowledged and ignored), then the service; its
// outcome is answered as JSON or a problem, and a database failure as 503 so that Shopify delivers again.
import type { ActionFunctionArgs } from "@remix-run/node";
import { InvalidShopError } from "@shopify/shopify-api";
import { WEBHOOK_MAX_AGE_MS, webhookStaleness, type Staleness } from "~/domain/shopify/webhook-delivery";
import type { Outcome, Problem } from "~/services/outcome";
import { claimWebhookDelivery, finishWebhookDelivery } from "~/services/shopify/webhook-deliveries.server";
import { readBody } from "../body";
import { unavailableOnFailure } from "../endpoint";
import { WEBHOOK_MAX_BODY_BYTES } from "../node/request-guard";
import { answer, problemResponse } from "../problem";
import { isRemoteInDemo, NOT_LOCAL } from "./demo-door.server";
import { shopMismatch } from "./webhook-shop";

export interface WebhookOptions {
  /**
   * The payload field naming the shop, checked against the X-Shopify-Shop-Domain header: the signature
   * covers the body, not the headers, so this stops a signed body for one shop being replayed with
   * another shop's header. `required: false` accepts a payload without it (order payloads have none).
   */
  bodyShop?: { field: string; required: boolean };
}

/** Shopify's check of a webhook (its library's authenticate.webhook), as far as this door reads its answer. */
export type AuthenticateWebhook = (request: Request) => Promise<{
  shop: string;
  topic: string;
  webhookId: string;
  triggeredAt?: string;
  payload: unknown;
  session?: { id: string };
}>;

/** What a webhook's handler knows besides the shop and the payload. */
export interface WebhookContext {
  /** The shop's offline session id, when one is stored (none after uninstall). */
  sessionId: string | null;
}

const INVALID_SHOP: Problem = {
  status: 400,
  type: "invalid-webhook-shop",
  title: "The webhook's X-Shopify-Shop-Domain is not a shop's domain",
};

const NOT_JSON: Problem = { status: 400, type: "invalid-webhook", title: "The webhook's body is not JSON" };

const STALE_DETAIL: Record<Staleness, string> = {
  missing: "X-Shopify-Triggered-At is missing.",
  unreadable: "X-Shopify-Triggered-At is not a date.",
  "too-old": `X-Shopify-Triggered-At is more than ${WEBHOOK_MAX_AGE_MS / 3_600_000} hours ago.`,
  ahead: "X-Shopify-Triggered-At is in the future.",
};

const staleProblem = (why: Staleness): Problem => ({
  status: 400,
  type: "stale-webhook",
  title: "The webhook was not triggered within the accepted window",
  detail: STALE_DETAIL[why],
});

/**
 * Shopify's library refuses a delivery by throwing a bare Response (no body); the same refusals as problems with
 * a stable type, as docs/api.md promises for every 4xx. The library answers 400 to a missing signature or a
 * missing header it requires, 401 to a signature that is not the app's, and 405 to another method than POST.
 */
const LIBRARY_REFUSALS: Readonly<Record<number, Problem>> = {
  400: {
    status: 400,
    type: "invalid-webhook-headers",
    title: "The webhook lacks a header Shopify signs it with",
    detail: "X-Shopify-Hmac-Sha256, X-Shopify-Topic, X-Shopify-Shop-Domain, X-Shopify-Webhook-Id and X-Shopify-API-Version are required.",
  },
  401: { status: 401, type: "invalid-webhook-signature", title: "The webhook's signature is not the app's" },
  405: { status: 405, type: "method-not-allowed", title: "Webhooks are POST requests", headers: { Allow: "POST" } },
};

/** Another request is handling this delivery now: Shopify retries it later. */
const IN_PROGRESS: Problem = {
  status: 409,
  type: "webhook-in-progress",
  title: "This delivery is being handled",
  retryAfterSeconds: 60,
};

/**
 * `authenticate` is Shopify's webhook check as the route has it from app/shopify.server.ts
 * (`authenticate.webhook`), handed in so that this door needs nothing of the app's configuration.
 */
export function shopifyWebhook<T>(
  authenticate: AuthenticateWebhook,
  handle: (shop: string, payload: unknown, context: WebhookContext) => Promise<Outcome<T>>,
  options: WebhookOptions = {},
) {
  return async ({ request, context }: ActionFunctionArgs): Promise<Response> => {
    // The demo may run on the well-known demo secret: its webhooks come from this machine or from nowhere.
    if (isRemoteInDemo(request, context)) return problemResponse(NOT_LOCAL);
    // The server has bounded the body already (scripts/server.ts); this is the same limit, read here once
    // so that the HMAC and the delivery's digest are over the same bytes.
    const body = request.method === "POST" ? await readBody(request, WEBHOOK_MAX_BODY_BYTES) : null;
    if (body && !body.ok) return problemResponse(body.problem);
    const verified = await verify(authenticate, body ? new Request(request.url, { method: "POST", headers: request.headers, body: body.value }) : request);
    if (verified instanceof Response) return verified;
    const { shop, payload, session, webhookId, topic } = verified;
    const stale = webhookStaleness(verified.triggeredAt, Date.now());
    if (stale) return problemResponse(staleProblem(stale));
    const mismatch = options.bodyShop && shopMismatch(payload, options.bodyShop.field, shop, options.bodyShop);
    if (mismatch) return mismatch;
    const known = { sessionId: session?.id ?? null };
    return unavailableOnFailure(async () => {
      const claim = await claimWebhookDelivery({ webhookId, shop, topic, body: body?.value ?? "" });
      if (claim === "processed") return Response.json({ status: "duplicate", webhookId });
      if (claim === "in-progress") return problemResponse(IN_PROGRESS);
      let response: Response | undefined;
      try {
        response = answer(await handle(shop, payload, known), (value) => Response.json(value ?? {}));
        return response;
      } finally {
        await finishWebhookDelivery(webhookId, response?.ok ?? false);
      }
    });
  };
}

/**
 * Shopify's library over the request. Its own refusals (400, 401, 405, thrown as bodiless Responses) are
 * answered as problems (LIBRARY_REFUSALS); a signed delivery naming a shop domain it refuses, or a signed body
 * that is not JSON, is the sender's 400 here rather than a 500.
 */
async function verify(authenticate: AuthenticateWebhook, request: Request) {
  try {
    return await authenticate(request);
  } catch (error) {
    if (error instanceof InvalidShopError) return problemResponse(INVALID_SHOP);
    if (error instanceof SyntaxError) return problemResponse(NOT_JSON);
    if (error instanceof Response) {
      const refusal = LIBRARY_REFUSALS[error.status];
      // A refusal this door does not know is passed on as the library made it, rather than renamed.
      return refusal ? problemResponse(refusal) : error;
    }
    throw error;
  }
}
