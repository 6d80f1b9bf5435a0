// What the Node server passes to every loader and action besides the request.
import "@remix-run/node";

declare module "@remix-run/node" {
  interface AppLoadContext {
    /** The TCP peer's address (not a forwarded header): used to keep the demo admin local. */
    clientAddress?: string;
  }
}

export {};
