// Webhook app/uninstalled: delete the shop's sessions and stamp uninstalledAt on its Shop row, if it has one
// (see services/shop-lifecycle.server.ts). Its sites, tests and events are kept; nothing deletes them yet.
import type { ActionFunctionArgs } from "@remix-run/node";
import { authenticate } from "~/shopify.server";
import { recordUninstall } from "~/services/shop-lifecycle.server";

export const action = async ({ request }: ActionFunctionArgs) => {
  const { shop } = await authenticate.webhook(request);
  await recordUninstall(shop);
  return new Response();
};
