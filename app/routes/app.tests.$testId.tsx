// A test's results page: the verdict, every goal per arm, charts over time, flicker cost, time to go.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse, useLoaderData, useRouteError } from "@remix-run/react";
import { boundary } from "@shopify/shopify-app-remix/server";
import { BlockStack, Card, Layout, Page, Text } from "@shopify/polaris";
import polarisVizStyles from "@shopify/polaris-viz/build/esm/styles.css?url";
import { ArmsTable } from "~/components/results/ArmsTable";
import { ExportCard } from "~/components/results/ExportCard";
import { FlickerCard } from "~/components/results/FlickerCard";
import { LiftChart } from "~/components/results/LiftChart";
import { OtherCurrenciesCard } from "~/components/results/OtherCurrenciesCard";
import { RateChart } from "~/components/results/RateChart";
import { TestStatusBadge } from "~/components/results/TestStatusBadge";
import { TimeToGoCard } from "~/components/results/TimeToGoCard";
import { TrafficSplitCard } from "~/components/results/TrafficSplitCard";
import { VerdictBanner } from "~/components/results/VerdictBanner";
import { VisitorsChart } from "~/components/results/VisitorsChart";
import { formatDate, formatPercent } from "~/components/results/format";
import { loadResults } from "~/services/results.server";
import { authenticateAdmin } from "~/shopify.server";

export const links = () => [{ rel: "stylesheet", href: polarisVizStyles }];

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.test.name} · svc` : "svc" }];

export const loader = async ({ request, context, params }: LoaderFunctionArgs) => {
  const { shop } = await authenticateAdmin(request, context);
  const view = await loadResults(shop, params.testId ?? "");
  if (!view) throw new Response("Not found", { status: 404 });
  return view;
};

export default function TestResults() {
  const view = useLoaderData<typeof loader>();
  const { test } = view;
  const primaryGoal = view.goals.find((goal) => goal.primary)?.goal ?? view.goals[0]?.goal ?? "the primary goal";
  const subtitle = [
    `Pages ${test.pages.join(", ")}`,
    test.startedAt ? `started ${formatDate(test.startedAt)}` : "not started",
    `${formatPercent(test.trafficPercent / 100, 0)} of traffic`,
  ].join(" · ");
  return (
    <Page
      title={test.name}
      titleMetadata={<TestStatusBadge status={test.status} />}
      subtitle={subtitle}
      backAction={{ content: "Tests", url: "/app" }}
      fullWidth
    >
      <Layout>
        <Layout.Section variant="fullWidth">
          <VerdictBanner verdict={view.verdict} srmPValue={view.srm.pValue} />
        </Layout.Section>
        {view.goals.length === 0 ? (
          <Layout.Section variant="fullWidth">
            <Card>
              <Text as="p">This test has no goal yet, so there is nothing to compare.</Text>
            </Card>
          </Layout.Section>
        ) : (
          view.goals.map((goal) => (
            <Layout.Section key={goal.goal} variant="fullWidth">
              <Card>
                <ArmsTable goal={goal} currency={view.currency} alpha={view.alpha} />
              </Card>
            </Layout.Section>
          ))
        )}
        {view.otherCurrencies.length > 0 && (
          <Layout.Section variant="fullWidth">
            <OtherCurrenciesCard arms={view.arms} currency={view.currency} otherCurrencies={view.otherCurrencies} />
          </Layout.Section>
        )}
        <Layout.Section variant="oneHalf">
          <RateChart arms={view.arms} daily={view.daily} goal={primaryGoal} />
        </Layout.Section>
        <Layout.Section variant="oneHalf">
          <LiftChart arms={view.arms} daily={view.daily} alpha={view.alpha} />
        </Layout.Section>
        <Layout.Section variant="oneHalf">
          <VisitorsChart arms={view.arms} daily={view.daily} />
        </Layout.Section>
        <Layout.Section variant="oneHalf">
          <BlockStack gap="400">
            <TimeToGoCard remaining={view.remaining} test={test} />
            <TrafficSplitCard arms={view.arms} goals={view.goals} srm={view.srm} />
          </BlockStack>
        </Layout.Section>
        <Layout.Section variant="fullWidth">
          <FlickerCard arms={view.arms} flicker={view.flicker} />
        </Layout.Section>
        <Layout.Section variant="fullWidth">
          <ExportCard testId={test.id} />
        </Layout.Section>
      </Layout>
    </Page>
  );
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
  // Anything else may be Shopify's own thrown response, which its boundary knows how to render.
  return boundary.error(error);
}
