// The HTTP side of Shopify's webhooks: verified by Shopify's HMAC (authenticate.webhook answers 401 to a
// forged one, 400 to a missing one), the body's shop checked against the header's (webhook-shop.ts), then the service; its
// outcome is answered as JSON or a problem, and a database failure as 503 so that Shopify delivers again.
import type { ActionFunctionArgs } from "@remix-run/node";
import { InvalidShopError } from "@shopify/shopify-api";
import type { Outcome, Problem } from "~/services/outcome";
import { authenticate } from "~/shopify.server";
import { unavailableOnFailure } from "../endpoint";
import { answer, problemResponse } from "../problem";
import { shopMismatch } from "./webhook-shop";

export interface WebhookOptions {
  /**
   * The payload field naming the shop, checked against the X-Shopify-Shop-Domain header: the signature
   * covers the body, not the headers, so this stops a signed body for one shop being replayed with
   * another shop's header. `required: false` accepts a payload without it (order payloads have none).
   */
  bodyShop?: { field: string; required: boolean };
}

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

export function shopifyWebhook<T>(
  handle: (shop: string, payload: unknown, context: WebhookContext) => Promise<Outcome<T>>,
  options: WebhookOptions = {},
) {
  return async ({ request }: ActionFunctionArgs): Promise<Response> => {
    const verified = await verify(request);
    if (verified instanceof Response) return verified;
    const { shop, payload, session } = verified;
    const mismatch = options.bodyShop && shopMismatch(payload, options.bodyShop.field, shop, options.bodyShop);
    if (mismatch) return mismatch;
    const context = { sessionId: session?.id ?? null };
    return unavailableOnFailure(async () => answer(await handle(shop, payload, context), (value) => Response.json(value ?? {})));
  };
}

/**
 * Shopify's library over the request. It throws Responses for its own refusals (405, 401, 400), which
 * Remix answers as they are; a signed delivery naming a shop domain it refuses, or a signed body that is
 * not JSON, is the sender's 400 here rather than a 500.
 */
async function verify(request: Request) {
  try {
    return await authenticate.webhook(request);
  } catch (error) {
    if (error instanceof InvalidShopError) return problemResponse(INVALID_SHOP);
    if (error instanceof SyntaxError) return problemResponse(NOT_JSON);
    throw error;
  }
}
