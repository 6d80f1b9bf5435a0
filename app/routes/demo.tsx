// GET /demo: a plain storefront page carrying the snippet tag, for the local demo (404 otherwise).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { renderDemoStorefront } from "~/services/demo-page.server";
import { appEnv } from "~/env.server";
import { problemResponse } from "~/http/problem";

export const loader = async ({ request }: LoaderFunctionArgs) => {
  if (!appEnv().demo) {
    return problemResponse({ status: 404, type: "not-found", title: "Not found", detail: "The demo storefront exists in demo mode only." });
  }
  return new Response(renderDemoStorefront(new URL(request.url).origin), {
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" },
  });
};
