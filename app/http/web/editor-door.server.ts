// The HTTP around the visual editor's endpoints: the request's token, Origin and methods read, CORS granted
// only to the token's site's own origins (preflight included), and problems answered as everywhere else.
import type { CorsGrant, EditorRequest } from "~/services/editor/access.server";
import type { Outcome, Problem } from "~/services/outcome";
import { problemResponse } from "../problem";

type EditorMethod = "GET" | "PUT" | "POST";

/** What a route hands the editor's services: token, Origin, and where this server is. */
export function editorRequest(request: Request): EditorRequest {
  const url = new URL(request.url);
  return { token: url.searchParams.get("token"), origin: request.headers.get("Origin"), requestOrigin: url.origin };
}

const methodNotAllowed = (allow: EditorMethod): Problem => ({
  status: 405,
  type: "method-not-allowed",
  title: "Method not allowed",
  detail: `Use ${allow}.`,
  headers: { Allow: `${allow}, OPTIONS` },
});

/** Answers for a page on an allowed origin; every answer varies by Origin, so no cache serves one site's to another. */
function corsHeaders(allowOrigin: string | null, method: EditorMethod, preflight: boolean): Headers {
  const headers = new Headers({ Vary: "Origin", "Cache-Control": "no-store" });
  if (!allowOrigin) return headers;
  headers.set("Access-Control-Allow-Origin", allowOrigin);
  if (preflight) {
    headers.set("Access-Control-Allow-Methods", `${method}, OPTIONS`);
    headers.set("Access-Control-Allow-Headers", "Content-Type");
    headers.set("Access-Control-Max-Age", "600");
  }
  return headers;
}

function withHeaders(response: Response, headers: Headers): Response {
  for (const [name, value] of headers) response.headers.set(name, value);
  return response;
}

/** An editor service's outcome as JSON (or a problem), with CORS for the origin it grants. */
export function editorJson<T>(outcome: Outcome<T> & CorsGrant, method: EditorMethod): Response {
  const headers = corsHeaders(outcome.allowOrigin, method, false);
  return outcome.ok ? Response.json(outcome.value, { headers }) : withHeaders(problemResponse(outcome.problem), headers);
}

/**
 * One editor API endpoint: `method` served by `serve`, OPTIONS answered as a CORS preflight for the
 * token's site (204 with the grant, or without it for any other origin), anything else 405.
 */
export function editorApi(method: EditorMethod, serve: (request: Request) => Promise<Response>, gate: (request: Request) => Promise<CorsGrant>) {
  return async ({ request }: { request: Request }): Promise<Response> => {
    if (request.method === "OPTIONS") {
      const { allowOrigin } = await gate(request);
      return new Response(null, { status: 204, headers: corsHeaders(allowOrigin, method, true) });
    }
    if (request.method === method || (method === "GET" && request.method === "HEAD")) return serve(request);
    return problemResponse(methodNotAllowed(method));
  };
}

/** The editor script's answer: JavaScript for a valid token, a JSON problem (which no browser runs) otherwise. */
export function editorScriptResponse(outcome: Outcome<string>): Response {
  const headers = { "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" };
  if (!outcome.ok) return withHeaders(problemResponse(outcome.problem), new Headers(headers));
  return new Response(outcome.value, { headers: { ...headers, "Content-Type": "text/javascript; charset=utf-8" } });
}
