// The admin's home page: the shop's sites, how to install each, and their tests.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Badge, Banner, BlockStack, Box, Card, DataTable, EmptyState, InlineStack, Layout, Page, Text } from "@shopify/polaris";
import { EmbedCard } from "~/components/install/EmbedCard";
import { formatDate } from "~/components/results/format";
import { TestStatusBadge } from "~/components/results/TestStatusBadge";
import { appEnv } from "~/env.server";
import { loadAdminOverview, type TestSummary } from "~/services/admin-overview.server";
import { loadEmbedStatus } from "~/services/embed-status.server";
import { authenticateAdmin } from "~/shopify.server";

export const loader = async ({ request, context }: LoaderFunctionArgs) => {
  const { shop, demo, admin } = await authenticateAdmin(request, context);
  // The demo is reached at whatever local address the developer typed; a real app at its public URL.
  const baseUrl = demo ? new URL(request.url).origin : appEnv().shopify.appUrl;
  const [overview, embed] = await Promise.all([
    loadAdminOverview(shop, baseUrl),
    loadEmbedStatus(shop, admin, appEnv().shopify.apiKey),
  ]);
  return { demo, embed, ...overview };
};

export default function Index() {
  const { demo, embed, shop, sites } = useLoaderData<typeof loader>();
  return (
    <Page title="svc: A/B tests" subtitle={shop?.name ?? shop?.domain ?? undefined}>
      <Layout>
        {demo && (
          <Layout.Section>
            <Card>
              <Text as="p" variant="bodyMd">
                Local demo: this admin runs without Shopify and answers only this machine. Open the{" "}
                <a href="/demo">demo storefront</a> to see the snippet at work.
              </Text>
            </Card>
          </Layout.Section>
        )}
        <Layout.Section>
          <EmbedCard status={embed} />
        </Layout.Section>
        <Layout.Section>
          <Card>
            <BlockStack gap="300">
              <Text as="h2" variant="headingMd">
                Sites
              </Text>
              {sites.length === 0 ? (
                <EmptyState heading="No site yet" image="">
                  <p>Switch on the svc app embed in your theme editor to start.</p>
                </EmptyState>
              ) : (
                sites.map((site) => (
                  <BlockStack key={site.id} gap="200">
                    <InlineStack gap="200" blockAlign="center">
                      <Text as="h3" variant="headingSm">
                        {site.name}
                      </Text>
                      <Badge tone={site.status === "active" ? "success" : "warning"}>{site.status}</Badge>
                      <Text as="span" tone="subdued">
                        Site ID {site.id}
                      </Text>
                    </InlineStack>
                    {site.status === "paused" && (
                      <Banner tone="warning" title="This site's tests are paused">
                        <p>{site.pausedReason ?? "The site was paused; its tests serve no variant until it is resumed."}</p>
                      </Banner>
                    )}
                    {site.kind === "web" && (
                      <Box padding="200" background="bg-surface-secondary" borderRadius="200">
                        <Text as="p" variant="bodySm" breakWord>
                          <code>{site.tag}</code>
                        </Text>
                      </Box>
                    )}
                    <TestList tests={site.tests} />
                  </BlockStack>
                ))
              )}
            </BlockStack>
          </Card>
        </Layout.Section>
      </Layout>
    </Page>
  );
}

function TestList({ tests }: { tests: TestSummary[] }) {
  if (tests.length === 0) {
    return (
      <Text as="p" tone="subdued">
        No tests on this site yet.
      </Text>
    );
  }
  return (
    <DataTable
      columnContentTypes={["text", "text", "text", "text"]}
      headings={["Test", "Status", "Pages", "Started"]}
      rows={tests.map((test) => [
        <Link key="name" to={`/app/tests/${encodeURIComponent(test.id)}`}>
          {test.name}
        </Link>,
        <TestStatusBadge key="status" status={test.status} />,
        <code key="pages">{test.pages.join(", ")}</code>,
        formatDate(test.startedAt),
      ])}
    />
  );
}
