// A test's results page (app/components/results/ResultsPage.tsx, loaded by app/services/admin/results-page.server.ts)
// and its lifecycle buttons' form: start, pause, resume, complete, archive.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import polarisVizStyles from "@shopify/polaris-viz/build/esm/styles.css?url";
import { TEST_NOT_FOUND, notFoundBoundary } from "~/components/admin/not-found-boundary";
import { ResultsPage } from "~/components/results/ResultsPage";
import { parseLifecycleForm } from "~/domain/experiments/test-lifecycle";
import { adminAnswer } from "~/http/web/admin-answer";
import { loadResultsPage } from "~/services/admin/results-page.server";
import { changeTestStatus } from "~/services/admin/test-lifecycle.server";
import { fail, mapOutcome } from "~/services/outcome";
import { authenticateAdmin } from "~/shopify.server";

export const links = () => [{ rel: "stylesheet", href: polarisVizStyles }];

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.test.name} · svc` : "svc" }];

export const loader = async ({ request, context, params }: LoaderFunctionArgs) => {
  const { shop, demo, adminReads } = await authenticateAdmin(request, context);
  const page = await loadResultsPage(shop, params.testId ?? "", { demo, requestOrigin: new URL(request.url).origin, adminReads });
  if (!page.ok) throw adminAnswer(page);
  return page.value;
};

/**
 * The lifecycle buttons' form: `intent` (start, pause, resume, complete, archive, end-serving); to complete,
 * `winner`, `serve` and `against` (serving a winner the data does not name); to start or resume, `independent`.
 */
export const action = async ({ request, context, params }: ActionFunctionArgs) => {
  const { shop, admin } = await authenticateAdmin(request, context);
  const form = await request.formData().catch(() => null);
  const parsed = parseLifecycleForm({ intent: form?.get("intent") ?? null, winner: form?.get("winner") ?? null, serve: form?.get("serve") ?? null, independent: form?.get("independent") ?? null, against: form?.get("against") ?? null });
  const outcome = parsed.ok
    ? await changeTestStatus(shop, params.testId ?? "", parsed.value, admin)
    : fail({ status: 400, type: "invalid-lifecycle-change", title: parsed.message, issues: [`${parsed.field}: ${parsed.message}`] });
  return adminAnswer(mapOutcome(outcome, ({ status, message }) => ({ status, message })), { style: "ok-problem" });
};

export default function TestResults() {
  return <ResultsPage view={useLoaderData<typeof loader>()} />;
}

export const ErrorBoundary = notFoundBoundary(TEST_NOT_FOUND);
