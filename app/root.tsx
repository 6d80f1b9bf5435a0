// The HTML document every page renders into, and the page for what no route answers.
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteError } from "@remix-run/react";

/** What every document's head starts with: the app's pages and the error page alike. */
function BaseHead() {
  return (
    <>
      <meta charSet="utf-8" />
      <meta name="viewport" content="width=device-width,initial-scale=1" />
      <link rel="icon" href="data:," />
    </>
  );
}

export default function App() {
  return (
    <html lang="en">
      <head>
        <BaseHead />
        <Meta />
        <Links />
      </head>
      <body>
        <Outlet />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

/**
 * Replaces Remix's default root boundary, which logs what it shows: every path no route matches (a browser's
 * /favicon.ico, a bot's probe) printed a stack trace on the server. The server's own errors are logged once, by
 * handleError in entry.server.tsx; this page says only what the visitor may know.
 */
export function ErrorBoundary() {
  const error = useRouteError();
  const title = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : "Application error";
  return (
    <html lang="en">
      <head>
        <BaseHead />
        <title>{title}</title>
      </head>
      <body>
        <h1>{title}</h1>
        <Scripts />
      </body>
    </html>
  );
}
