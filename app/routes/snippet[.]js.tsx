// GET /snippet.js: the current snippet build, short-lived in caches and revalidated by ETag.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { problemResponse } from "~/http/problem";
import { currentSnippet } from "~/services/snippet-file.server";

// Five minutes: a new build reaches shoppers within minutes, and revalidation costs a 304 after that.
const CACHE_CONTROL = "public, max-age=300, stale-while-revalidate=60";

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const snippet = await currentSnippet();
  if (!snippet) return problemResponse({ status: 503, type: "snippet-unavailable", title: "Snippet not built", detail: "Run npm run build." });
  const headers = {
    "Content-Type": "text/javascript; charset=utf-8",
    "Cache-Control": CACHE_CONTROL,
    ETag: snippet.etag,
    "Access-Control-Allow-Origin": "*",
    "X-Content-Type-Options": "nosniff",
  };
  if (request.headers.get("If-None-Match") === snippet.etag) return new Response(null, { status: 304, headers });
  return new Response(snippet.body, { headers });
};
