// Sites & install: the Shopify storefront's app embed, the shop's sites with their status, the service's
// pause with a way to resume, and "Add web site".
import { useEffect } from "react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useFetcher, useLoaderData } from "@remix-run/react";
import { BlockStack, Card, EmptyState, Layout, Page } from "@shopify/polaris";
import { useToast } from "~/components/admin/app-bridge";
import { EmbedCard } from "~/components/install/EmbedCard";
import { PausedSiteBanner } from "~/components/sites/PausedSiteBanner";
import { SitesTable } from "~/components/sites/SitesTable";
import { adminAnswer } from "~/http/web/admin-answer";
import { loadSiteList } from "~/services/admin/site-list.server";
import { loadEmbedStatus } from "~/services/admin/embed-status.server";
import { resumeSite } from "~/services/admin/site-admin.server";
import { fail } from "~/services/outcome";
import { authenticateAdmin } from "~/shopify.server";
import { readForm } from "~/http/web/form";

export const loader = async ({ request, context }: LoaderFunctionArgs) => {
  const { shop, admin } = await authenticateAdmin(request, context);
  const [sites, embed] = await Promise.all([loadSiteList(shop), loadEmbedStatus(shop, admin)]);
  return { sites, embed };
};

export const action = async ({ request, context }: ActionFunctionArgs) => {
  const { shop, admin } = await authenticateAdmin(request, context);
  const form = await readForm(request);
  if (form.get("intent") !== "resume") {
    return adminAnswer(fail({ status: 400, type: "unknown-intent", title: "Unknown action", detail: "intent must be resume" }));
  }
  return adminAnswer(await resumeSite(shop, String(form.get("siteId") ?? ""), admin), { intent: "resume" });
};

export default function Sites() {
  const { sites, embed } = useLoaderData<typeof loader>();
  const paused = sites.filter((site) => site.status === "paused");
  return (
    <Page title="Sites & install" primaryAction={{ content: "Add web site", url: "/app/sites/new" }}>
      <Layout>
        {paused.map((site) => (
          <Layout.Section key={site.id}>
            <ResumeBanner site={site} />
          </Layout.Section>
        ))}
        <Layout.Section>
          <EmbedCard status={embed} />
        </Layout.Section>
        <Layout.Section>
          {sites.length === 0 ? (
            <Card>
              <EmptyState heading="No site yet" action={{ content: "Add web site", url: "/app/sites/new" }} image="">
                <p>Switch on the svc app embed for your Shopify storefront, or add a web site and paste its tag into its pages.</p>
              </EmptyState>
            </Card>
          ) : (
            <BlockStack gap="400">
              <SitesTable sites={sites} />
            </BlockStack>
          )}
        </Layout.Section>
      </Layout>
    </Page>
  );
}

function ResumeBanner({ site }: { site: { id: string; name: string; pausedReason: string | null; pausedAt: string | null } }) {
  const fetcher = useFetcher<typeof action>();
  const toast = useToast();
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data && "resumedTests" in fetcher.data) {
      toast(`${site.name} resumed (${fetcher.data.resumedTests} test(s) running again)`);
    }
  }, [fetcher.state, fetcher.data, site.name, toast]);
  return (
    <PausedSiteBanner
      name={site.name}
      reason={site.pausedReason}
      pausedAt={site.pausedAt}
      resuming={fetcher.state !== "idle"}
      onResume={() => fetcher.submit({ intent: "resume", siteId: site.id }, { method: "post" })}
    />
  );
}
