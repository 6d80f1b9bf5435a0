// What the results page says about a test's lifecycle: paused by the service (with its reason and where
// to resume the site) and why a draft cannot start yet. A completed test's declared winner is said by the
// decision summary, beside what the data says (a banner here once called a winner with no visitors a success).
import { Banner, Link } from "@shopify/polaris";

export interface LifecycleBannerProps {
  status: string;
  pausedReason: string | null;
  site: { publicId: string; paused: boolean; pausedReason: string | null };
  winner: string | null;
  endedAt: string | null;
  startBlocker: string | null;
}

export function LifecycleBanners({ status, pausedReason, site, startBlocker }: LifecycleBannerProps) {
  const siteUrl = `/app/sites/${encodeURIComponent(site.publicId)}`;
  const ended = status === "completed" || status === "archived";
  return (
    <>
      {site.paused && !ended && (
        <Banner tone="critical" title="svc paused this test's site" action={{ content: "Resume the site", url: siteUrl }}>
          <p>{site.pausedReason ?? "The site was paused by svc."}</p>
          <p>None of the site&apos;s tests show a variant until the site is resumed; resuming it resumes the tests svc paused with it.</p>
        </Banner>
      )}
      {!site.paused && status === "paused" && pausedReason && (
        <Banner tone="warning" title="svc paused this test">
          <p>{pausedReason}</p>
          <p>
            Resume the test here when the cause is fixed; the site&apos;s settings are on <Link url={siteUrl}>its page</Link>.
          </p>
        </Banner>
      )}
      {status === "draft" && startBlocker && (
        <Banner tone="info" title="Not ready to start">
          <p>{startBlocker}</p>
        </Banner>
      )}
    </>
  );
}
