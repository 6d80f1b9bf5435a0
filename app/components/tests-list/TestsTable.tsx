// The tests list: an IndexTable of the shop's tests with status tabs (archived tests only under their own)
// and a search by name, each row linking to the test's results.
import { useMemo, useState } from "react";
import { Link, useNavigate } from "@remix-run/react";
import { Badge, BlockStack, IndexFilters, IndexTable, Text, useSetIndexFiltersMode } from "@shopify/polaris";
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

/**
 * Polaris keeps a table cell on one line; these cells wrap instead, anywhere if need be (a 120-character name
 * with no space), so that no column pushes the decision off the embedded admin's 1,040 px.
 */
const WRAP = { whiteSpace: "normal", overflowWrap: "anywhere" } as const;

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
  /** A sample ratio mismatch: the list warns instead of showing the lift. */
  srm?: boolean;
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
          { title: "Status" },
          { title: "Lift so far" },
          { title: "Visitors", alignment: "end" },
          { title: "Traffic", alignment: "end" },
          { title: "Dates" },
        ]}
      >
        {shown.map((test, index) => (
          <IndexTable.Row id={test.id} key={test.id} position={index}>
            <IndexTable.Cell>
              <div style={{ ...WRAP, minWidth: "9rem", maxWidth: "18rem" }}>
                <Link to={`/app/tests/${encodeURIComponent(test.id)}`} data-primary-link>
                  <Text as="span" fontWeight="semibold">
                    {test.name}
                  </Text>
                </Link>
                <Text as="p" tone="subdued" variant="bodySm">
                  {`${test.site.name} · ${test.arms} ${test.arms === 1 ? "arm" : "arms"}`}
                </Text>
                {test.audience && (
                  <div data-svc-audience="">
                    <Text as="span" tone="subdued" variant="bodySm">
                      Audience: {test.audience}
                    </Text>
                  </div>
                )}
              </div>
            </IndexTable.Cell>
            <IndexTable.Cell>
              <BlockStack gap="100" inlineAlign="start">
                <TestStatusBadge status={test.status} />
                {(test.pausedReason || (test.site.paused && test.status !== "archived" && test.status !== "completed")) && (
                  <Badge tone="critical">Paused by svc</Badge>
                )}
              </BlockStack>
              {test.glance.length > 0 && (
                <div style={{ ...WRAP, maxWidth: "11rem" }}>
                  <Text as="p" variant="bodySm" tone="subdued">
                    {test.glance.join(" · ")}
                  </Text>
                </div>
              )}
            </IndexTable.Cell>
            <IndexTable.Cell>
              <LiftCell test={test} />
            </IndexTable.Cell>
            <IndexTable.Cell>
              <Text as="span" alignment="end" numeric>
                {formatInteger(test.visitors)}
              </Text>
            </IndexTable.Cell>
            <IndexTable.Cell>
              <Text as="span" alignment="end" numeric>
                {formatPercent(test.trafficPercent / 100, 0)}
              </Text>
              {test.group && (
                <div style={{ ...WRAP, maxWidth: "9rem", marginInlineStart: "auto" }}>
                  <Text as="span" tone="subdued" alignment="end" variant="bodySm">
                    {`${test.group.share} % of group ${test.group.name}`}
                  </Text>
                </div>
              )}
            </IndexTable.Cell>
            <IndexTable.Cell>
              <DatesCell startedAt={test.startedAt} endedAt={test.endedAt} />
            </IndexTable.Cell>
          </IndexTable.Row>
        ))}
      </IndexTable>
    </>
  );
}

const MARK_TONES: Partial<Record<ArmMark, BadgeProps["tone"]>> = { better: "success", worse: "warning", equivalent: "info" };

/**
 * The lift so far, with the results page's mark: decided (and which way) or not yet. Under a sample ratio mismatch
 * the split itself is broken, so no lift is shown to be read: the page's warning instead.
 */
function LiftCell({ test }: { test: TestsTableRow }) {
  const lift = test.lift;
  if (test.srm) {
    return (
      <div data-svc-decision="" style={{ ...WRAP, maxWidth: "12rem" }}>
        <BlockStack gap="100" inlineAlign="start">
          <Badge tone="critical">Sample ratio mismatch</Badge>
          <Text as="p" variant="bodySm" tone="subdued">
            Do not trust these results: the split is not what was set.
          </Text>
        </BlockStack>
      </div>
    );
  }
  const mark = lift && lift.mark !== "not-yet" && lift.mark !== "exploratory" ? lift.mark : null;
  const badge = lift && (mark ? <Badge tone={MARK_TONES[mark]}>{markText(mark)}</Badge> : <Badge>{markText("not-yet")}</Badge>);
  const words = test.winner ? `Winner: ${test.winner}` : lift && test.primaryGoal ? `${formatLift(lift.lift)} ${lift.armName} · ${test.primaryGoal}` : null;
  if (!words) {
    return (
      <div data-svc-decision="">
        <Text as="span" tone="subdued">
          —
        </Text>
      </div>
    );
  }
  // Stacked, not side by side: the badge stays in view however long the arm's name is.
  return (
    <div data-svc-decision="" style={{ ...WRAP, maxWidth: "14rem" }}>
      <BlockStack gap="100" inlineAlign="start">
        <Text as="span">{words}</Text>
        {badge}
      </BlockStack>
    </div>
  );
}

/** When it started and ended, one above the other. */
function DatesCell({ startedAt, endedAt }: { startedAt: string | null; endedAt: string | null }) {
  if (!startedAt && !endedAt) {
    return (
      <Text as="span" tone="subdued">
        Not started
      </Text>
    );
  }
  return (
    <BlockStack gap="050">
      <Text as="span" variant="bodySm">{`Started ${formatDate(startedAt)}`}</Text>
      {endedAt && <Text as="span" variant="bodySm">{`Ended ${formatDate(endedAt)}`}</Text>}
    </BlockStack>
  );
}
