// The install card's optional blocks: the inline anti-flicker helper to paste before the tag, and its opt-in
// first-visit variant, each with what it does, what it costs, and its CSP hash.
import { BlockStack, Box, Button, InlineStack, Text } from "@shopify/polaris";
import { useToast } from "~/components/admin/app-bridge";
import type { HeadHelperScript } from "~/domain/sites/snippet-tag";

function useCopy(): (text: string) => void {
  const toast = useToast();
  return (text: string) => {
    navigator.clipboard
      .writeText(text)
      .then(() => toast("Helper copied"))
      .catch(() => toast("Could not copy: select the helper and copy it", { isError: true }));
  };
}

export function HeadHelperBlock({ helper }: { helper: HeadHelperScript | null }) {
  const copy = useCopy();
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

/** The opt-in first-visit helper: the same as the helper above, plus the hiding sheet on a first pageview. */
export function FirstVisitHelperBlock({ helper }: { helper: HeadHelperScript | null }) {
  const copy = useCopy();
  return (
    <BlockStack gap="300">
      <Text as="h3" variant="headingSm">
        First-visit anti-flicker helper (optional, instead of the helper above)
      </Text>
      <Text as="p">
        Does what the helper above does, and on a visitor&apos;s first pageview also hides what your running tests change on that
        page, so new visitors do not see the original before their variant either. It does so by loading a small style sheet from
        svc (this page&apos;s path goes with the request; nothing is stored) before the page is first painted.
      </Text>
      <Text as="p">
        The trade-off: a new visitor&apos;s first pageview waits for that one request before it is painted (it is cached for a
        minute, and later pageviews do not ask). If svc does not answer, the page waits 1 second at most from when it started
        loading, then shows as without svc; if the request is blocked, at once. Under Global Privacy Control or Do Not Track it
        does nothing and asks nothing. Paste it instead of the helper above, in &lt;head&gt; before the tag.
      </Text>
      {helper ? (
        <>
          <Box padding="300" background="bg-surface-secondary" borderRadius="200">
            <Text as="p" variant="bodySm" breakWord>
              <code data-svc-first-visit-helper="">{helper.script}</code>
            </Text>
          </Box>
          <InlineStack>
            <Button onClick={() => copy(helper.script)}>Copy first-visit helper</Button>
          </InlineStack>
          <Text as="p" tone="subdued">
            With a Content-Security-Policy that does not allow inline scripts, add{" "}
            <code data-svc-first-visit-helper-csp="">{helper.csp}</code> to its script-src (the same for all your sites), and this
            server&apos;s address to its style-src. The hash changes when svc updates the helper.
          </Text>
        </>
      ) : (
        <Text as="p" tone="subdued">
          The first-visit helper is not available on this server right now (it has not been built).
        </Text>
      )}
    </BlockStack>
  );
}
