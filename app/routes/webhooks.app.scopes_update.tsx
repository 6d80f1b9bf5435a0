// Webhook app/scopes_update: keep the stored sessions' scopes in step with what the merchant granted.
import { shopifyWebhook } from "~/http/web/webhook.server";
import { ok } from "~/services/outcome";
import { updateSessionScopes } from "~/services/shopify/shop-lifecycle.server";
import { authenticate } from "~/shopify.server";

export const action = shopifyWebhook(authenticate.webhook, async (_shop, payload, { sessionId }) => {
  const current = (payload as { current?: unknown } | null)?.current;
  if (sessionId && Array.isArray(current)) await updateSessionScopes(sessionId, current.map(String));
  return ok({});
});
