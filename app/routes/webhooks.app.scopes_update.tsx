// Webhook app/scopes_update: keep the stored sessions' scopes in step with what the merchant granted.
import type { ActionFunctionArgs } from "@remix-run/node";
import { authenticate } from "~/shopify.server";
import { updateSessionScopes } from "~/services/shopify/shop-lifecycle.server";

export const action = async ({ request }: ActionFunctionArgs) => {
  const { payload, session } = await authenticate.webhook(request);
  const current = (payload as { current?: unknown }).current;
  if (session && Array.isArray(current)) await updateSessionScopes(session.id, current.map(String));
  return new Response();
};
