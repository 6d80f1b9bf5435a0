// GET /api/hide.css?site=<Site ID>&p=<pathname>: the hiding sheet of other sites' first pageviews, linked by
// the opt-in head helper (docs/api.md, docs/anti-flicker-other-sites.md "First-visit hiding").
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { clientAddress } from "~/http/client-address";
import { methodNotAllowed } from "~/http/endpoint";
import { answer, problemResponse } from "~/http/problem";
import { hideSheetFor } from "~/services/storefront/hide-sheet.server";
import { visitorNetwork } from "~/services/storefront/visitor-network.server";

/**
 * The same text for every visitor of a page (no cookie is read or set), so any cache may keep it: a minute
 * fresh, then up to ten minutes served stale while one request refreshes it. A test that starts is hidden
 * for new visitors within about a minute; one that ends may keep its elements hidden for a while longer,
 * until the snippet reveals them (at once: it finds no arm for it).
 */
const HIDE_SHEET_CACHE_CONTROL = "public, max-age=60, stale-while-revalidate=600";

export const loader = async ({ request, context }: LoaderFunctionArgs) => {
  const query = new URL(request.url).searchParams;
  const address = clientAddress(request.headers.get("x-forwarded-for") ?? undefined, context.clientAddress, visitorNetwork().trustProxy);
  const outcome = await hideSheetFor({ site: query.get("site"), p: query.get("p"), address });
  return answer(outcome, (css) =>
    new Response(request.method === "HEAD" ? null : css, {
      headers: {
        "Content-Type": "text/css; charset=utf-8",
        "Cache-Control": HIDE_SHEET_CACHE_CONTROL,
        "X-Content-Type-Options": "nosniff",
        // Any page may link it; no credentials are read.
        "Access-Control-Allow-Origin": "*",
      },
    }),
  );
};

export const action = async (_args: ActionFunctionArgs) => problemResponse(methodNotAllowed("GET"));
