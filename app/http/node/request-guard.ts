// What every request must be before any route sees it, checked by scripts/server.ts where the bytes arrive
// (before the hot paths, Express and Remix): a path that percent-decodes, a well-formed Host, and a body
// within its route's limit. Anything else is a 4xx problem here, never a 500 from a framework that trusted
// it, nor a body buffered whole. Imports no values, so the separately bundled scripts/server.ts can import it too.
import type { IncomingMessage } from "node:http";
import type { Problem } from "~/services/outcome";

/**
 * Shopify's webhooks: their payloads are well under this (order topics are trimmed by include_fields in
 * shopify.app.toml), and Shopify's library reads the whole body before it checks the HMAC.
 */
export const WEBHOOK_MAX_BODY_BYTES = 1024 * 1024;

/**
 * Any other request handed to Express and Remix (the admin's forms, the editor's 2 MiB PUT, the demo's
 * carts): routes enforce their own, smaller limits; this bounds what a route that reads the body whole
 * (request.formData(), request.text()) can be made to hold. The hot paths read theirs with smaller limits (body.ts).
 */
export const MAX_BODY_BYTES = 4 * 1024 * 1024;

/** The most bytes of body a request to `path` may carry. */
export function bodyLimit(path: string): number {
  return path.startsWith("/webhooks/") ? WEBHOOK_MAX_BODY_BYTES : MAX_BODY_BYTES;
}

/** 413 for a Content-Length over `maxBytes`; the connection is closed rather than the body read. */
export function bodyTooLarge(maxBytes: number): Problem {
  return {
    status: 413,
    type: "body-too-large",
    title: `The body exceeds ${maxBytes} bytes`,
    headers: { Connection: "close" },
  };
}

// A DNS name or IPv4 address (letters, digits, `.`, `-`, `_`) or a bracketed IPv6 literal, and an optional port.
const HOST = /^(?:[A-Za-z0-9._-]{1,253}|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?$/;

/** The request target's path, for the absolute form (`GET http://host/path`) too; null when it is not a URL. */
export function targetPath(url: string): string | null {
  if (url.startsWith("/")) {
    const end = url.search(/[?#]/);
    return end < 0 ? url : url.slice(0, end);
  }
  if (url === "*") return "*";
  try {
    return new URL(url).pathname;
  } catch {
    return null;
  }
}

/** The problem with the request line or the Host header, or null when the request may go on. */
export function requestProblem(req: Pick<IncomingMessage, "url" | "headers">): Problem | null {
  const path = targetPath(req.url ?? "");
  if (path === null || !decodes(path)) {
    return { status: 400, type: "malformed-url", title: "The request's URL is not valid", detail: "The path must be a URL path whose %-escapes decode to UTF-8." };
  }
  const host = req.headers.host;
  // HTTP/1.0 may leave Host out (Node refuses an HTTP/1.1 request without it).
  if (host !== undefined && !HOST.test(host)) {
    return { status: 400, type: "invalid-host", title: "The Host header is not valid", detail: "Send a host name or address, with an optional port." };
  }
  return null;
}

/** The path decodes to UTF-8 without NUL (no path holds one). */
function decodes(path: string): boolean {
  try {
    return !decodeURIComponent(path).includes("\u0000");
  } catch {
    return false;
  }
}

/**
 * A NUL in a query for Remix's routes: no page or form takes one, and a loader could hand it to PostgreSQL,
 * which cannot store it. The hot paths read their queries themselves and answer any value (a malformed
 * `lang` is English), so this is checked only for what goes on to Remix.
 */
export function nulInQuery(req: Pick<IncomingMessage, "url">): Problem | null {
  return /%00/.test(req.url ?? "") ? { status: 400, type: "malformed-url", title: "The request's URL is not valid", detail: "The URL may not hold a NUL (%00)." } : null;
}

/**
 * A form post from another origin (the `Origin` header's host is not the request's host, forwarded or
 * not): Remix refuses it as a possible CSRF attack by throwing, which answers 500; this answers 403
 * first. The visual editor's API is the one Remix door that other origins call on purpose (with CORS).
 */
export function crossOriginAction(req: Pick<IncomingMessage, "method" | "url" | "headers">): Problem | null {
  if (!["POST", "PUT", "PATCH", "DELETE"].includes(req.method ?? "")) return null;
  const origin = req.headers.origin;
  // An opaque origin ("null": a sandboxed frame, a file) is refused by Remix too.
  if (typeof origin !== "string") return null;
  if ((targetPath(req.url ?? "") ?? "").startsWith("/api/editor/")) return null;
  const forwarded = req.headers["x-forwarded-host"];
  const host = (typeof forwarded === "string" ? forwarded.split(",")[0]?.trim() : undefined) || req.headers.host;
  let originHost: string | null;
  try {
    originHost = origin === "null" ? null : new URL(origin).host;
  } catch {
    originHost = null;
  }
  if (host && originHost === host) return null;
  return { status: 403, type: "cross-origin-request", title: "Forms are accepted from this site's own pages only" };
}

/**
 * An error a framework threw over the client's input rather than a fault of ours: Express's param decoding
 * (an http-errors style 4xx `status`) and `new URL` over the request's URL or Host. The status to answer,
 * or null for anything else (a 500).
 */
export function clientErrorStatus(error: unknown): number | null {
  if (!error || typeof error !== "object") return null;
  const { status, statusCode, code } = error as { status?: unknown; statusCode?: unknown; code?: unknown };
  const given = typeof status === "number" ? status : typeof statusCode === "number" ? statusCode : null;
  if (given !== null && given >= 400 && given < 500) return given;
  if (code === "ERR_INVALID_URL" || error instanceof URIError) return 400;
  return null;
}

/**
 * Node's own refusals before a request exists (server 'clientError'): a request line or headers it
 * cannot parse, headers too large, or the headers or body not received in time.
 */
export function parserProblem(code: string | undefined): Problem {
  if (code === "ERR_HTTP_REQUEST_TIMEOUT") {
    return { status: 408, type: "request-timeout", title: "The request was not received in time" };
  }
  if (code === "HPE_HEADER_OVERFLOW") {
    return { status: 431, type: "headers-too-large", title: "The request's headers are too large" };
  }
  return { status: 400, type: "malformed-request", title: "The request is not valid HTTP" };
}
