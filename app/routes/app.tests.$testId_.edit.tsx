// Editing a test (/app/tests/:testId/edit, beside the results page rather than inside it): the form,
// saving within what the test's status allows, and "Duplicate as a new draft".
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { TestEditorPage } from "~/components/test-form/TestEditorPage";
import { readDefinitionField } from "~/domain/experiments/test-form";
import { syncHideMetafield } from "~/services/shopify/hide-metafield.server";
import { storefrontEditorLaunch } from "~/services/editor/links.server";
import { duplicateTestOfShop, loadTestEditor, saveTestFromForm } from "~/services/admin/test-editor.server";
import { authenticateAdmin } from "~/shopify.server";
import { TEST_NOT_FOUND, notFoundBoundary } from "~/components/admin/not-found-boundary";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.test ? `Edit ${data.test.name} · svc` : "svc" }];

export const loader = async ({ request, context, params }: LoaderFunctionArgs) => {
  const { shop, admin, demo } = await authenticateAdmin(request, context);
  const testId = params.testId ?? "";
  const [data, storefrontEditor] = await Promise.all([
    loadTestEditor(shop, testId, admin),
    storefrontEditorLaunch(shop, testId, { demo, requestOrigin: new URL(request.url).origin }),
  ]);
  if (!data) throw new Response("Not found", { status: 404 });
  return { ...data, storefrontEditor };
};

export const action = async ({ request, context, params }: ActionFunctionArgs) => {
  const { shop, admin } = await authenticateAdmin(request, context);
  const form = await request.formData();
  const testId = params.testId ?? "";
  if (form.get("intent") === "duplicate") {
    const id = await duplicateTestOfShop(shop, testId);
    if (!id) return json({ ok: false as const, errors: { form: "This test does not exist or belongs to another shop" } }, { status: 404 });
    return json({ ok: true as const, id, duplicated: true }, { status: 201 });
  }
  const outcome = await saveTestFromForm(shop, testId, readDefinitionField(form.get("definition")));
  if (!outcome.ok) return json({ ok: false as const, errors: outcome.errors }, { status: outcome.status });
  await syncHideMetafield(shop, admin);
  return json({ ok: true as const, id: outcome.id });
};

export default function EditTest() {
  return <TestEditorPage data={useLoaderData<typeof loader>()} />;
}

export const ErrorBoundary = notFoundBoundary(TEST_NOT_FOUND);
