// Webhook shop/redact (mandatory compliance topic, sent 48 h after an uninstall): erases every row of the
// shop in every table (docs/privacy.md).
import type { ActionFunctionArgs } from "@remix-run/node";
import { shopMismatch } from "~/http/webhook";
import { eraseShopData } from "~/services/compliance.server";
import { authenticate } from "~/shopify.server";

export const action = async ({ request }: ActionFunctionArgs) => {
  const { shop, payload } = await authenticate.webhook(request);
  const mismatch = shopMismatch(payload, "shop_domain", shop, { required: true });
  if (mismatch) return mismatch;
  await eraseShopData(shop);
  return new Response();
};
