// What scripts/server.ts needs of the configuration to listen (it reads no environment itself): the
// address and port, and the deadlines and connection cap that bound what a slow or greedy client can hold;
// and whether it runs as the local demo, which the doors serve to this machine only.
import { appEnv } from "~/env.server";

export interface ServerSettings {
  port: number;
  /** Address to listen on; null: every interface. */
  host: string | null;
  /** Node's headersTimeout: the headers must arrive within this long of the request's first byte. */
  headersTimeoutMs: number;
  /** Node's requestTimeout: the whole request, body included, within this long (headers + body deadlines). */
  requestTimeoutMs: number;
  /** How often Node checks both (its default, 30 s, would stretch a 10 s deadline to 40 s). */
  connectionsCheckingIntervalMs: number;
  /** An idle keep-alive connection is closed after this long (Node's default). */
  keepAliveTimeoutMs: number;
  /** Connections open at once; Node closes a new one past it. */
  maxConnections: number;
  /** Headers on every answer from Express and Remix (the demo door's frame-ancestors 'none' in demo mode). */
  responseHeaders: Readonly<Record<string, string>>;
}

/** `responseHeaders`: the doors' headers on every answer (app/entry.server.tsx hands them in). */
export function serverSettings(responseHeaders: Readonly<Record<string, string>>): ServerSettings {
  const { port, host, http } = appEnv();
  return {
    port,
    host,
    headersTimeoutMs: http.headersTimeoutMs,
    requestTimeoutMs: http.headersTimeoutMs + http.bodyTimeoutMs,
    connectionsCheckingIntervalMs: Math.min(1000, Math.max(50, Math.floor(http.headersTimeoutMs / 4))),
    keepAliveTimeoutMs: 5000,
    maxConnections: http.maxConnections,
    responseHeaders,
  };
}

/** The server runs as the local demo (SVC_DEMO), whatever the request: for the demo door (app/http/web/demo-door.server.ts). */
export function runsAsDemo(): boolean {
  return appEnv().demo;
}
