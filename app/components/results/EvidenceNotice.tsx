// The robust view's word on the results page: traffic from a few networks looks unusual, and svc will not act
// on what rests on it by itself (app/domain/results/robust-view.ts's evidenceNotice; docs/results.md).
import { Banner, Text } from "@shopify/polaris";

export function EvidenceNotice({ text }: { text: string }) {
  const [title, ...rest] = text.split(". ");
  return (
    <div data-svc-evidence-notice="">
      <Banner tone="warning" title={title}>
        <Text as="p">{rest.join(". ")}</Text>
      </Banner>
    </div>
  );
}
