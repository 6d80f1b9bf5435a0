// HTTP/1.1 by hand over a TCP socket, for what fetch will not send: a malformed request line or Host, a
// body declared larger than what follows, a body sent slowly. Loopback only; every wait is bounded.
import net from "node:net";

export interface RawAnswer {
  /** The status code, or null when the server closed the connection without answering. */
  status: number | null;
  /** Header names lower-cased. */
  headers: Record<string, string>;
  body: string;
  /** Milliseconds from connecting until the server closed the connection (or until `timeoutMs`, if it did not). */
  closedAfterMs: number;
  /** Whether the server closed the connection within `timeoutMs`. */
  closed: boolean;
}

export interface RawOptions {
  /** Give up waiting for the server to close after this long (default 5 s). */
  timeoutMs?: number;
  /** Called once connected, to write more (slowly, say) after `text`. */
  afterConnect?: (socket: net.Socket) => void;
}

/** Sends `text` as it is to the server at `baseUrl` (an http://127.0.0.1:port URL) and reads until it closes. */
export function rawRequest(baseUrl: string, text: string | Buffer, options: RawOptions = {}): Promise<RawAnswer> {
  const { hostname, port } = new URL(baseUrl);
  if (hostname !== "127.0.0.1" && hostname !== "localhost") throw new Error(`loopback only, not ${hostname}`);
  return new Promise((resolve) => {
    const started = performance.now();
    const chunks: Buffer[] = [];
    const socket = net.connect({ host: "127.0.0.1", port: Number(port) });
    let done = false;
    const finish = (closed: boolean) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      resolve({ ...parse(Buffer.concat(chunks).toString("latin1")), closed, closedAfterMs: performance.now() - started });
    };
    const timer = setTimeout(() => finish(false), options.timeoutMs ?? 5000);
    socket.on("data", (chunk) => chunks.push(chunk));
    socket.on("close", () => finish(true));
    // The server may close while we still write (a refused body): what it answered before is what counts.
    socket.on("error", () => {});
    socket.on("connect", () => {
      socket.write(text);
      options.afterConnect?.(socket);
    });
  });
}

function parse(raw: string): Omit<RawAnswer, "closed" | "closedAfterMs"> {
  const end = raw.indexOf("\r\n\r\n");
  if (!raw.startsWith("HTTP/1.1 ") || end < 0) return { status: null, headers: {}, body: "" };
  const [statusLine = "", ...lines] = raw.slice(0, end).split("\r\n");
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(":");
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const body = raw.slice(end + 4);
  return { status: Number(statusLine.split(" ")[1]), headers, body: headers["transfer-encoding"] === "chunked" ? dechunk(body) : body };
}

function dechunk(body: string): string {
  let out = "";
  for (let at = 0; ; ) {
    const line = body.indexOf("\r\n", at);
    const size = line < 0 ? 0 : parseInt(body.slice(at, line), 16);
    if (!size) return out;
    out += body.slice(line + 2, line + 2 + size);
    at = line + 2 + size + 2;
  }
}
