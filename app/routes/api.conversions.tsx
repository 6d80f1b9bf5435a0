// POST /api/conversions (draft): server-side conversions with a site API key (Authorization: Bearer).
import type { ActionFunctionArgs } from "@remix-run/node";
import { readBodyText } from "~/http/body";
import { methodNotAllowed, problemResponse, unavailableOnFailure } from "~/http/snippet-request";
import { recordServerConversion } from "~/services/server-conversions.server";

const MAX_BODY_BYTES = 16 * 1024;

export const action = async ({ request }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^application\/json\b/i.test(contentType)) {
    return problemResponse({ status: 415, type: "unsupported-media-type", title: "Send Content-Type: application/json" }, false);
  }
  const body = await readBodyText(request, MAX_BODY_BYTES);
  if (!body.ok) {
    return body.reason === "too-large"
      ? problemResponse({ status: 413, type: "body-too-large", title: `The body exceeds ${MAX_BODY_BYTES} bytes` }, false)
      : problemResponse({ status: 400, type: "unreadable-body", title: "The body could not be read" }, false);
  }
  const authorization = request.headers.get("authorization");
  return unavailableOnFailure(async () => {
    const outcome = await recordServerConversion(authorization, body.text);
    if (!outcome.ok) {
      const response = problemResponse(outcome, false);
      if (outcome.status === 401) response.headers.set("WWW-Authenticate", 'Bearer realm="svc"');
      return response;
    }
    return Response.json(outcome.body, { status: outcome.status, headers: { "Cache-Control": "no-store" } });
  }, false);
};

export const loader = () => methodNotAllowed("POST");
