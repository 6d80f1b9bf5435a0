// GET /app/tests/:testId/export.csv[?daily=1]: the results as CSV, for the authenticated shop's tests only.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { problemResponse } from "~/http/problem";
import { loadResultsCsv } from "~/services/admin/results.server";
import { authenticateAdmin } from "~/shopify.server";

export const loader = async ({ request, context, params }: LoaderFunctionArgs) => {
  const { shop } = await authenticateAdmin(request, context);
  const testId = params.testId ?? "";
  const daily = new URL(request.url).searchParams.get("daily") === "1";
  const csv = await loadResultsCsv(shop, testId, daily);
  if (csv === null) return problemResponse({ status: 404, type: "not-found", title: "No such test" });
  const name = `svc-${testId.replace(/[^A-Za-z0-9_-]/g, "")}-${daily ? "daily" : "results"}.csv`;
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}"`,
      "Cache-Control": "private, no-store",
    },
  });
};
