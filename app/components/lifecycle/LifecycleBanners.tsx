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
  /** The completed test still serves its winner to its audience on its pages. */
  servingWinner?: boolean;
  /** The test's audience in words; null or absent for everyone. */
  audience?: string | null;
}

export function LifecycleBanners({ status, pausedReason, site, startBlocker, winner, servingWinner = false, audience = null }: LifecycleBannerProps) {
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
      {status === "completed" && servingWinner && (
        <Banner tone="success" title={`Serving ${winner ?? "the winner"} ${audience ? "to the test's audience" : "to every visitor"} on its pages`}>
          <p>
            svc shows the winning variant on the test&apos;s pages to {audience ? `its audience only (${audience}); other visitors see the original` : "everyone"}, unmeasured (no visitor is counted, no
            exposure recorded), so the win is live now. It still depends on svc&apos;s snippet: make the change part of your
            theme or page (for a Shopify store, in Online Store › Themes › Customize or the theme&apos;s code), then choose
            &quot;End serving the winner&quot; above.
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
