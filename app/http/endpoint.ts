// The two kinds of door, each deciding once for all its answers how methods and cross-origin reads are
// handled: the snippet's endpoints (called from any storefront) and the server-side API (called by
// servers). Route files pick one; handlers inside never think about CORS.
import type { LoaderFunctionArgs } from "@remix-run/node";
import type { Problem } from "~/services/outcome";
import { problemResponse } from "./problem";

/** A route's loader and action alike (Remix gives both the same arguments). */
export type Endpoint = (args: LoaderFunctionArgs) => Promise<Response>;

type Method = "GET" | "POST";

/** Storefronts on any origin may call the snippet's endpoints; no credentials ever ride along. */
const SNIPPET_CORS_HEADERS = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Methods": "GET, POST, OPTIONS",
  "Access-Control-Allow-Headers": "Content-Type",
  "Access-Control-Max-Age": "86400",
} as const;

/**
 * A snippet endpoint: answers the CORS preflight (OPTIONS), refuses other methods than `method`, and
 * lets any origin read everything `handle` answers, problems included.
 */
export function snippetEndpoint(method: Method, handle: Endpoint): Endpoint {
  return async (args) => {
    if (args.request.method === "OPTIONS") return new Response(null, { status: 204, headers: SNIPPET_CORS_HEADERS });
    if (!accepts(method, args.request.method)) return problemResponse(methodNotAllowed(method));
    const response = await handle(args);
    for (const [name, value] of Object.entries(SNIPPET_CORS_HEADERS)) response.headers.set(name, value);
    return response;
  };
}

/** A server-to-server endpoint: no CORS at all, so no browser page on another origin can read it. */
export function serverEndpoint(method: Method, handle: Endpoint): Endpoint {
  return async (args) => (accepts(method, args.request.method) ? handle(args) : problemResponse(methodNotAllowed(method)));
}

/** HEAD is a GET without the body. */
function accepts(method: Method, requested: string): boolean {
  return requested === method || (method === "GET" && requested === "HEAD");
}

function methodNotAllowed(allow: Method): Problem {
  return { status: 405, type: "method-not-allowed", title: "Method not allowed", detail: `Use ${allow}.`, headers: { Allow: allow } };
}

const UNAVAILABLE: Problem = { status: 503, type: "temporarily-unavailable", title: "Try again shortly", retryAfterSeconds: 5 };

/**
 * Runs a write whose failure is ours (the database is down or saturated), answering 503 with
 * Retry-After instead of a bare 500: clients may retry, and nothing they sent was half-written
 * because every write is one transaction.
 */
export async function unavailableOnFailure(work: () => Promise<Response>): Promise<Response> {
  try {
    return await work();
  } catch (error) {
    console.error("[svc] write failed:", error);
    return problemResponse(UNAVAILABLE);
  }
}
