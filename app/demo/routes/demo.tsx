// GET /demo: a plain storefront page carrying the snippet tag, for the local demo (404 otherwise). The inline
// head helper comes before the tag unless `?helper=0` asks for the page without it (to compare the two);
// `?hide=1` prints the opt-in first-visit helper instead (docs/anti-flicker-other-sites.md, "First-visit hiding").
import type { LoaderFunctionArgs } from "@remix-run/node";
import { renderDemoStorefront } from "~/demo/storefront-page.server";
import { DEMO_SITE_ID } from "~/demo/constants";
import { currentFirstVisitHelper, currentHeadHelper } from "~/infra/head-helper-file.server";
import { appEnv } from "~/env.server";
import { problemResponse } from "~/http/problem";

export const loader = async ({ request }: LoaderFunctionArgs) => {
  if (!appEnv().demo) {
    return problemResponse({ status: 404, type: "not-found", title: "Not found", detail: "The demo storefront exists in demo mode only." });
  }
  const url = new URL(request.url);
  const helper =
    url.searchParams.get("hide") === "1"
      ? await currentFirstVisitHelper(url.origin, DEMO_SITE_ID)
      : url.searchParams.get("helper") === "0"
        ? null
        : await currentHeadHelper();
  return new Response(renderDemoStorefront(url.origin, helper?.script), {
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" },
  });
};
