// The HTTP side of Shopify's webhooks: verified by Shopify's HMAC (authenticate.webhook answers 401 to a
// forged one, 400 to a missing one), the body's shop checked against the header's (webhook-shop.ts), then the service; its
// outcome is answered as JSON or a problem, and a database failure as 503 so that Shopify delivers again.
import type { ActionFunctionArgs } from "@remix-run/node";
import type { Outcome } from "~/services/outcome";
import { authenticate } from "~/shopify.server";
import { unavailableOnFailure } from "../endpoint";
import { answer } from "../problem";
import { shopMismatch } from "./webhook-shop";

export interface WebhookOptions {
  /**
   * The payload field naming the shop, checked against the X-Shopify-Shop-Domain header: the signature
   * covers the body, not the headers, so this stops a signed body for one shop being replayed with
   * another shop's header. `required: false` accepts a payload without it (order payloads have none).
   */
  bodyShop?: { field: string; required: boolean };
}

export function shopifyWebhook<T>(handle: (shop: string, payload: unknown) => Promise<Outcome<T>>, options: WebhookOptions = {}) {
  return async ({ request }: ActionFunctionArgs): Promise<Response> => {
    const { shop, payload } = await authenticate.webhook(request);
    const mismatch = options.bodyShop && shopMismatch(payload, options.bodyShop.field, shop, options.bodyShop);
    if (mismatch) return mismatch;
    return unavailableOnFailure(async () => answer(await handle(shop, payload), (value) => Response.json(value ?? {})));
  };
}
