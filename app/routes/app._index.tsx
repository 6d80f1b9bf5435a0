// The admin's home page: the tests list (status tabs, search, a row per test linking to its results),
// under the storefront's install card.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Banner, Card, EmptyState, Layout, Page, Text } from "@shopify/polaris";
import { EmbedCard } from "~/components/install/EmbedCard";
import { PausedTestBanners } from "~/components/tests-list/PausedTestBanners";
import { TestsTable } from "~/components/tests-list/TestsTable";
import { loadEmbedStatus } from "~/services/admin/embed-status.server";
import { loadTestList, parseListFilter } from "~/services/admin/test-list.server";
import { authenticateAdmin } from "~/shopify.server";

export const loader = async ({ request, context }: LoaderFunctionArgs) => {
  const { shop, demo, admin } = await authenticateAdmin(request, context);
  const filter = parseListFilter(new URL(request.url).searchParams.get("status"));
  const [list, embed] = await Promise.all([loadTestList(shop, filter), loadEmbedStatus(shop, admin)]);
  return { demo, embed, ...list };
};

export default function Index() {
  const { demo, embed, tests, filter, counts, pausedSites, shopName, hasSite } = useLoaderData<typeof loader>();
  const none = counts.all + counts.archived === 0;
  return (
    <Page title="svc: A/B tests" subtitle={shopName ?? undefined} primaryAction={{ content: "Create test", url: "/app/tests/new" }}>
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
        {pausedSites.map((site) => (
          <Layout.Section key={site.publicId}>
            <Banner
              tone="critical"
              title="This site's tests are paused"
              action={{ content: "Resume the site", url: `/app/sites/${encodeURIComponent(site.publicId)}` }}
            >
              <p>{`${site.name}: ${site.reason ?? "svc paused the site."}`}</p>
              <p>Its tests show no variant until the site is resumed.</p>
            </Banner>
          </Layout.Section>
        ))}
        <PausedTestBanners tests={tests} />
        <Layout.Section>
          {none ? (
            <Card>
              <EmptyState
                heading="Create your first test"
                action={{ content: "Create test", url: "/app/tests/new" }}
                secondaryAction={{ content: "Sites & install", url: "/app/sites" }}
                image=""
              >
                {hasSite ? (
                  <p>Choose a page, say what the variant changes, and pick the goal that decides the winner.</p>
                ) : (
                  <p>No site yet: switch on the svc app embed in your theme editor (or add a web site under Sites &amp; install), then create your first test.</p>
                )}
              </EmptyState>
            </Card>
          ) : (
            <Card padding="0">
              <TestsTable tests={tests} filter={filter} counts={counts} />
            </Card>
          )}
        </Layout.Section>
      </Layout>
    </Page>
  );
}
