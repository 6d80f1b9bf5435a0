// The rules every door shares: which methods it answers (405 with Allow otherwise) and how a failed write
// is answered. Remix routes use serverEndpoint; the snippet's hot paths (hot-paths.server.ts) the problems.
import type { LoaderFunctionArgs } from "@remix-run/node";
import type { Problem } from "~/services/outcome";
import { problemResponse } from "./problem";

/** A route's loader and action alike (Remix gives both the same arguments). */
export type Endpoint = (args: LoaderFunctionArgs) => Promise<Response>;

export type Method = "GET" | "POST";

/** A server-to-server endpoint: no CORS at all, so no browser page on another origin can read it. */
export function serverEndpoint(method: Method, handle: Endpoint): Endpoint {
  return async (args) => (accepts(method, args.request.method) ? handle(args) : problemResponse(methodNotAllowed(method)));
}

/** HEAD is a GET without the body. */
export function accepts(method: Method, requested: string | undefined): boolean {
  return requested === method || (method === "GET" && requested === "HEAD");
}

export function methodNotAllowed(allow: Method): Problem {
  return { status: 405, type: "method-not-allowed", title: "Method not allowed", detail: `Use ${allow}.`, headers: { Allow: allow } };
}

export const UNAVAILABLE: Problem = { status: 503, type: "temporarily-unavailable", title: "Try again shortly", retryAfterSeconds: 5 };

/**
 * Runs a write whose failure is ours (the database is down or saturated), answering 503 with
 * Retry-After instead of a bare 500: clients may retry, and nothing they sent was half-written
 * because every write is one transaction.
 */
export async function unavailableOnFailure(work: () => Promise<Response>): Promise<Response> {
  try {
    return await work();
  } catch (error) {
    logWriteFailure(error);
    return problemResponse(UNAVAILABLE);
  }
}

export function logWriteFailure(error: unknown): void {
  console.error("[svc] write failed:", error);
}
