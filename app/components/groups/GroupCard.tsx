// One mutually exclusive group: a bar of its 0–100 % split (each test's slice, the free parts), the table of
// its tests with their slices, and what is free.
import { Badge, BlockStack, Button, Card, DataTable, InlineStack, Link, Text } from "@shopify/polaris";
import type { FreeRange } from "~/domain/experiments/test-group";

export interface GroupCardProps {
  id: string;
  name: string;
  site: { id: string; name: string };
  tests: Array<{ id: string; name: string; status: string; start: number | null; share: number | null; trafficPercent: number; holds: boolean }>;
  free: FreeRange[];
  deleting: boolean;
  onDelete(): void;
}

const COLOURS = ["#2c6ecb", "#8c5ccf", "#ea7a00", "#29845a", "#c03b5a", "#1c8aa6"];

export function GroupCard({ name, site, tests, free, deleting, onDelete }: GroupCardProps) {
  const holders = tests.filter((t) => t.holds).sort((a, b) => a.start! - b.start!);
  const freeTotal = free.reduce((sum, r) => sum + r.end - r.start, 0);
  return (
    <Card>
      <BlockStack gap="300">
        <InlineStack align="space-between" blockAlign="center">
          <Text as="h2" variant="headingMd">
            {name} <Text as="span" tone="subdued">· {site.name}</Text>
          </Text>
          {holders.length === 0 && (
            <Button tone="critical" variant="plain" loading={deleting} onClick={onDelete}>
              Delete group
            </Button>
          )}
        </InlineStack>
        <div role="img" aria-label={`Split of ${name}`} style={{ position: "relative", height: 24, background: "#f1f1f1", borderRadius: 6, overflow: "hidden" }}>
          {holders.map((t, i) => (
            <div
              key={t.id}
              title={`${t.name}: ${t.start}–${t.start! + t.share!} %`}
              style={{ position: "absolute", left: `${t.start}%`, width: `${t.share}%`, top: 0, bottom: 0, background: COLOURS[i % COLOURS.length], borderRight: "1px solid white" }}
            />
          ))}
        </div>
        <DataTable
          columnContentTypes={["text", "text", "numeric", "text"]}
          headings={["Test", "Status", "Share of the group", "Slice"]}
          rows={[
            ...tests.map((t) => [
              <Link key={t.id} url={`/app/tests/${encodeURIComponent(t.id)}`}>
                {t.name}
              </Link>,
              <Badge key="s">{t.status}</Badge>,
              t.share === null ? "—" : `${t.share} %${t.trafficPercent < 100 ? ` (${t.trafficPercent} % of it enters)` : ""}`,
              t.holds ? `${t.start}–${t.start! + t.share!} %` : "released (ended)",
            ]),
          ]}
        />
        {/* What is free is no test: a line of its own under the table, never a row in the Test column. */}
        <div data-svc-group-free="">
          <Text as="p" tone="subdued">
            {freeTotal === 0 ? "Nothing free: every part of the group is taken." : `${freeTotal} % free: ${free.map((r) => `${r.start}–${r.end} %`).join(", ")}`}
          </Text>
        </div>
      </BlockStack>
    </Card>
  );
}
