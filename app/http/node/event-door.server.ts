// The HTTP side shared by the two event doors (/api/events for any site, /api/collect for Shopify), on
// Node's request and response (they are hot paths, see hot-paths.server.ts).
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import { visitorNetwork } from "~/services/storefront/visitor-network.server";
import { ingestEventBatch, type Door } from "~/services/storefront/ingest-events.server";
import { readIncomingBody } from "../body";
import { clientAddress } from "../client-address";
import { sendJson, sendProblem } from "./node-response";

/** The largest batch body accepted (50 events stay far below it). */
const MAX_EVENT_BODY_BYTES = 64 * 1024;

/** Answers the batch's summary once it is committed; a failed write throws (the caller answers 503). */
export async function serveEventBatch(door: Door, req: IncomingMessage, res: ServerResponse, cors: OutgoingHttpHeaders): Promise<void> {
  const body = await readIncomingBody(req, MAX_EVENT_BODY_BYTES);
  if (!body.ok) return sendProblem(req, res, body.problem, cors);
  const network = visitorNetwork();
  const address = clientAddress(req.headers["x-forwarded-for"], req.socket.remoteAddress, network.trustProxy);
  const country = network.countryHeader ? req.headers[network.countryHeader] : undefined;
  const outcome = await ingestEventBatch({
    door, text: body.value, origin: req.headers.origin ?? null, address, receivedAt: new Date(),
    userAgent: req.headers["user-agent"] ?? null,
    headerCountry: typeof country === "string" ? country : null,
  });
  if (!outcome.ok) return sendProblem(req, res, outcome.problem, cors);
  sendJson(req, res, 200, outcome.value, { ...cors, "Cache-Control": "no-store" });
}
