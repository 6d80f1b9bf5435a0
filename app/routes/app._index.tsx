// The admin's home page: the shop's sites and how to install each.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Badge, BlockStack, Box, Card, EmptyState, InlineStack, Layout, Page, Text } from "@shopify/polaris";
import { appEnv } from "~/env.server";
import { loadAdminOverview } from "~/services/admin-overview.server";
import { authenticateAdmin } from "~/shopify.server";

export const loader = async ({ request, context }: LoaderFunctionArgs) => {
  const { shop, demo } = await authenticateAdmin(request, context);
  // The demo is reached at whatever local address the developer typed; a real app at its public URL.
  const baseUrl = demo ? new URL(request.url).origin : appEnv().shopify.appUrl;
  return { demo, ...(await loadAdminOverview(shop, baseUrl)) };
};

export default function Index() {
  const { demo, shop, sites } = useLoaderData<typeof loader>();
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
                    {site.kind === "web" && (
                      <Box padding="200" background="bg-surface-secondary" borderRadius="200">
                        <Text as="p" variant="bodySm" breakWord>
                          <code>{site.tag}</code>
                        </Text>
                      </Box>
                    )}
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
