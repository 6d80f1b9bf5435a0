// A web site's install card: its Site ID, the tag to paste with a copy button, the spec's install rules, and the
// optional inline helpers (the cached-config one, and the opt-in first-visit one).
import { BlockStack, Box, Button, Card, Divider, InlineStack, List, Text } from "@shopify/polaris";
import { useToast } from "~/components/admin/app-bridge";
import type { HeadHelperScript } from "~/domain/sites/snippet-tag";
import { FirstVisitHelperBlock, HeadHelperBlock } from "./HeadHelperBlock";

interface SnippetTagCardProps {
  siteId: string;
  tag: string;
  rules: readonly string[];
  headHelper: HeadHelperScript | null;
  firstVisitHelper: HeadHelperScript | null;
}

export function SnippetTagCard({ siteId, tag, rules, headHelper, firstVisitHelper }: SnippetTagCardProps) {
  const toast = useToast();
  const copy = () => {
    navigator.clipboard
      .writeText(tag)
      .then(() => toast("Tag copied"))
      .catch(() => toast("Could not copy: select the tag and copy it", { isError: true }));
  };
  return (
    <Card>
      <BlockStack gap="300">
        <InlineStack align="space-between" blockAlign="center">
          <Text as="h2" variant="headingMd">
            Install
          </Text>
          <Text as="span" tone="subdued">
            Site ID <code>{siteId}</code>
          </Text>
        </InlineStack>
        <Box padding="300" background="bg-surface-secondary" borderRadius="200">
          <Text as="p" variant="bodySm" breakWord>
            <code data-svc-tag="">{tag}</code>
          </Text>
        </Box>
        <InlineStack>
          <Button onClick={copy}>Copy tag</Button>
        </InlineStack>
        <List type="number">
          {rules.map((rule) => (
            <List.Item key={rule}>{rule}</List.Item>
          ))}
        </List>
        <Divider />
        <HeadHelperBlock helper={headHelper} />
        <Divider />
        <FirstVisitHelperBlock helper={firstVisitHelper} />
      </BlockStack>
    </Card>
  );
}
