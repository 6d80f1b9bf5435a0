// POST /api/collect: the same event batches from the Shopify app embed, bound to the shop's own site.
import { eventEndpoint } from "~/http/event-door.server";

const endpoint = eventEndpoint("collect");
export const action = endpoint;
// Remix routes OPTIONS (the CORS preflight) and GET to the loader; the endpoint answers every method.
export const loader = endpoint;
