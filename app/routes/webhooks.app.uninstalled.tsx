// Webhook app/uninstalled: delete the shop's sessions and stamp uninstalledAt, so its sites stop being served
// at once (see services/shop-lifecycle.server.ts). Its sites, tests and results are kept until shop/redact
// erases them 48 h later (webhooks.shop.redact.tsx); a reinstall before that serves them again.
import type { ActionFunctionArgs } from "@remix-run/node";
import { shopMismatch } from "~/http/webhook";
import { authenticate } from "~/shopify.server";
import { recordUninstall } from "~/services/shop-lifecycle.server";

export const action = async ({ request }: ActionFunctionArgs) => {
  const { shop, payload } = await authenticate.webhook(request);
  // The payload is the Shop resource; its myshopify_domain is the signed name of the shop.
  const mismatch = shopMismatch(payload, "myshopify_domain", shop, { required: false });
  if (mismatch) return mismatch;
  await recordUninstall(shop);
  return new Response();
};
