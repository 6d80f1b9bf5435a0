// "Is it firing?": when the site's tag (and on Shopify its web pixel) last reported, and when each goal its
// tests count last fired, so a merchant knows before starting a test that its goal can be counted.
import { Badge, BlockStack, Card, DataTable, InlineStack, Text } from "@shopify/polaris";
import type { Signal, SiteActivity } from "~/domain/sites/activity";

function SignalBadge({ signal }: { signal: Signal }) {
  if (signal.at === null) return <Badge tone="attention">Never</Badge>;
  return <Badge tone={signal.fresh ? "success" : "warning"}>{signal.fresh ? "Working" : "Quiet"}</Badge>;
}

function SignalLine({ label, signal, hint }: { label: string; signal: Signal; hint: string }) {
  return (
    <BlockStack gap="100">
      <InlineStack gap="200" blockAlign="center">
        <Text as="span" fontWeight="semibold">
          {label}
        </Text>
        <SignalBadge signal={signal} />
        <Text as="span" tone="subdued">
          {signal.at === null ? "has not reported yet" : `last reported ${signal.text}`}
        </Text>
      </InlineStack>
      {!signal.fresh && (
        <Text as="p" tone="subdued">
          {hint}
        </Text>
      )}
    </BlockStack>
  );
}

export function SiteActivityCard({ activity, kind }: { activity: SiteActivity; kind: "shopify" | "web" }) {
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          Is it firing?
        </Text>
        <SignalLine
          label={kind === "shopify" ? "svc's app embed" : "svc's tag"}
          signal={activity.tag}
          hint={
            kind === "shopify"
              ? "Nothing from the storefront in the last day: check that the svc embed is switched on in the theme editor (App embeds)."
              : "Nothing from the site in the last day: check that the tag above is on its pages, and that the site's allowed origins include them."
          }
        />
        {activity.pixel && (
          <SignalLine
            label="svc's web pixel (checkouts)"
            signal={activity.pixel}
            hint="No checkout reported in the last day. Quiet stores see this too; purchases are still counted from Shopify's order webhook."
          />
        )}
        {activity.goals.length === 0 ? (
          <Text as="p" tone="subdued">
            No draft, running or paused test on this site counts a goal yet.
          </Text>
        ) : (
          <DataTable
            columnContentTypes={["text", "text", "text", "text"]}
            headings={["Goal", "Last counted", "Counted by", "Drafts that will count it"]}
            // A draft counts nothing until it starts: "Counted by" names running and paused tests only.
            rows={activity.goals.map((g) => [
              g.label,
              g.at === null ? "Never: check it fires before you start" : g.text,
              g.tests.join(", ") || "No running or paused test",
              g.drafts.join(", ") || "—",
            ])}
          />
        )}
      </BlockStack>
    </Card>
  );
}
