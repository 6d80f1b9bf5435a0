// Editing a test (/app/tests/:testId/edit, beside the results page rather than inside it): the form,
// saving within what the test's status allows, and "Duplicate as a new draft".
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse, useLoaderData, useRouteError } from "@remix-run/react";
import { boundary } from "@shopify/shopify-app-remix/server";
import { Card, Page, Text } from "@shopify/polaris";
import { TestEditorPage } from "~/components/test-form/TestEditorPage";
import { readDefinitionField } from "~/domain/test-form";
import { duplicateTestOfShop, loadTestEditor, saveTestFromForm } from "~/services/test-editor.server";
import { authenticateAdmin } from "~/shopify.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.test ? `Edit ${data.test.name} · svc` : "svc" }];

export const loader = async ({ request, context, params }: LoaderFunctionArgs) => {
  const { shop, admin } = await authenticateAdmin(request, context);
  const data = await loadTestEditor(shop, params.testId ?? "", admin);
  if (!data) throw new Response("Not found", { status: 404 });
  return data;
};

export const action = async ({ request, context, params }: ActionFunctionArgs) => {
  const { shop } = await authenticateAdmin(request, context);
  const form = await request.formData();
  const testId = params.testId ?? "";
  if (form.get("intent") === "duplicate") {
    const id = await duplicateTestOfShop(shop, testId);
    if (!id) return json({ ok: false as const, errors: { form: "This test does not exist or belongs to another shop" } }, { status: 404 });
    return json({ ok: true as const, id, duplicated: true }, { status: 201 });
  }
  const outcome = await saveTestFromForm(shop, testId, readDefinitionField(form.get("definition")));
  if (!outcome.ok) return json({ ok: false as const, errors: outcome.errors }, { status: outcome.status });
  return json({ ok: true as const, id: outcome.id });
};

export default function EditTest() {
  return <TestEditorPage data={useLoaderData<typeof loader>()} />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Page title="Test not found" backAction={{ content: "Tests", url: "/app" }}>
        <Card>
          <Text as="p">This test does not exist or belongs to another shop.</Text>
        </Card>
      </Page>
    );
  }
  return boundary.error(error);
}
