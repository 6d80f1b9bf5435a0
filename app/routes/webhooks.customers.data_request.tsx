// Webhook customers/data_request (mandatory compliance topic): answers what svc holds for the customer's
// orders, which is no personal data (docs/privacy.md).
import type { ActionFunctionArgs } from "@remix-run/node";
import { answer } from "~/http/problem";
import { shopMismatch } from "~/http/webhook";
import { customerDataReport } from "~/services/compliance.server";
import { authenticate } from "~/shopify.server";

export const action = async ({ request }: ActionFunctionArgs) => {
  const { shop, payload } = await authenticate.webhook(request);
  const mismatch = shopMismatch(payload, "shop_domain", shop, { required: true });
  if (mismatch) return mismatch;
  return answer(await customerDataReport(shop, payload), (report) => Response.json(report));
};
