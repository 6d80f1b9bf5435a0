// The install card's optional block: the inline anti-flicker helper to paste before the tag, what it does, and its CSP hash.
import { BlockStack, Box, Button, InlineStack, Text } from "@shopify/polaris";
import { useToast } from "~/components/admin/app-bridge";
import type { HeadHelperScript } from "~/domain/sites/snippet-tag";

export function HeadHelperBlock({ helper }: { helper: HeadHelperScript | null }) {
  const toast = useToast();
  const copy = (text: string) => {
    navigator.clipboard
      .writeText(text)
      .then(() => toast("Helper copied"))
      .catch(() => toast("Could not copy: select the helper and copy it", { isError: true }));
  };
  return (
    <BlockStack gap="300">
      <Text as="h3" variant="headingSm">
        Anti-flicker helper (optional)
      </Text>
      <Text as="p">
        Paste this inline script in &lt;head&gt; before the tag. From a visitor&apos;s second pageview on, it hides the elements their
        variant changes on that page until the snippet has applied it, for 1 second at most: after that the original shows by CSS
        alone, even if the snippet never loads. On a visitor&apos;s first pageview nothing is known yet, so it hides nothing and the
        original may show briefly before the variant. The tag itself stays async and never blocks the page.
      </Text>
      {helper ? (
        <>
          <Box padding="300" background="bg-surface-secondary" borderRadius="200">
            <Text as="p" variant="bodySm" breakWord>
              <code data-svc-head-helper="">{helper.script}</code>
            </Text>
          </Box>
          <InlineStack>
            <Button onClick={() => copy(helper.script)}>Copy helper</Button>
          </InlineStack>
          <Text as="p" tone="subdued">
            With a Content-Security-Policy that does not allow inline scripts, add <code data-svc-head-helper-csp="">{helper.csp}</code> to
            its script-src. The hash changes when svc updates the helper.
          </Text>
        </>
      ) : (
        <Text as="p" tone="subdued">
          The helper is not available on this server right now (it has not been built).
        </Text>
      )}
    </BlockStack>
  );
}
