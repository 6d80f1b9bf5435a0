// The HTTP side of Shopify's webhooks that write data: verified by Shopify's HMAC (authenticate.webhook
// answers 401 to a forged one, 400 to a missing one) before the service runs; its outcome is answered as
// JSON or a problem, and a database failure as 503 so that Shopify delivers again.
import type { ActionFunctionArgs } from "@remix-run/node";
import type { Outcome } from "~/services/outcome";
import { authenticate } from "~/shopify.server";
import { unavailableOnFailure } from "./endpoint";
import { answer } from "./problem";

export function shopifyWebhook<T>(handle: (shop: string, payload: unknown) => Promise<Outcome<T>>) {
  return async ({ request }: ActionFunctionArgs): Promise<Response> => {
    const { shop, payload } = await authenticate.webhook(request);
    return unavailableOnFailure(async () => answer(await handle(shop, payload), (value) => Response.json(value)));
  };
}
