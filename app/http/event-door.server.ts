// The HTTP side shared by the two event doors (/api/events for any site, /api/collect for Shopify).
import { readBodyText } from "./body";
import { preflight, withCors } from "./cors";
import { methodNotAllowed, problemResponse, unavailableOnFailure } from "./snippet-request";
import { ingestEventBatch, type Door } from "~/services/ingest-events.server";

/** The largest batch body accepted (50 events stay far below it). */
export const MAX_EVENT_BODY_BYTES = 64 * 1024;

export async function handleEventPost(request: Request, door: Door): Promise<Response> {
  if (request.method === "OPTIONS") return preflight();
  if (request.method !== "POST") return methodNotAllowed("POST");
  const body = await readBodyText(request, MAX_EVENT_BODY_BYTES);
  if (!body.ok) {
    return body.reason === "too-large"
      ? problemResponse({ status: 413, type: "body-too-large", title: `The body exceeds ${MAX_EVENT_BODY_BYTES} bytes` })
      : problemResponse({ status: 400, type: "unreadable-body", title: "The body could not be read" });
  }
  return unavailableOnFailure(async () => {
    const outcome = await ingestEventBatch({ door, text: body.text, origin: request.headers.get("origin"), receivedAt: new Date() });
    if (!outcome.ok) return problemResponse(outcome);
    return withCors(Response.json(outcome.summary, { headers: { "Cache-Control": "no-store" } }));
  });
}
