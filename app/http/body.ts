// Reads a request body as text with a byte limit, so an oversized body is refused, never buffered whole:
// from a Web Request (Remix routes) or from Node's IncomingMessage (the hot paths).
import type { IncomingMessage } from "node:http";
import { fail, ok, type Outcome } from "~/services/outcome";

const UNREADABLE = { status: 400, type: "unreadable-body", title: "The body could not be read" };

const tooLarge = (maxBytes: number) => fail({ status: 413, type: "body-too-large", title: `The body exceeds ${maxBytes} bytes` });

const decode = (chunks: Uint8Array[]) => new TextDecoder("utf-8", { fatal: false }).decode(Buffer.concat(chunks));

export async function readBody(request: Request, maxBytes: number): Promise<Outcome<string>> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) return tooLarge(maxBytes);
  if (!request.body) return ok("");
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel().catch(() => {});
        return tooLarge(maxBytes);
      }
      chunks.push(value);
    }
  } catch {
    return fail(UNREADABLE);
  }
  return ok(decode(chunks));
}

/**
 * The same from Node's stream. Past the limit it stops keeping chunks and answers at once; Node's server
 * discards the rest of the body after the response, so the connection stays usable.
 */
export function readIncomingBody(request: IncomingMessage, maxBytes: number): Promise<Outcome<string>> {
  const declared = Number(request.headers["content-length"] ?? "0");
  if (declared > maxBytes) return Promise.resolve(tooLarge(maxBytes));
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (outcome: Outcome<string>) => {
      request.off("data", onData).off("end", onEnd).off("error", onError).off("aborted", onError);
      resolve(outcome);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size > maxBytes) return finish(tooLarge(maxBytes));
      chunks.push(chunk);
    };
    const onEnd = () => finish(ok(decode(chunks)));
    const onError = () => finish(fail(UNREADABLE));
    request.on("data", onData).on("end", onEnd).on("error", onError).on("aborted", onError);
  });
}
