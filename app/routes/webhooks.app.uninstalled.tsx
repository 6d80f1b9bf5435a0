// Webhook app/uninstalled: delete the shop's sessions and stamp uninstalledAt on its Shop row, if it has one
// (see services/shop-lifecycle.server.ts). Its sites, tests and events are kept; nothing deletes them yet.
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
