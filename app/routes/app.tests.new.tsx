// Creating a test: the empty editor, and the action that stores the posted definition as a draft.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useRouteError } from "@remix-run/react";
import { boundary } from "@shopify/shopify-app-remix/server";
import { TestEditorPage } from "~/components/test-form/TestEditorPage";
import { readDefinitionField } from "~/domain/experiments/test-form";
import { adminAnswer } from "~/http/web/admin-answer";
import { createTestFromForm, loadNewTestEditor } from "~/services/admin/test-editor.server";
import { authenticateAdmin } from "~/shopify.server";
import { readForm } from "~/http/web/form";

export const meta: MetaFunction = () => [{ title: "New test · svc" }];

export const loader = async ({ request, context }: LoaderFunctionArgs) => {
  const { shop, admin } = await authenticateAdmin(request, context);
  return loadNewTestEditor(shop, admin, new URL(request.url).searchParams.get("site"));
};

export const action = async ({ request, context }: ActionFunctionArgs) => {
  const { shop, admin } = await authenticateAdmin(request, context);
  const outcome = await createTestFromForm(shop, readDefinitionField((await readForm(request)).get("definition")), admin);
  return adminAnswer(outcome, { style: "ok-errors", status: 201 });
};

export default function NewTest() {
  return <TestEditorPage data={useLoaderData<typeof loader>()} />;
}

export function ErrorBoundary() {
  return boundary.error(useRouteError());
}
