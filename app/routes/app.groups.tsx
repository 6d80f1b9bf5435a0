// Mutually exclusive groups: each group's split of its visitors among its tests, a new group on a site, and
// deleting an empty one. A test joins a group from its form (the group picker).
import { useEffect, useState } from "react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useFetcher, useLoaderData, useRouteError } from "@remix-run/react";
import { boundary } from "@shopify/shopify-app-remix/server";
import { BlockStack, Button, Card, EmptyState, FormLayout, Layout, Page, Select, Text, TextField } from "@shopify/polaris";
import { useToast } from "~/components/admin/app-bridge";
import { GroupCard } from "~/components/groups/GroupCard";
import { adminAnswer } from "~/http/web/admin-answer";
import { readForm } from "~/http/web/form";
import { createGroupOfShop, deleteGroupOfShop, loadGroupsPage } from "~/services/admin/test-groups.server";
import { authenticateAdmin } from "~/shopify.server";

export const meta: MetaFunction = () => [{ title: "Groups · svc" }];

export const loader = async ({ request, context }: LoaderFunctionArgs) => {
  const { shop } = await authenticateAdmin(request, context);
  return loadGroupsPage(shop);
};

export const action = async ({ request, context }: ActionFunctionArgs) => {
  const { shop } = await authenticateAdmin(request, context);
  const form = await readForm(request);
  if (form.get("intent") === "delete") return adminAnswer(await deleteGroupOfShop(shop, String(form.get("group") ?? "")), { intent: "delete" });
  return adminAnswer(await createGroupOfShop(shop, { site: form.get("site"), name: form.get("name") }), { intent: "create", status: 201 });
};

export default function Groups() {
  const page = useLoaderData<typeof loader>();
  const fetcher = useFetcher<typeof action>();
  const toast = useToast();
  const [site, setSite] = useState(page.sites[0]?.id ?? "");
  const [name, setName] = useState("");
  const answer = fetcher.data;
  useEffect(() => {
    if (fetcher.state !== "idle" || !answer) return;
    if ("id" in answer) {
      toast("Group created");
      setName("");
    } else if ("deleted" in answer) toast("Group deleted");
    else if ("title" in answer) toast(answer.title, { isError: true });
  }, [fetcher.state, answer, toast]);
  const errors = answer && "fieldErrors" in answer ? answer.fieldErrors : {};
  const busy = fetcher.state !== "idle";

  return (
    <Page title="Groups" subtitle="Tests in one group never share a visitor">
      <Layout>
        <Layout.Section>
          <BlockStack gap="400">
            {page.groups.length === 0 ? (
              <Card>
                <EmptyState heading="No groups yet" image="">
                  <p>
                    Tests that change the same pages or elements should not share visitors: put them in one group, and each
                    takes its own share of the group&apos;s visitors. Create a group below, then choose it in each test&apos;s form.
                  </p>
                </EmptyState>
              </Card>
            ) : (
              page.groups.map((group) => (
                <GroupCard
                  key={group.id}
                  {...group}
                  deleting={busy && fetcher.formData?.get("group") === group.id}
                  onDelete={() => fetcher.submit({ intent: "delete", group: group.id }, { method: "post" })}
                />
              ))
            )}
          </BlockStack>
        </Layout.Section>
        <Layout.Section variant="oneThird">
          <Card>
            <BlockStack gap="300">
              <Text as="h2" variant="headingMd">
                New group
              </Text>
              <FormLayout>
                <Select label="Site" options={page.sites.map((s) => ({ label: s.name, value: s.id }))} value={site} onChange={setSite} error={errors.site} />
                <TextField label="Group name" autoComplete="off" value={name} onChange={setName} error={errors.name} maxLength={60} />
              </FormLayout>
              <div>
                <Button variant="primary" loading={busy && fetcher.formData?.get("intent") !== "delete"} onClick={() => fetcher.submit({ intent: "create", site, name }, { method: "post" })}>
                  Create group
                </Button>
              </div>
            </BlockStack>
          </Card>
        </Layout.Section>
      </Layout>
    </Page>
  );
}

export function ErrorBoundary() {
  return boundary.error(useRouteError());
}
