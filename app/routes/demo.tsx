// GET /demo: a plain storefront page carrying the snippet tag, for the local demo (404 otherwise).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { renderDemoStorefront } from "~/services/demo-page.server";
import { appEnv } from "~/env.server";
import { problem } from "~/http/problem";

export const loader = async ({ request }: LoaderFunctionArgs) => {
  if (!appEnv().demo) return problem("not-found", 404, "Not found", "The demo storefront exists in demo mode only.");
  return new Response(renderDemoStorefront(new URL(request.url).origin), {
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" },
  });
};
