// Reads a request body as text with a byte limit, so an oversized body is refused, never buffered whole.
import { fail, ok, type Outcome } from "~/services/outcome";

const UNREADABLE = { status: 400, type: "unreadable-body", title: "The body could not be read" };

export async function readBody(request: Request, maxBytes: number): Promise<Outcome<string>> {
  const tooLarge = () => fail({ status: 413, type: "body-too-large", title: `The body exceeds ${maxBytes} bytes` });
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) return tooLarge();
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
        return tooLarge();
      }
      chunks.push(value);
    }
  } catch {
    return fail(UNREADABLE);
  }
  return ok(new TextDecoder("utf-8", { fatal: false }).decode(Buffer.concat(chunks)));
}
