// What every request must be before any route sees it, checked by scripts/server.ts where the bytes arrive
// (before the hot paths, Express and Remix): a path that percent-decodes and a well-formed Host. Anything
// else is a 400 problem here, never a 500 from a framework that trusted it. Imports no values, so the
// separately bundled scripts/server.ts can import it too.
import type { IncomingMessage } from "node:http";
import type { Problem } from "~/services/outcome";

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

function decodes(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
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
