// Webhook customers/redact (mandatory compliance topic): the customer's orders no longer lead to any
// visitor or session; aggregates stay, as they name no one (docs/privacy.md).
import type { ActionFunctionArgs } from "@remix-run/node";
import { answer } from "~/http/problem";
import { shopMismatch } from "~/http/webhook";
import { redactCustomerOrders } from "~/services/compliance.server";
import { authenticate } from "~/shopify.server";

export const action = async ({ request }: ActionFunctionArgs) => {
  const { shop, payload } = await authenticate.webhook(request);
  const mismatch = shopMismatch(payload, "shop_domain", shop, { required: true });
  if (mismatch) return mismatch;
  return answer(await redactCustomerOrders(shop, payload), () => new Response());
};
