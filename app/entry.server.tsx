// Server rendering of documents (as in Shopify's template), plus what the Node server calls outside Remix:
// the start-up hooks and the snippet's hot paths (served before Express and Remix, sharing their memory).
import { PassThrough } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import { RemixServer, isRouteErrorResponse } from "@remix-run/react";
import { createReadableStreamFromReadable, type EntryContext, type HandleErrorFunction } from "@remix-run/node";
import { isbot } from "isbot";
import { serverResponseHeaders } from "~/http/web/demo-door.server";
import { serverSettings as listenSettings } from "~/services/server-settings.server";
import { startup as startServices, type StartupOptions } from "~/services/startup.server";
import { addDocumentResponseHeaders, offlineAdmin } from "~/shopify.server";

/** The services' start-up, with the shop's offline Admin API for jobs that run outside requests. */
export const startup = (options: StartupOptions) => startServices({ offlineAdmin, ...options });
export { shutdown } from "~/services/startup.server";
export { hotPaths } from "~/http/node/hot-paths.server";
/** Where and how to listen (the configuration's), with the demo door's headers on every answer in demo mode. */
export const serverSettings = () => listenSettings(serverResponseHeaders());

export const streamTimeout = 5000;

/**
 * What Remix logs of an error, as its default does, but for the client's own mistakes: a path no route
 * matches (every browser's /favicon.ico, every bot's probe) or a method a route does not take is the client's
 * 404 or 405, answered as such, and logging its stack trace each time would bury the server's real errors.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (!isRouteErrorResponse(error)) return void console.error(error);
  // Remix keeps the Error behind its own error responses in a private `error` field, which its default logs.
  if (error.status >= 500) console.error((error as { error?: unknown }).error ?? error);
};

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
) {
  addDocumentResponseHeaders(request, responseHeaders);
  const userAgent = request.headers.get("user-agent");
  const callbackName = isbot(userAgent ?? "") ? "onAllReady" : "onShellReady";

  return new Promise((resolve, reject) => {
    const { pipe, abort } = renderToPipeableStream(<RemixServer context={remixContext} url={request.url} />, {
      [callbackName]: () => {
        const body = new PassThrough();
        const stream = createReadableStreamFromReadable(body);
        responseHeaders.set("Content-Type", "text/html");
        resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
        pipe(body);
      },
      onShellError(error) {
        reject(error);
      },
      onError(error) {
        responseStatusCode = 500;
        console.error(error);
      },
    });
    setTimeout(abort, streamTimeout + 1000);
  });
}
