// GET /demo: a plain storefront page carrying the snippet tag, for the local demo (404 otherwise). The inline
// head helper comes before the tag unless `?helper=0` asks for the page without it (to compare the two).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { renderDemoStorefront } from "~/demo/storefront-page.server";
import { currentHeadHelper } from "~/infra/head-helper-file.server";
import { appEnv } from "~/env.server";
import { problemResponse } from "~/http/problem";

export const loader = async ({ request }: LoaderFunctionArgs) => {
  if (!appEnv().demo) {
    return problemResponse({ status: 404, type: "not-found", title: "Not found", detail: "The demo storefront exists in demo mode only." });
  }
  const url = new URL(request.url);
  const helper = url.searchParams.get("helper") === "0" ? null : await currentHeadHelper();
  return new Response(renderDemoStorefront(url.origin, helper?.script), {
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" },
  });
};
