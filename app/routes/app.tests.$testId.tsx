// A test's results page: one decision at the top (with how long to go while undecided), every goal per arm,
// charts over time, flicker cost, and the test's lifecycle (start, pause, resume, complete, archive) in its header.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Card, Layout, Page, Text } from "@shopify/polaris";
import polarisVizStyles from "@shopify/polaris-viz/build/esm/styles.css?url";
import { LifecycleBanners } from "~/components/lifecycle/LifecycleBanners";
import { PreviewCard } from "~/components/preview/PreviewCard";
import { ScheduleCard } from "~/components/lifecycle/ScheduleCard";
import { SelectorCheckBanner } from "~/components/lifecycle/SelectorCheckBanner";
import { EvidenceNotice } from "~/components/results/EvidenceNotice";
import { OutageNotice } from "~/components/results/OutageNotice";
import { useLifecycleActions } from "~/components/lifecycle/useLifecycleActions";
import { ArmsTable } from "~/components/results/ArmsTable";
import { DecisionSummary } from "~/components/results/DecisionSummary";
import { ExportCard } from "~/components/results/ExportCard";
import { FlickerCard } from "~/components/results/FlickerCard";
import { FunnelCard } from "~/components/results/FunnelCard";
import { LiftChart } from "~/components/results/LiftChart";
import { OtherCurrenciesCard } from "~/components/results/OtherCurrenciesCard";
import { RevenueCapNote } from "~/components/results/RevenueCapNote";
import { RateChart } from "~/components/results/RateChart";
import { SegmentsCard } from "~/components/results/SegmentsCard";
import { TestStatusBadge } from "~/components/results/TestStatusBadge";
import { TrafficSplitCard } from "~/components/results/TrafficSplitCard";
import { VisitorsChart } from "~/components/results/VisitorsChart";
import { formatDate, formatPercent } from "~/components/results/format";
import { parseLifecycleForm } from "~/domain/experiments/test-lifecycle";
import { outageSentences } from "~/domain/results/verdict-words";
import { adminAnswer } from "~/http/web/admin-answer";
import { fail, mapOutcome } from "~/services/outcome";
import { previewLinks } from "~/services/admin/preview-links.server";
import { selectorCheckPanel } from "~/services/admin/selector-check.server";
import { loadResults } from "~/services/admin/results.server";
import { loadSchedule } from "~/services/admin/test-schedule.server";
import { rolloutsForTest } from "~/services/shopify/rollouts.server";
import { RolloutWarnings } from "~/components/lifecycle/RolloutWarnings";
import { changeTestStatus, loadLifecycleState } from "~/services/admin/test-lifecycle.server";
import { authenticateAdmin } from "~/shopify.server";
import { TEST_NOT_FOUND, notFoundBoundary } from "~/components/admin/not-found-boundary";

export const links = () => [{ rel: "stylesheet", href: polarisVizStyles }];

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.test.name} · svc` : "svc" }];

export const loader = async ({ request, context, params }: LoaderFunctionArgs) => {
  const { shop, demo, adminReads } = await authenticateAdmin(request, context);
  const testId = params.testId ?? "";
  const where = { demo, requestOrigin: new URL(request.url).origin };
  const [results, state, links, check, schedule, rollouts] = await Promise.all([
    loadResults(shop, testId),
    loadLifecycleState(shop, testId),
    previewLinks(shop, testId, where),
    selectorCheckPanel(shop, testId, where),
    loadSchedule(shop, testId),
    rolloutsForTest(shop, testId, adminReads),
  ]);
  if (!results.ok) throw adminAnswer(results);
  if (!state.ok) throw adminAnswer(state);
  const lifecycle = state.value;
  // A test that has ended has nothing left to check on the storefront.
  const previewable = lifecycle.status === "draft" || lifecycle.status === "running" || lifecycle.status === "paused";
  const preview = !previewable ? null : links.ok ? { links: links.value.links, endAtRestart: links.value.endAtRestart } : { links: [], problem: links.problem.title };
  // The selector check comes before Start: a draft always offers it; a running or paused test shows its last check, if any.
  const selectorCheck = lifecycle.status === "draft" || (previewable && check?.last) ? check : null;
  return { ...results.value, lifecycle, preview, selectorCheck, schedule: schedule.ok ? schedule.value : null, rollouts };
};

/** The lifecycle buttons' form: `intent` (start, pause, resume, complete, archive) and, to complete, `winner`. */
export const action = async ({ request, context, params }: ActionFunctionArgs) => {
  const { shop, admin } = await authenticateAdmin(request, context);
  const form = await request.formData().catch(() => null);
  const parsed = parseLifecycleForm({ intent: form?.get("intent") ?? null, winner: form?.get("winner") ?? null, serve: form?.get("serve") ?? null, independent: form?.get("independent") ?? null });
  const outcome = parsed.ok
    ? await changeTestStatus(shop, params.testId ?? "", parsed.value, admin)
    : fail({ status: 400, type: "invalid-lifecycle-change", title: parsed.message, issues: [`${parsed.field}: ${parsed.message}`] });
  return adminAnswer(mapOutcome(outcome, ({ status, message }) => ({ status, message })), { style: "ok-problem" });
};

export default function TestResults() {
  const view = useLoaderData<typeof loader>();
  const { test, lifecycle } = view;
  const check = view.selectorCheck;
  const startWarning = lifecycle.status === "draft" && !!check?.last?.current && check.last.warnings.length > 0;
  const { primaryAction, secondaryActions, modals } = useLifecycleActions({ testId: test.id, ...lifecycle, startWarning });
  const primaryGoal = view.goals.find((goal) => goal.primary)?.goal ?? view.goals[0]?.goal ?? "the primary goal";
  const outages = outageSentences(view);
  const subtitle = [
    `Pages ${test.pages.join(", ")}`,
    test.startedAt ? `started ${formatDate(test.startedAt)}` : "not started",
    ...(lifecycle.endedAt ? [`ended ${formatDate(lifecycle.endedAt)}`] : []),
    `${formatPercent(test.trafficPercent / 100, 0)} of traffic`,
    `audience: ${test.audience ?? "Everyone"}`,
  ].join(" · ");
  return (
    <Page
      title={test.name}
      titleMetadata={<TestStatusBadge status={lifecycle.status} />}
      subtitle={subtitle}
      backAction={{ content: "Tests", url: "/app" }}
      primaryAction={primaryAction}
      secondaryActions={secondaryActions}
      fullWidth
    >
      {modals}
      <Layout>
        <Layout.Section variant="fullWidth">
          <LifecycleBanners {...lifecycle} />
        </Layout.Section>
        <Layout.Section variant="fullWidth">
          <DecisionSummary summary={view.decision} />
        </Layout.Section>
        {outages.length > 0 && (
          <Layout.Section variant="fullWidth">
            <OutageNotice sentences={outages} />
          </Layout.Section>
        )}
        {view.evidenceNotice && (
          <Layout.Section variant="fullWidth">
            <EvidenceNotice text={view.evidenceNotice} />
          </Layout.Section>
        )}
        {test.audience && test.audience !== "Everyone" && (
          <Layout.Section variant="fullWidth">
            <div data-svc-audience="">
              <Card>
                <Text as="p">
                  <Text as="span" fontWeight="semibold">
                    These numbers are for the test&apos;s audience only:
                  </Text>{" "}
                  {test.audience}. Visitors outside it were not assigned, not exposed and not counted.
                </Text>
              </Card>
            </div>
          </Layout.Section>
        )}
        {view.rollouts && (view.rollouts.warnings.length > 0 || view.rollouts.unavailable) && (
          <Layout.Section variant="fullWidth">
            <RolloutWarnings {...view.rollouts} trafficPercent={test.trafficPercent} />
          </Layout.Section>
        )}
        {check && (
          <Layout.Section variant="fullWidth">
            <SelectorCheckBanner testId={test.id} {...check} draft={lifecycle.status === "draft"} />
          </Layout.Section>
        )}
        {view.schedule && (
          <Layout.Section variant="fullWidth">
            <ScheduleCard testId={test.id} schedule={view.schedule} />
          </Layout.Section>
        )}
        {view.preview && (
          <Layout.Section variant="fullWidth">
            <PreviewCard {...view.preview} />
          </Layout.Section>
        )}
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
                <ArmsTable
                  goal={goal}
                  currency={view.currency}
                  alpha={view.alpha}
                  standings={view.decision.goals.find((g) => g.goal === goal.goal)?.arms}
                  chancePrior={view.chancePrior}
                />
              </Card>
            </Layout.Section>
          ))
        )}
        {view.funnel && (
          <Layout.Section variant="fullWidth">
            <FunnelCard funnel={view.funnel} alpha={view.alpha} />
          </Layout.Section>
        )}
        {view.revenueCap && (
          <Layout.Section variant="fullWidth">
            <RevenueCapNote cap={view.revenueCap} currency={view.currency} />
          </Layout.Section>
        )}
        {view.otherCurrencies.length > 0 && (
          <Layout.Section variant="fullWidth">
            <OtherCurrenciesCard arms={view.arms} currency={view.currency} otherCurrencies={view.otherCurrencies} />
          </Layout.Section>
        )}
        {view.goals.length > 0 && (
          <Layout.Section variant="fullWidth">
            <SegmentsCard segments={view.segments} goals={view.goals.map((g) => g.goal)} currency={view.currency} />
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
          <TrafficSplitCard arms={view.arms} goals={view.goals} srm={view.srm} />
        </Layout.Section>
        <Layout.Section variant="fullWidth">
          <FlickerCard arms={view.arms} flicker={view.flicker} />
        </Layout.Section>
        <Layout.Section variant="fullWidth">
          <ExportCard testId={test.id} funnel={Boolean(view.funnel)} />
        </Layout.Section>
      </Layout>
    </Page>
  );
}

export const ErrorBoundary = notFoundBoundary(TEST_NOT_FOUND);
