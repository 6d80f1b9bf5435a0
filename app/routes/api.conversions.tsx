// POST /api/conversions (draft): server-side conversions with a site API key (Authorization: Bearer).
import { readBody } from "~/http/body";
import { serverEndpoint, unavailableOnFailure } from "~/http/endpoint";
import { answer, problemResponse } from "~/http/problem";
import { recordServerConversion } from "~/services/server-conversions.server";

const MAX_BODY_BYTES = 16 * 1024;

const endpoint = serverEndpoint("POST", async ({ request }) => {
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^application\/json\b/i.test(contentType)) {
    return problemResponse({ status: 415, type: "unsupported-media-type", title: "Send Content-Type: application/json" });
  }
  const body = await readBody(request, MAX_BODY_BYTES);
  if (!body.ok) return problemResponse(body.problem);
  const authorization = request.headers.get("authorization");
  return unavailableOnFailure(async () => {
    const outcome = await recordServerConversion(authorization, body.value);
    return answer(outcome, (conversion) =>
      Response.json(conversion, { status: conversion.status === "created" ? 201 : 200, headers: { "Cache-Control": "no-store" } }),
    );
  });
});
export const action = endpoint;
export const loader = endpoint;
