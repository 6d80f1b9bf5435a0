// GET /api/v1/results?test=<id>[&daily=1] (draft): the CSV export's numbers as JSON, for a site API key.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { clientAddress } from "~/http/client-address";
import { answer, problemResponse } from "~/http/problem";
import { resultsFeed } from "~/services/admin/results-feed.server";
import { visitorNetwork } from "~/services/storefront/visitor-network.server";

export const loader = async ({ request, context }: LoaderFunctionArgs) => {
  const address = clientAddress(request.headers.get("x-forwarded-for") ?? undefined, context.clientAddress, visitorNetwork().trustProxy);
  return answer(await resultsFeed(request.headers.get("authorization"), new URL(request.url).searchParams, address), (feed) =>
    // Server-to-server: no CORS headers, so no web page can read a shop's results with a leaked key.
    Response.json(feed, { headers: { "Cache-Control": "no-store" } }),
  );
};

export const action = async (_args: ActionFunctionArgs) =>
  problemResponse({ status: 405, type: "method-not-allowed", title: "Use GET", headers: { Allow: "GET" } });
