// The Node HTTP server: the snippet's hot paths first (raw Node, from the build's entry module), then the
// Remix build (or Vite in development) through Express with compression and static assets; gives loaders
// the client's address, and opens/migrates the database before it says "listening".
import { createServer, STATUS_CODES, type IncomingMessage, type ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import { pathToFileURL } from "node:url";
import path from "node:path";
import type { AddressInfo } from "node:net";
import express from "express";
import compression from "compression";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import { PROBLEM_CONTENT_TYPE, problemDocument } from "../app/http/problem";
import { bodyLimit, bodyTooLarge, clientErrorStatus, crossOriginAction, nulInQuery, parserProblem, requestProblem, targetPath } from "../app/http/node/request-guard";
import type { Problem } from "../app/services/outcome";
import type { ServerSettings } from "../app/services/server-settings.server";

interface EntryHooks {
  startup(options: { baseUrl: string; log: (line: string) => void }): Promise<void>;
  shutdown(): Promise<void>;
  /** Serves the request and answers true when it is one of the snippet's endpoints. */
  hotPaths(req: IncomingMessage, res: ServerResponse): boolean;
  /** Where to listen, and the deadlines and connection cap, from the app's configuration. */
  serverSettings(): ServerSettings;
}

const dev = process.argv.includes("--dev");
const log = (line: string) => console.log(`[svc] ${line}`);

const vite = dev
  ? await import("vite").then((v) => v.createServer({ server: { middlewareMode: true } }))
  : undefined;

async function loadBuild(): Promise<ServerBuild> {
  if (vite) return (await vite.ssrLoadModule("virtual:remix/server-build")) as ServerBuild;
  return (await import(pathToFileURL(path.resolve("build/server/index.js")).href)) as ServerBuild;
}

const build = await loadBuild();
const hooks = build.entry.module as unknown as EntryHooks;
const settings = hooks.serverSettings();

const app = express();
app.disable("x-powered-by");
const responseHeaders = Object.entries(settings.responseHeaders);
if (responseHeaders.length) {
  app.use((_req, res, next) => {
    for (const [name, value] of responseHeaders) res.setHeader(name, value);
    next();
  });
}
app.use(compression());
if (vite) {
  app.use(vite.middlewares);
} else {
  app.use("/assets", express.static("build/client/assets", { immutable: true, maxAge: "1y" }));
  app.use(express.static("build/client", { maxAge: "1h" }));
}
app.all(
  "*",
  createRequestHandler({
    build: vite ? loadBuild : build,
    getLoadContext: (req) => ({ clientAddress: req.socket.remoteAddress }),
  }),
);
// Anything Remix did not turn into a response: a problem document, never a stack trace. What a framework
// threw over the client's input (a URL or Host it could not parse) is the client's 400, not our 500.
app.use((error: unknown, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
  const status = clientErrorStatus(error);
  if (status === null) console.error(error);
  if (res.headersSent) return void res.destroy();
  sendProblem(res, status === null
    ? { status: 500, type: "internal", title: "Internal error" }
    : { status, type: "malformed-request", title: "The request is not valid" });
});

function sendProblem(res: ServerResponse, problem: Problem): void {
  const body = JSON.stringify(problemDocument(problem));
  res.writeHead(problem.status, { ...problem.headers, "Content-Type": PROBLEM_CONTENT_TYPE, "Cache-Control": "no-store", "Content-Length": Buffer.byteLength(body) });
  res.end(body);
}

/**
 * Bounds the request's body by its route's limit where the bytes arrive, whoever reads it later (Shopify's
 * library reads a webhook's whole body before checking its HMAC; Remix's formData() reads a form whole).
 * A declared Content-Length over the limit is answered 413 at once and the connection closed, unread;
 * a chunked body is counted as it arrives and its connection cut at the limit. False when refused.
 */
function withinBodyLimit(req: IncomingMessage, res: ServerResponse): boolean {
  const limit = bodyLimit(targetPath(req.url ?? "/") ?? "/");
  const declared = req.headers["content-length"];
  if (declared !== undefined) {
    // Node's parser has checked it is a number and will deliver exactly that many bytes, no more.
    if (Number(declared) <= limit) return true;
    sendProblem(res, bodyTooLarge(limit));
    return false;
  }
  if (req.headers["transfer-encoding"] === undefined) return true;
  let size = 0;
  // prependListener, not on(): it sees every chunk whoever consumes the stream, without starting the flow.
  const count = (chunk: Buffer) => {
    size += chunk.byteLength;
    if (size > limit) {
      req.off("data", count);
      req.destroy();
    }
  };
  req.prependListener("data", count);
  return true;
}

/** Node's own refusals (a request it cannot parse, headers or body too slow) as problem documents too. */
function refuseOnSocket(error: NodeJS.ErrnoException, socket: Duplex): void {
  const inFlight = (socket as Duplex & { _httpMessage?: ServerResponse })._httpMessage;
  if (error.code === "ECONNRESET" || !socket.writable || inFlight?.headersSent) return void socket.destroy();
  const problem = parserProblem(error.code);
  const body = JSON.stringify(problemDocument(problem));
  // Flushed, then closed: a peer that never reads or closes holds nothing.
  socket.end(
    `HTTP/1.1 ${problem.status} ${STATUS_CODES[problem.status]}\r\nContent-Type: ${PROBLEM_CONTENT_TYPE}\r\n` +
      `Cache-Control: no-store\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    () => socket.destroy(),
  );
}

// In development the build is reloaded per request (Vite's module graph keeps one instance of each module,
// so the hot paths still share the Remix routes' memory); in production it is loaded once.
const hot: (req: IncomingMessage, res: ServerResponse) => Promise<boolean> | boolean = vite
  ? async (req, res) => ((await loadBuild()).entry.module as unknown as EntryHooks).hotPaths(req, res)
  : hooks.hotPaths;

// Deadlines (docs/api.md, Limits): the headers within headersTimeout of the first byte, the whole request
// within requestTimeout, else 408 and the connection closed (refuseOnSocket); at most maxConnections at once.
const server = createServer({
  headersTimeout: settings.headersTimeoutMs,
  requestTimeout: settings.requestTimeoutMs,
  connectionsCheckingInterval: settings.connectionsCheckingIntervalMs,
  keepAliveTimeout: settings.keepAliveTimeoutMs,
}, (req, res) => {
  // A form posted from another origin would make Remix throw (a 500), and a NUL in a query could reach the
  // database: refused here, after the hot paths, which take other origins on purpose and read their own queries.
  const toRemix = (req: IncomingMessage, res: ServerResponse) => {
    const refusedHere = nulInQuery(req) ?? crossOriginAction(req);
    if (refusedHere) return sendProblem(res, refusedHere);
    app(req, res);
  };
  // A URL or Host no route could parse is refused here, once for every route.
  const refused = requestProblem(req);
  if (refused) return sendProblem(res, refused);
  if (!withinBodyLimit(req, res)) return;
  const served = hot(req, res);
  if (served === true) return;
  if (served === false) return toRemix(req, res);
  served.then(
    (done) => done || toRemix(req, res),
    (error: unknown) => {
      // The build failed to load (a syntax error while editing): Vite's middleware shows it in the page.
      console.error(error);
      toRemix(req, res);
    },
  );
});
server.maxConnections = settings.maxConnections;
server.on("clientError", refuseOnSocket);
server.listen(settings.port, settings.host ?? "::", async () => {
  const { port: actual } = server.address() as AddressInfo;
  const baseUrl = `http://localhost:${actual}`;
  try {
    await hooks.startup({ baseUrl, log });
  } catch (error) {
    console.error(`[svc] start-up failed: ${(error as Error).message}`);
    process.exit(1);
  }
  log(`listening on ${baseUrl}`);
});

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  log(`${signal}: closing`);
  // Let requests in flight finish (their batches are being written) before the database closes.
  const closed = new Promise((resolve) => server.close(resolve));
  server.closeIdleConnections();
  await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 5000))]);
  server.closeAllConnections();
  await vite?.close();
  // Closing flushes the embedded database to its folder.
  await hooks.shutdown().catch((error: unknown) => console.error(error));
  process.exit(0);
}
process.on("SIGTERM", () => void stop("SIGTERM"));
process.on("SIGINT", () => void stop("SIGINT"));
