// The Node HTTP server: the snippet's hot paths first (raw Node, from the build's entry module), then the
// Remix build (or Vite in development) through Express with compression and static assets; gives loaders
// the client's address, and opens/migrates the database before it says "listening".
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { pathToFileURL } from "node:url";
import path from "node:path";
import type { AddressInfo } from "node:net";
import express from "express";
import compression from "compression";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import { PROBLEM_CONTENT_TYPE, problemDocument } from "../app/http/problem";

interface EntryHooks {
  startup(options: { baseUrl: string; log: (line: string) => void }): Promise<void>;
  shutdown(): Promise<void>;
  /** Serves the request and answers true when it is one of the snippet's endpoints. */
  hotPaths(req: IncomingMessage, res: ServerResponse): boolean;
}

const dev = process.argv.includes("--dev");
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST || undefined;
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

const app = express();
app.disable("x-powered-by");
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
// Anything Remix did not turn into a response: a problem document, never a stack trace.
app.use((error: unknown, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
  console.error(error);
  res.status(500).type(PROBLEM_CONTENT_TYPE).send(
    JSON.stringify(problemDocument({ status: 500, type: "internal", title: "Internal error" })),
  );
});

// In development the build is reloaded per request (Vite's module graph keeps one instance of each module,
// so the hot paths still share the Remix routes' memory); in production it is loaded once.
const hot: (req: IncomingMessage, res: ServerResponse) => Promise<boolean> | boolean = vite
  ? async (req, res) => ((await loadBuild()).entry.module as unknown as EntryHooks).hotPaths(req, res)
  : hooks.hotPaths;

const server = createServer((req, res) => {
  const served = hot(req, res);
  if (served === true) return;
  if (served === false) return void app(req, res);
  served.then(
    (done) => done || app(req, res),
    (error: unknown) => {
      // The build failed to load (a syntax error while editing): Vite's middleware shows it in the page.
      console.error(error);
      app(req, res);
    },
  );
});
server.listen(port, host ?? "::", async () => {
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
