// The test page's preview card: each arm's preview link (open in a new tab, or copy), its expiry, and that nothing is recorded.
import { Badge, Banner, BlockStack, Button, Card, InlineStack, Text } from "@shopify/polaris";
import { useToast } from "~/components/admin/app-bridge";

/** One arm's link, as GET /app/tests/:testId/preview answers it. */
export interface PreviewCardLink {
  armId: string;
  key: string;
  name: string;
  url: string;
  /** ISO 8601. */
  expiresAt: string;
}

export interface PreviewCardProps {
  links: PreviewCardLink[];
  /** No preview secret configured (the local demo): the links stop working when the server restarts. */
  endAtRestart?: boolean;
  /** Why no link can be made (e.g. the web site has no domain yet); shown instead of the links. */
  problem?: string;
}

// Made once: toLocaleString with options builds a new Intl format on every call.
const minuteFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
const expiry = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : `${minuteFormat.format(date)} UTC`;
};

export function PreviewCard({ links, endAtRestart = false, problem }: PreviewCardProps) {
  const toast = useToast();
  const copy = (link: PreviewCardLink) => {
    const failed = () => toast("Could not copy the link: open it and copy the address instead", { isError: true });
    // The clipboard is missing outside a secure context and may be refused: say so rather than fail silently.
    if (!navigator.clipboard) return failed();
    navigator.clipboard.writeText(link.url).then(() => toast(`Preview link for ${link.name} copied`), failed);
  };
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          Preview
        </Text>
        <Text as="p">
          Check each arm on your storefront in your own browser, even before the test starts. Nothing is recorded in
          preview: no visits, exposures or conversions.
        </Text>
        {problem ? (
          <Banner tone="warning">
            <p>{problem}</p>
          </Banner>
        ) : (
          <BlockStack gap="200">
            {links.map((link) => (
              <InlineStack key={link.armId} gap="300" align="space-between" blockAlign="center" wrap={false}>
                <InlineStack gap="200" blockAlign="center">
                  <Text as="span" fontWeight="semibold">
                    {link.name}
                  </Text>
                  <Badge>{link.key}</Badge>
                </InlineStack>
                <InlineStack gap="200">
                  <Button url={link.url} target="_blank" accessibilityLabel={`Open preview of ${link.name}`}>
                    Open preview
                  </Button>
                  <Button variant="plain" onClick={() => copy(link)} accessibilityLabel={`Copy preview link of ${link.name}`}>
                    Copy link
                  </Button>
                </InlineStack>
              </InlineStack>
            ))}
            {links[0] && (
              <Text as="p" tone="subdued">
                {`Links work until ${expiry(links[0].expiresAt)}, in the browser tab that opens them.`}
                {endAtRestart && " Local demo: they stop working when the server restarts."}
              </Text>
            )}
          </BlockStack>
        )}
      </BlockStack>
    </Card>
  );
}
