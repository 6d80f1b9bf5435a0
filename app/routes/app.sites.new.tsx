// Add a web site (a non-Shopify site that runs the snippet from its own tag); on success, open its page.
import { useEffect, useState } from "react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useFetcher, useNavigate } from "@remix-run/react";
import { Button, Card, InlineStack, Layout, Page } from "@shopify/polaris";
import { useToast } from "~/components/admin/app-bridge";
import { SiteForm, emptySiteForm, readSiteForm, siteFormData, type SiteFormValues } from "~/components/sites/SiteForm";
import { adminAnswer } from "~/http/web/admin-answer";
import { createWebSite } from "~/services/admin/site-admin.server";
import { mapOutcome } from "~/services/outcome";
import { authenticateAdmin } from "~/shopify.server";
import { readForm } from "~/http/web/form";


export const loader = async ({ request, context }: LoaderFunctionArgs) => {
  await authenticateAdmin(request, context);
  return null;
};

export const action = async ({ request, context }: ActionFunctionArgs) => {
  const { shop } = await authenticateAdmin(request, context);
  const created = await createWebSite(shop, readSiteForm(await readForm(request)));
  return adminAnswer(mapOutcome(created, (site) => ({ site })), { status: 201 });
};

export default function NewSite() {
  const fetcher = useFetcher<typeof action>();
  const navigate = useNavigate();
  const toast = useToast();
  const [values, setValues] = useState<SiteFormValues>(emptySiteForm);
  const result = fetcher.data;
  useEffect(() => {
    if (fetcher.state === "idle" && result && "site" in result) {
      toast("Web site added");
      navigate(`/app/sites/${encodeURIComponent(result.site.id)}`);
    }
  }, [fetcher.state, result, navigate, toast]);
  const errors = result && "fieldErrors" in result ? result.fieldErrors : {};
  return (
    <Page title="Add web site" backAction={{ content: "Sites & install", url: "/app/sites" }}>
      <Layout>
        <Layout.Section>
          <Card>
            <SiteForm values={values} errors={errors} onChange={setValues} />
          </Card>
        </Layout.Section>
        <Layout.Section>
          <InlineStack align="end">
            <Button variant="primary" loading={fetcher.state !== "idle"} onClick={() => fetcher.submit(siteFormData(values), { method: "post" })}>
              Add site
            </Button>
          </InlineStack>
        </Layout.Section>
      </Layout>
    </Page>
  );
}
