// GET /api/v1/results?test=<id>[&daily=1] (draft): the CSV export's numbers as JSON, for a site API key.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { answer, problemResponse } from "~/http/problem";
import { resultsFeed } from "~/services/feed/results-feed.server";

export const loader = async ({ request }: LoaderFunctionArgs) =>
  answer(await resultsFeed(request.headers.get("authorization"), new URL(request.url).searchParams), (feed) =>
    // Server-to-server: no CORS headers, so no web page can read a shop's results with a leaked key.
    Response.json(feed, { headers: { "Cache-Control": "no-store" } }),
  );

export const action = async (_args: ActionFunctionArgs) =>
  problemResponse({ status: 405, type: "method-not-allowed", title: "Use GET", headers: { Allow: "GET" } });
