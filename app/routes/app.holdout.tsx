// The store-wide holdout: the share of visitors who see no test (per site), and what that share's conversion
// rate and revenue per visitor are against everyone else's, over the whole run by default.
import { useEffect, useState } from "react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useFetcher, useLoaderData, useNavigate, useRouteError } from "@remix-run/react";
import { boundary } from "@shopify/shopify-app-remix/server";
import { Banner, BlockStack, Button, Card, FormLayout, Layout, Page, Select, Text, TextField } from "@shopify/polaris";
import { useToast } from "~/components/admin/app-bridge";
import { HoldoutComparisonCard } from "~/components/holdout/HoldoutComparisonCard";
import { formatDate } from "~/components/results/format";
import { MAX_HOLDOUT_PERCENT } from "~/domain/results/holdout";
import { adminAnswer } from "~/http/web/admin-answer";
import { readForm } from "~/http/web/form";
import { loadHoldoutPage, saveHoldoutSetting } from "~/services/admin/holdout.server";
import { authenticateAdmin } from "~/shopify.server";

export const meta: MetaFunction = () => [{ title: "Holdout · svc" }];

export const loader = async ({ request, context }: LoaderFunctionArgs) => {
  const { shop } = await authenticateAdmin(request, context);
  const q = new URL(request.url).searchParams;
  return loadHoldoutPage(shop, { site: q.get("site"), from: q.get("from"), to: q.get("to"), goal: q.get("goal") });
};

export const action = async ({ request, context }: ActionFunctionArgs) => {
  const { shop } = await authenticateAdmin(request, context);
  const form = await readForm(request);
  return adminAnswer(await saveHoldoutSetting(shop, String(form.get("site") ?? ""), form.get("holdoutPercent")));
};

export default function Holdout() {
  const page = useLoaderData<typeof loader>();
  const fetcher = useFetcher<typeof action>();
  const navigate = useNavigate();
  const toast = useToast();
  const [percent, setPercent] = useState(String(page.site?.percent ?? 0));
  useEffect(() => setPercent(String(page.site?.percent ?? 0)), [page.site?.id, page.site?.percent]);
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data && "percent" in fetcher.data) toast(fetcher.data.percent === 0 ? "Holdout turned off" : "Holdout saved");
  }, [fetcher.state, fetcher.data, toast]);
  const error = fetcher.data && "fieldErrors" in fetcher.data ? fetcher.data.fieldErrors.holdoutPercent : undefined;

  if (!page.site) {
    return (
      <Page title="Holdout">
        <Card>
          <Text as="p">Add a site first: the holdout is set per site.</Text>
        </Card>
      </Page>
    );
  }
  const site = page.site;
  return (
    <Page title="Holdout" subtitle="What your tests and shipped winners are worth together">
      <Layout>
        {page.sites.length > 1 && (
          <Layout.Section>
            <Card>
              <Select
                label="Site"
                options={page.sites.map((s) => ({ label: `${s.name}${s.percent > 0 ? ` (holdout ${s.percent} %)` : ""}`, value: s.id }))}
                value={site.id}
                onChange={(id) => navigate(`/app/holdout?site=${encodeURIComponent(id)}`)}
              />
            </Card>
          </Layout.Section>
        )}
        <Layout.Section>
          <Card>
            <BlockStack gap="300">
              <Text as="h2" variant="headingMd">
                Store-wide holdout
              </Text>
              <Text as="p" tone="subdued">
                This share of visitors sees no test at all, and no shipped winner: the store as it would be without svc.
                Comparing them with everyone else over months shows whether your wins still pay. The same visitor stays
                in or out on every visit. Changing the share starts a new comparison from that moment, with its own
                revenue cap.
              </Text>
              <FormLayout>
                <TextField
                  label="Share of visitors held out"
                  type="number"
                  suffix="%"
                  min={0}
                  max={MAX_HOLDOUT_PERCENT}
                  autoComplete="off"
                  value={percent}
                  onChange={setPercent}
                  error={error}
                  helpText={site.percent > 0 ? `On since ${formatDate(site.since)}. 0 turns it off.` : "Off. 5 % is a common choice."}
                />
              </FormLayout>
              <div>
                <Button variant="primary" loading={fetcher.state !== "idle"} onClick={() => fetcher.submit({ site: site.id, holdoutPercent: percent }, { method: "post" })}>
                  Save
                </Button>
              </div>
            </BlockStack>
          </Card>
        </Layout.Section>
        <Layout.Section>
          {page.comparison && page.period ? (
            <HoldoutComparisonCard
              siteId={site.id}
              currency={site.currency}
              startDay={(site.since ?? page.period.from).slice(0, 10)}
              period={page.period}
              fromStart={page.fromStart}
              goals={page.goals}
              goal={page.goal}
              comparison={page.comparison}
              revenueCap={site.revenueCap}
              reading={page.reading}
            />
          ) : (
            <Banner tone="info" title="No holdout on this site">
              <p>Set a share above to start one; its numbers appear here as visitors arrive.</p>
            </Banner>
          )}
        </Layout.Section>
      </Layout>
    </Page>
  );
}

export function ErrorBoundary() {
  return boundary.error(useRouteError());
}
