// The tests list: an IndexTable of the shop's tests with status tabs (archived tests only under their own)
// and a search by name, each row linking to the test's results.
import { useMemo, useState } from "react";
import { Link, useNavigate } from "@remix-run/react";
import { Badge, IndexFilters, IndexTable, InlineStack, Text, useSetIndexFiltersMode } from "@shopify/polaris";
import type { BadgeProps, TabProps } from "@shopify/polaris";
import type { ArmMark } from "~/domain/results/decision-summary";
import { markText } from "~/domain/results/decision-words";
import { formatDate, formatInteger, formatLift, formatPercent } from "~/components/results/format";
import { TestStatusBadge } from "~/components/results/TestStatusBadge";

export const STATUS_TABS = ["all", "draft", "running", "paused", "completed", "archived"] as const;
export type StatusTab = (typeof STATUS_TABS)[number];

const TAB_LABELS: Record<StatusTab, string> = {
  all: "All",
  draft: "Draft",
  running: "Running",
  paused: "Paused",
  completed: "Completed",
  archived: "Archived",
};

export interface TestsTableRow {
  id: string;
  name: string;
  status: string;
  pausedReason: string | null;
  site: { publicId: string; name: string; paused: boolean };
  arms: number;
  trafficPercent: number;
  /** Who may enter, in words; null for every visitor. */
  audience?: string | null;
  group?: { name: string; share: number } | null;
  visitors: number;
  primaryGoal: string | null;
  lift: { armName: string; lift: number; mark: ArmMark } | null;
  winner: string | null;
  startedAt: string | null;
  endedAt: string | null;
  glance: string[];
}

export function TestsTable({ tests, filter, counts }: { tests: TestsTableRow[]; filter: StatusTab; counts: Record<StatusTab, number> }) {
  const navigate = useNavigate();
  const { mode, setMode } = useSetIndexFiltersMode();
  const [query, setQuery] = useState("");
  const tabs: TabProps[] = STATUS_TABS.map((tab) => ({
    id: `status-${tab}`,
    content: `${TAB_LABELS[tab]} (${counts[tab]})`,
    accessibilityLabel: `${TAB_LABELS[tab]} tests`,
    onAction: () => {},
  }));
  const shown = useMemo(() => {
    const needle = query.trim().toLowerCase();
    return needle === "" ? tests : tests.filter((t) => t.name.toLowerCase().includes(needle) || t.site.name.toLowerCase().includes(needle));
  }, [tests, query]);
  return (
    <>
      <IndexFilters
        tabs={tabs}
        selected={STATUS_TABS.indexOf(filter)}
        onSelect={(index) => {
          const tab = STATUS_TABS[index] ?? "all";
          navigate(tab === "all" ? "/app" : `/app?status=${tab}`);
        }}
        queryValue={query}
        queryPlaceholder="Search tests by name or site"
        onQueryChange={setQuery}
        onQueryClear={() => setQuery("")}
        filters={[]}
        appliedFilters={[]}
        onClearAll={() => setQuery("")}
        mode={mode}
        setMode={setMode}
        canCreateNewView={false}
        hideFilters
      />
      <IndexTable
        resourceName={{ singular: "test", plural: "tests" }}
        itemCount={shown.length}
        selectable={false}
        emptyState={
          <Text as="p" tone="subdued" alignment="center">
            {query ? "No test matches this search." : `No ${filter === "all" ? "" : `${TAB_LABELS[filter].toLowerCase()} `}tests.`}
          </Text>
        }
        headings={[
          { title: "Test" },
          { title: "Site" },
          { title: "Status" },
          { title: "Arms", alignment: "end" },
          { title: "Traffic", alignment: "end" },
          { title: "Visitors", alignment: "end" },
          { title: "Lift so far" },
          { title: "Started" },
          { title: "Ended" },
        ]}
      >
        {shown.map((test, index) => (
          <IndexTable.Row id={test.id} key={test.id} position={index}>
            <IndexTable.Cell>
              <Link to={`/app/tests/${encodeURIComponent(test.id)}`} data-primary-link>
                <Text as="span" fontWeight="semibold">
                  {test.name}
                </Text>
              </Link>
              {test.audience && (
                <div data-svc-audience="">
                  <Text as="span" tone="subdued" variant="bodySm">
                    Audience: {test.audience}
                  </Text>
                </div>
              )}
            </IndexTable.Cell>
            <IndexTable.Cell>{test.site.name}</IndexTable.Cell>
            <IndexTable.Cell>
              <InlineStack gap="100" wrap={false}>
                <TestStatusBadge status={test.status} />
                {(test.pausedReason || (test.site.paused && test.status !== "archived" && test.status !== "completed")) && (
                  <Badge tone="critical">Paused by svc</Badge>
                )}
              </InlineStack>
              {test.glance.length > 0 && (
                <Text as="p" variant="bodySm" tone="subdued">
                  {test.glance.join(" · ")}
                </Text>
              )}
            </IndexTable.Cell>
            <IndexTable.Cell>
              <Text as="span" alignment="end" numeric>
                {test.arms}
              </Text>
            </IndexTable.Cell>
            <IndexTable.Cell>
              <Text as="span" alignment="end" numeric>
                {formatPercent(test.trafficPercent / 100, 0)}
              </Text>
              {test.group && (
                <Text as="span" tone="subdued" alignment="end" variant="bodySm">
                  {`${test.group.share} % of group ${test.group.name}`}
                </Text>
              )}
            </IndexTable.Cell>
            <IndexTable.Cell>
              <Text as="span" alignment="end" numeric>
                {formatInteger(test.visitors)}
              </Text>
            </IndexTable.Cell>
            <IndexTable.Cell>
              <LiftCell test={test} />
            </IndexTable.Cell>
            <IndexTable.Cell>{formatDate(test.startedAt)}</IndexTable.Cell>
            <IndexTable.Cell>{formatDate(test.endedAt)}</IndexTable.Cell>
          </IndexTable.Row>
        ))}
      </IndexTable>
    </>
  );
}

const MARK_TONES: Partial<Record<ArmMark, BadgeProps["tone"]>> = { better: "success", worse: "warning", equivalent: "info" };

/** The lift so far, with the results page's mark: decided (and which way) or not yet. */
function LiftCell({ test }: { test: TestsTableRow }) {
  const lift = test.lift;
  const mark = lift && lift.mark !== "not-yet" && lift.mark !== "exploratory" ? lift.mark : null;
  const badge = lift && (mark ? <Badge tone={MARK_TONES[mark]}>{markText(mark)}</Badge> : <Badge>{markText("not-yet")}</Badge>);
  if (test.winner) {
    return (
      <InlineStack gap="100" blockAlign="center" wrap={false}>
        <Text as="span">{`Winner: ${test.winner}`}</Text>
        {badge}
      </InlineStack>
    );
  }
  if (!lift || !test.primaryGoal) return <Text as="span" tone="subdued">—</Text>;
  return (
    <InlineStack gap="100" blockAlign="center" wrap={false}>
      <Text as="span">{`${formatLift(lift.lift)} ${lift.armName} · ${test.primaryGoal}`}</Text>
      {badge}
    </InlineStack>
  );
}
