// The HTTP side shared by the two event doors (/api/events for any site, /api/collect for Shopify).
import { readBody } from "./body";
import { snippetEndpoint, unavailableOnFailure, type Endpoint } from "./endpoint";
import { answer, problemResponse } from "./problem";
import { ingestEventBatch, type Door } from "~/services/ingest-events.server";

/** The largest batch body accepted (50 events stay far below it). */
const MAX_EVENT_BODY_BYTES = 64 * 1024;

export function eventEndpoint(door: Door): Endpoint {
  return snippetEndpoint("POST", async ({ request }) => {
    const body = await readBody(request, MAX_EVENT_BODY_BYTES);
    if (!body.ok) return problemResponse(body.problem);
    return unavailableOnFailure(async () => {
      const outcome = await ingestEventBatch({ door, text: body.value, origin: request.headers.get("origin"), receivedAt: new Date() });
      return answer(outcome, (summary) => Response.json(summary, { headers: { "Cache-Control": "no-store" } }));
    });
  });
}
