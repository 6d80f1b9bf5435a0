// The overlap dialog's content, shown when Start or Resume is refused because a running test changes (or may
// change) the same elements on the same pages: the server's sentence, then only what the merchant can do now:
// open the running test to pause or complete it, join its group (a draft only, and only when it has one: a
// started test's group is locked), or confirm the tests are independent and go ahead.
import { BlockStack, Checkbox, Link, List, Text } from "@shopify/polaris";

export interface OverlapWith {
  testId: string;
  testName: string;
  /** The running test's group; null when it has none (then no group can keep the two apart). */
  groupName: string | null;
}

export interface OverlapDialogBodyProps {
  testId: string;
  intent: "start" | "resume";
  /** The refusal's detail: which test, which pages, which elements, and why. */
  detail: string;
  overlaps: readonly OverlapWith[];
  independent: boolean;
  onIndependent(checked: boolean): void;
}

const testUrl = (id: string) => `/app/tests/${encodeURIComponent(id)}`;

export function OverlapDialogBody({ testId, intent, detail, overlaps, independent, onIndependent }: OverlapDialogBodyProps) {
  const groups = intent === "start" ? [...new Set(overlaps.map((o) => o.groupName))] : [];
  // One group holds every overlapping test: joining it keeps this draft apart from all of them.
  const group = groups.length === 1 && groups[0] !== null ? groups[0] : null;
  return (
    <BlockStack gap="300">
      <Text as="p">{detail}</Text>
      {overlaps.length > 0 && (
        <List type="bullet">
          {overlaps.map((o) => (
            <List.Item key={o.testId}>
              <Link url={testUrl(o.testId)}>Open “{o.testName}”</Link> to pause or complete it first.
            </List.Item>
          ))}
          {group !== null && (
            <List.Item>
              <Link url={`${testUrl(testId)}/edit`}>Edit this test</Link> and put it in the group “{group}”, so that no visitor is in both.
            </List.Item>
          )}
        </List>
      )}
      {group === null && (
        <Text as="p" tone="subdued">
          {intent === "resume"
            ? "A group cannot keep them apart: this test has started, so its group is locked."
            : "A group cannot keep them apart: a running test's group is locked, and the running test is not in one this test could join."}
        </Text>
      )}
      <Checkbox label="These tests are independent: a visitor may be in both" checked={independent} onChange={onIndependent} />
    </BlockStack>
  );
}
