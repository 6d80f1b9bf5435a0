// Webhook app/uninstalled: forget the shop's sessions and mark it uninstalled (its data stays until shop/redact).
import type { ActionFunctionArgs } from "@remix-run/node";
import { authenticate } from "~/shopify.server";
import { recordUninstall } from "~/services/shop-lifecycle.server";

export const action = async ({ request }: ActionFunctionArgs) => {
  const { shop } = await authenticate.webhook(request);
  await recordUninstall(shop);
  return new Response();
};
