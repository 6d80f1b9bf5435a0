// Editing a test (/app/tests/:testId/edit, beside the results page rather than inside it): the form,
// saving within what the test's status allows, and "Duplicate as a new draft".
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { TestEditorPage } from "~/components/test-form/TestEditorPage";
import { readDefinitionField } from "~/domain/experiments/test-form";
import { adminAnswer } from "~/http/web/admin-answer";
import { storefrontEditorLaunch } from "~/services/editor/links.server";
import { duplicateTestOfShop, loadTestEditor, saveTestFromForm } from "~/services/admin/test-editor.server";
import { authenticateAdmin } from "~/shopify.server";
import { TEST_NOT_FOUND, notFoundBoundary } from "~/components/admin/not-found-boundary";
import { readForm } from "~/http/web/form";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.test ? `Edit ${data.test.name} · svc` : "svc" }];

export const loader = async ({ request, context, params }: LoaderFunctionArgs) => {
  const { shop, admin, demo } = await authenticateAdmin(request, context);
  const testId = params.testId ?? "";
  const [data, storefrontEditor] = await Promise.all([
    loadTestEditor(shop, testId, admin),
    storefrontEditorLaunch(shop, testId, { demo, requestOrigin: new URL(request.url).origin }),
  ]);
  if (!data.ok) throw adminAnswer(data);
  return { ...data.value, storefrontEditor };
};

export const action = async ({ request, context, params }: ActionFunctionArgs) => {
  const { shop, admin } = await authenticateAdmin(request, context);
  const form = await readForm(request);
  const testId = params.testId ?? "";
  if (form.get("intent") === "duplicate") return adminAnswer(await duplicateTestOfShop(shop, testId), { style: "ok-errors", status: 201 });
  return adminAnswer(await saveTestFromForm(shop, testId, readDefinitionField(form.get("definition")), admin), { style: "ok-errors" });
};

export default function EditTest() {
  return <TestEditorPage data={useLoaderData<typeof loader>()} />;
}

export const ErrorBoundary = notFoundBoundary(TEST_NOT_FOUND);
