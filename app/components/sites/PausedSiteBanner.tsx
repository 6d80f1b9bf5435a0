// The banner on a site the service paused (exposure misuse): why, since when, and the button that resumes it.
import { Banner, Text } from "@shopify/polaris";

export function PausedSiteBanner({
  name,
  reason,
  pausedAt,
  resuming,
  onResume,
}: {
  name: string;
  reason: string | null;
  pausedAt: string | null;
  resuming: boolean;
  onResume(): void;
}) {
  return (
    <Banner tone="warning" title={`${name}: tests paused by svc`} action={{ content: "Resume site", onAction: onResume, loading: resuming }}>
      <Text as="p">{reason ?? "The site was paused; its tests serve no variant until it is resumed."}</Text>
      <Text as="p" tone="subdued">
        {pausedAt ? `Paused ${new Date(pausedAt).toUTCString()}. ` : ""}Resuming restarts the tests svc paused with the site; tests you paused yourself stay paused.
      </Text>
    </Banner>
  );
}
