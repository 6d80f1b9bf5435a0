// The snippet's endpoints served on Node's own request and response, before Express and Remix see the
// request: they are called on every storefront page view, and Remix's Request/Response machinery cost
// ~10× a bare Node server on them. Same services as ever; this file only decides the HTTP around them.
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import { consentFor } from "~/services/storefront/consent.server";
import { visitorNetwork } from "~/services/storefront/visitor-network.server";
import { patchesForVisitor } from "~/services/storefront/patches.server";
import { recordServerConversion } from "~/services/storefront/server-conversions.server";
import type { Problem } from "~/services/outcome";
import { readIncomingBody } from "../body";
import { clientAddress } from "../client-address";
import { accepts, logWriteFailure, methodNotAllowed, UNAVAILABLE, type Method } from "../endpoint";
import { serveEventBatch } from "./event-door.server";
import type { HotEndpoint } from "./hot-endpoints";
import { sendBytes, sendJson, sendProblem } from "./node-response";
import { serveSnippet } from "./snippet-door.server";

/** Storefronts on any origin may call the snippet's endpoints; no credentials ever ride along. */
const SNIPPET_CORS_HEADERS: OutgoingHttpHeaders = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Methods": "GET, POST, OPTIONS",
  "Access-Control-Allow-Headers": "Content-Type",
  "Access-Control-Max-Age": "86400",
};

/** A script tag needs no preflight, only to be readable from any origin. */
const SCRIPT_CORS_HEADERS: OutgoingHttpHeaders = { "Access-Control-Allow-Origin": "*" };

const INTERNAL: Problem = { status: 500, type: "internal", title: "Internal error" };

const MAX_CONVERSION_BODY_BYTES = 16 * 1024;

interface Call {
  req: IncomingMessage;
  res: ServerResponse;
  query: URLSearchParams;
  /** The CORS headers every answer of this door carries (none for server-to-server doors). */
  cors: OutgoingHttpHeaders;
}

interface HotDoor {
  method: Method;
  cors: OutgoingHttpHeaders;
  /** Answers the CORS preflight (OPTIONS) with 204. */
  preflight: boolean;
  /** A write: a failure is ours and temporary (503, retry), never half-written. Otherwise a 500. */
  writes: boolean;
  serve(call: Call): Promise<void>;
}

const header = (req: IncomingMessage, name: string): string | null => {
  const value = req.headers[name];
  return value === undefined ? null : Array.isArray(value) ? value.join(", ") : value;
};

/** The storefront page's host: a cross-origin fetch names its page's origin; a same-origin one is on our own host. */
function pageHost(req: IncomingMessage): string | null {
  try {
    const origin = header(req, "origin");
    return origin && origin !== "null" ? new URL(origin).host : header(req, "host");
  } catch {
    return null;
  }
}

const snippetDoor = (method: Method, writes: boolean, serve: HotDoor["serve"]): HotDoor => ({
  method, cors: SNIPPET_CORS_HEADERS, preflight: true, writes, serve,
});

// Keyed by the endpoint list (hot-endpoints.ts), so a door without its entry there, or the reverse, does not compile.
const DOOR_TABLE: Record<HotEndpoint, HotDoor> = {
  "/snippet.js": { method: "GET", cors: SCRIPT_CORS_HEADERS, preflight: false, writes: false, serve: ({ req, res, cors, query }) => serveSnippet(req, res, cors, query) },
  "/api/patches": snippetDoor("GET", false, async ({ req, res, query, cors }) => {
    const network = visitorNetwork();
    const outcome = await patchesForVisitor({
      site: query.get("site") ?? "",
      vid: query.get("vid") ?? "",
      sid: query.get("sid") ?? "",
      preview: query.get("preview") ?? "",
      address: clientAddress(req.headers["x-forwarded-for"], req.socket.remoteAddress, network.trustProxy),
      facts: {
        userAgent: header(req, "user-agent"),
        nv: query.get("nv"),
        utm_source: query.get("utm_source"),
        utm_medium: query.get("utm_medium"),
        utm_campaign: query.get("utm_campaign"),
        ref: query.get("ref"),
        a: query.get("a"),
        pageHost: pageHost(req),
      },
      headerCountry: network.countryHeader ? header(req, network.countryHeader) : null,
    });
    if (!outcome.ok) return sendProblem(req, res, outcome.problem, cors);
    // Per-visitor data that the snippet caches itself (for `ttl`): no HTTP cache may keep a copy.
    sendJson(req, res, 200, outcome.value, { ...cors, "Cache-Control": "no-store" });
  }),
  "/api/consent": snippetDoor("GET", false, async ({ req, res, query, cors }) => {
    const network = visitorNetwork();
    const outcome = await consentFor({
      site: query.get("site") ?? "",
      lang: query.get("lang") ?? undefined,
      acceptLanguage: header(req, "accept-language"),
      headerCountry: network.countryHeader ? header(req, network.countryHeader) : null,
      address: clientAddress(req.headers["x-forwarded-for"], req.socket.remoteAddress, network.trustProxy),
    });
    if (!outcome.ok) return sendProblem(req, res, outcome.problem, cors);
    // The answer depends on the visitor's network, so only their own browser may keep it (keyed, as any
    // HTTP cache is, on the whole URL and, as the prompt's language follows it, the Accept-Language).
    sendJson(req, res, 200, outcome.value, { ...cors, "Cache-Control": "private, max-age=3600", Vary: "Accept-Language" });
  }),
  "/api/events": snippetDoor("POST", true, ({ req, res, cors }) => serveEventBatch("events", req, res, cors)),
  "/api/collect": snippetDoor("POST", true, ({ req, res, cors }) => serveEventBatch("collect", req, res, cors)),
  // Server-side conversions (draft): servers call it with a site API key, so no browser page may read it.
  "/api/conversions": { method: "POST", cors: {}, preflight: false, writes: true, serve: async ({ req, res, cors }) => {
    if (!/^application\/json\b/i.test(header(req, "content-type") ?? "")) {
      return sendProblem(req, res, { status: 415, type: "unsupported-media-type", title: "Send Content-Type: application/json" }, cors);
    }
    const body = await readIncomingBody(req, MAX_CONVERSION_BODY_BYTES);
    if (!body.ok) return sendProblem(req, res, body.problem, cors);
    const address = clientAddress(req.headers["x-forwarded-for"], req.socket.remoteAddress, visitorNetwork().trustProxy);
    const outcome = await recordServerConversion(header(req, "authorization"), body.value, address);
    if (!outcome.ok) return sendProblem(req, res, outcome.problem, cors);
    const status = outcome.value.status === "created" ? 201 : 200;
    sendJson(req, res, status, outcome.value, { ...cors, "Cache-Control": "no-store" });
  } },
};
const DOORS = new Map<string, HotDoor>(Object.entries(DOOR_TABLE));

/**
 * Serves the request when it is for one of the snippet's endpoints and answers true; false leaves it to
 * Express and Remix. Never throws and never rejects: a failure is answered as a problem document.
 */
export function hotPaths(req: IncomingMessage, res: ServerResponse): boolean {
  let url = req.url ?? "/";
  // A proxy may send the absolute form (GET http://host/api/patches?…); Remix matched it by its path.
  if (!url.startsWith("/")) url = absolutePath(url);
  const mark = url.indexOf("?");
  let pathname = mark < 0 ? url : url.slice(0, mark);
  // Remix matched these routes with a trailing slash too.
  if (pathname.length > 1 && pathname.endsWith("/")) pathname = pathname.slice(0, -1);
  const door = DOORS.get(pathname);
  if (!door) return false;
  open(door, req, res, new URLSearchParams(mark < 0 ? "" : url.slice(mark + 1))).catch((error: unknown) => {
    // Answering the failure failed too: the connection is all that is left to close.
    console.error("[svc] request failed:", error);
    res.destroy();
  });
  return true;
}

function absolutePath(url: string): string {
  try {
    const parsed = new URL(url);
    return parsed.pathname + parsed.search;
  } catch {
    return url;
  }
}

async function open(door: HotDoor, req: IncomingMessage, res: ServerResponse, query: URLSearchParams): Promise<void> {
  const { cors } = door;
  try {
    if (door.preflight && req.method === "OPTIONS") return sendBytes(req, res, 204, { ...cors }, null);
    if (!accepts(door.method, req.method)) return sendProblem(req, res, methodNotAllowed(door.method), cors);
    await door.serve({ req, res, query, cors });
  } catch (error) {
    if (door.writes) logWriteFailure(error);
    else console.error("[svc] request failed:", error);
    // Half an answer already went out: only cutting the connection tells the client it is incomplete.
    if (res.headersSent) res.destroy();
    else sendProblem(req, res, door.writes ? UNAVAILABLE : INTERNAL, cors);
  }
}
