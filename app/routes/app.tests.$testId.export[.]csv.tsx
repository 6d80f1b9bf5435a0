// GET /app/tests/:testId/export.csv[?daily=1 | ?segments=1]: the results as CSV, for the authenticated shop's tests only.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { answer } from "~/http/problem";
import { loadResultsCsv, loadSegmentsCsv } from "~/services/admin/results.server";
import { authenticateAdmin } from "~/shopify.server";

export const loader = async ({ request, context, params }: LoaderFunctionArgs) => {
  const { shop } = await authenticateAdmin(request, context);
  const testId = params.testId ?? "";
  const query = new URL(request.url).searchParams;
  const daily = query.get("daily") === "1";
  const segments = !daily && query.get("segments") === "1";
  const name = `svc-${testId.replace(/[^A-Za-z0-9_-]/g, "")}-${daily ? "daily" : segments ? "segments" : "results"}.csv`;
  return answer(
    await (segments ? loadSegmentsCsv(shop, testId) : loadResultsCsv(shop, testId, daily)),
    (csv) =>
      new Response(csv, {
        headers: {
          "Content-Type": "text/csv; charset=utf-8",
          "Content-Disposition": `attachment; filename="${name}"`,
          "Cache-Control": "private, no-store",
        },
      }),
  );
};
