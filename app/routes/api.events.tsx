// POST /api/events: a batch of anonymous events from the snippet (informational; snippet only).
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { preflight } from "~/http/cors";
import { methodNotAllowed } from "~/http/snippet-request";
import { handleEventPost } from "~/http/event-door.server";

export const action = ({ request }: ActionFunctionArgs) => handleEventPost(request, "events");
// Remix routes OPTIONS (the CORS preflight) to the loader.
export const loader = ({ request }: LoaderFunctionArgs) =>
  request.method === "OPTIONS" ? preflight() : methodNotAllowed("POST");
