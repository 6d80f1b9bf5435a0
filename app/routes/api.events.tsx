// POST /api/events: a batch of anonymous events from the snippet (informational; snippet only).
import { eventEndpoint } from "~/http/event-door.server";

const endpoint = eventEndpoint("events");
export const action = endpoint;
// Remix routes OPTIONS (the CORS preflight) and GET to the loader; the endpoint answers every method.
export const loader = endpoint;
