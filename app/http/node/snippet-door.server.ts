// GET /snippet.js on Node's request and response: the current build, short-lived in caches, revalidated
// by ETag, and compressed once per build (brotli and gzip) rather than once per request. The Shopify app embed
// asks `/snippet.js?for=shopify&v=<version>`: its own build, kept a year when `v` names the current one; on a page
// a price test covers, `/snippet.js?for=shopify-price&v=<version>` too (the price bundle).
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { currentSnippet, type SnippetFile } from "~/infra/snippet-file.server";
import { preferredEncoding, type Encoding } from "./accept-encoding";
import { sendBytes, sendProblem } from "./node-response";

// Five minutes: a new build reaches shoppers within minutes, and revalidation costs a 304 after that.
const CACHE_CONTROL = "public, max-age=300, stale-while-revalidate=60";
// The URL names this very build: any later build has another `v`, so a cached copy can never be stale.
const IMMUTABLE = "public, max-age=31536000, immutable";

const ENCODINGS: readonly Encoding[] = ["br", "gzip", "identity"];

type Encoded = Record<Encoding, Buffer>;

/** One promise per build: requests arriving while it compresses wait for the same work. */
const encodedBuilds = new WeakMap<SnippetFile, Promise<Encoded>>();

function encode(snippet: SnippetFile): Promise<Encoded> {
  let encoded = encodedBuilds.get(snippet);
  if (!encoded) {
    const identity = Buffer.from(snippet.body);
    // Maximum effort: it is spent once per build and every shopper's page load saves the bytes.
    encoded = Promise.all([
      promisify(brotliCompress)(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
      promisify(gzip)(identity, { level: constants.Z_BEST_COMPRESSION }),
    ]).then(
      ([br, gz]) => ({ br, gzip: gz, identity }),
      (error: unknown) => {
        encodedBuilds.delete(snippet);
        throw error;
      },
    );
    encodedBuilds.set(snippet, encoded);
  }
  return encoded;
}

/**
 * `query`: `for=shopify` selects the app embed's build, `for=shopify-price` the price bundle (any other value, or
 * none, the spec tag's); `v` equal to that build's version makes the answer immutable. A stale or unknown `v` still gets the current build, with
 * the short lifetime: the path is the spec's, and it always serves the current build.
 */
export async function serveSnippet(req: IncomingMessage, res: ServerResponse, cors: OutgoingHttpHeaders, query: URLSearchParams): Promise<void> {
  const wanted = query.get("for");
  const snippet = await currentSnippet(wanted === "shopify" ? "embed" : wanted === "shopify-price" ? "price" : "tag");
  if (!snippet) {
    return sendProblem(req, res, { status: 503, type: "snippet-unavailable", title: "Snippet not built", detail: "Run npm run build." });
  }
  const headers: OutgoingHttpHeaders = {
    ...cors,
    "Content-Type": "text/javascript; charset=utf-8",
    "Cache-Control": query.get("v") === snippet.version ? IMMUTABLE : CACHE_CONTROL,
    ETag: snippet.etag,
    Vary: "Accept-Encoding",
    "X-Content-Type-Options": "nosniff",
  };
  if (req.headers["if-none-match"] === snippet.etag) return sendBytes(req, res, 304, headers, null);
  const encoding = preferredEncoding(req.headers["accept-encoding"], ENCODINGS);
  if (encoding !== "identity") headers["Content-Encoding"] = encoding;
  sendBytes(req, res, 200, headers, (await encode(snippet))[encoding]);
}
