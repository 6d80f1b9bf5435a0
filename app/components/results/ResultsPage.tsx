// A test's results page: one decision at the top (with how long to go while undecided), every goal per arm,
// charts over time, flicker cost, and the test's lifecycle (start, pause, resume, complete, archive) in its
// header: the cards in their order, from what app/services/admin/results-page.server.ts loads.
import { Banner, Card, Layout, Page, Text } from "@shopify/polaris";
import { LifecycleBanners, type LifecycleBannerProps } from "~/components/lifecycle/LifecycleBanners";
import { RolloutWarnings } from "~/components/lifecycle/RolloutWarnings";
import { ScheduleCard } from "~/components/lifecycle/ScheduleCard";
import { SelectorCheckBanner, type SelectorCheckBannerProps } from "~/components/lifecycle/SelectorCheckBanner";
import { useLifecycleActions, type LifecycleProps } from "~/components/lifecycle/useLifecycleActions";
import { PreviewCard, type PreviewCardProps } from "~/components/preview/PreviewCard";
import type { ScheduleState } from "~/domain/experiments/schedule";
import type { DecisionSummary as Decision } from "~/domain/results/decision-summary";
import type { ChancePrior } from "~/domain/results/shop-prior";
import { outageSentences } from "~/domain/results/verdict-words";
import type { ResultsView } from "~/domain/results/view";
import type { RolloutWarning } from "~/domain/shopify/rollouts";
import { ArmsTable } from "./ArmsTable";
import { DecisionSummary } from "./DecisionSummary";
import { EvidenceNotice } from "./EvidenceNotice";
import { ExportCard } from "./ExportCard";
import { FlickerCard } from "./FlickerCard";
import { FunnelCard } from "./FunnelCard";
import { LiftChart } from "./LiftChart";
import type { OfferCheckArm } from "~/domain/shopify/offer-check";
import { OfferCheckCard } from "./OfferCheckCard";
import { WinnerPricesCard, type WinnerPrices } from "./WinnerPricesCard";
import { OtherCurrenciesCard } from "./OtherCurrenciesCard";
import { OutageNotice } from "./OutageNotice";
import { RateChart } from "./RateChart";
import { RevenueCapNote } from "./RevenueCapNote";
import { SegmentsPanel } from "./SegmentsPanel";
import { TestStatusBadge } from "./TestStatusBadge";
import { TrafficSplitCard } from "./TrafficSplitCard";
import { VisitorsChart } from "./VisitorsChart";
import { formatDate, formatPercent } from "./format";

/** What the page shows, as the route's loader answers it. */
export type ResultsPageView = Omit<ResultsView, "verdict" | "remaining"> & {
  decision: Decision;
  evidenceNotice: string | null;
  chancePrior: ChancePrior;
  offerChecks: OfferCheckArm[];
  offerTitle: string | null;
  lifecycle: LifecycleBannerProps & Omit<LifecycleProps, "testId" | "startWarning" | "decision" | "servedTo"> & { holdoutPercent?: number };
  /** Null once the test has ended: nothing is left to preview. */
  preview: PreviewCardProps | null;
  /** Null when there is nothing to check or show. */
  selectorCheck: Omit<SelectorCheckBannerProps, "testId" | "draft"> | null;
  schedule: ScheduleState | null;
  /** Null for a test that is not on the Shopify storefront, or without an Admin API to ask. */
  rollouts: { warnings: RolloutWarning[]; unavailable: string | null } | null;
  /** An offer test's word on the shop's other automatic discounts; null: none. */
  otherDiscounts: string | null;
  /** A completed price test's winning prices to write to the products; null (or absent, older data): none. */
  winnerPrices?: WinnerPrices | null;
};

export function ResultsPage({ view }: { view: ResultsPageView }) {
  const { test, lifecycle } = view;
  const check = view.selectorCheck;
  const startWarning = lifecycle.status === "draft" && !!check?.last?.current && check.last.warnings.length > 0;
  const servedTo = { pages: test.pages, audience: lifecycle.audience ?? null, trafficPercent: test.trafficPercent, holdoutPercent: lifecycle.holdoutPercent ?? 0 };
  const { primaryAction, secondaryActions, modals, decisionButton } = useLifecycleActions({ testId: test.id, ...lifecycle, startWarning, decision: view.decision, servedTo });
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
          <DecisionSummary summary={view.decision} action={decisionButton} />
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
        {view.otherDiscounts && (
          <Layout.Section variant="fullWidth">
            <div data-svc-other-discounts="">
              <Banner tone="warning" title="Other automatic discounts on this store">
                <p>{view.otherDiscounts}</p>
              </Banner>
            </div>
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
            <SegmentsPanel testId={test.id} goals={view.goals.map((g) => g.goal)} currency={view.currency} />
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
        {view.winnerPrices && (
          <Layout.Section variant="fullWidth">
            <WinnerPricesCard testId={test.id} prices={view.winnerPrices} />
          </Layout.Section>
        )}
        {view.offerChecks.length > 0 && (
          <Layout.Section variant="fullWidth">
            <OfferCheckCard arms={view.offerChecks} currency={view.currency} title={view.offerTitle} />
          </Layout.Section>
        )}
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
