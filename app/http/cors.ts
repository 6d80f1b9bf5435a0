// CORS for the snippet's endpoints: storefronts on any origin may call them; no credentials ever ride along.

export const SNIPPET_CORS_HEADERS = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Methods": "GET, POST, OPTIONS",
  "Access-Control-Allow-Headers": "Content-Type",
  "Access-Control-Max-Age": "86400",
} as const;

/** The answer to a CORS preflight (OPTIONS) for a snippet endpoint. */
export function preflight(): Response {
  return new Response(null, { status: 204, headers: SNIPPET_CORS_HEADERS });
}

export function withCors(response: Response): Response {
  for (const [name, value] of Object.entries(SNIPPET_CORS_HEADERS)) response.headers.set(name, value);
  return response;
}
