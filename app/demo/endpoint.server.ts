// The local demo's own doors (the demo storefronts, their cart and checkout): they exist in demo mode only
// and answer 404 otherwise, like /demo. Same-origin pages call them, so they send no CORS headers.
import { appEnv } from "~/env.server";
import type { Outcome } from "~/services/outcome";
import { serverEndpoint, type Endpoint } from "~/http/endpoint";
import { answer, problemResponse } from "~/http/problem";

const NOT_FOUND = { status: 404, type: "not-found", title: "Not found", detail: "This exists in the local demo only (SVC_DEMO=1)." };

export function demoEndpoint(method: "GET" | "POST", handle: Endpoint): Endpoint {
  const door = serverEndpoint(method, handle);
  return async (args) => (appEnv().demo ? door(args) : problemResponse(NOT_FOUND));
}

/** A service's outcome as never-cached JSON, with the cart cookie to set, if any. */
export function demoJson(outcome: Outcome<unknown>, setCookie: string | null = null): Response {
  const response = answer(outcome, (value) => Response.json(value, { headers: { "Cache-Control": "no-store" } }));
  if (setCookie) response.headers.set("Set-Cookie", setCookie);
  return response;
}
