// The lifecycle banners rendered on the server: which one each state shows, and nothing when all is well.
import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { AppProvider } from "@shopify/polaris";
import enTranslations from "@shopify/polaris/locales/en.json" with { type: "json" };
import { LifecycleBanners, type LifecycleBannerProps } from "./LifecycleBanners";

const render = (over: Partial<LifecycleBannerProps>) =>
  renderToStaticMarkup(
    <AppProvider i18n={enTranslations}>
      <LifecycleBanners
        status="running"
        pausedReason={null}
        site={{ publicId: "shop-site", paused: false, pausedReason: null }}
        winner={null}
        endedAt={null}
        startBlocker={null}
        {...over}
      />
    </AppProvider>,
  );

describe("LifecycleBanners", () => {
  it("shows nothing for a running test on an active site", () => {
    expect(render({})).not.toContain("Polaris-Banner");
  });

  it("names the service's reason and links to the site to resume it", () => {
    const html = render({ status: "paused", pausedReason: "misuse", site: { publicId: "shop-site", paused: true, pausedReason: "Exposures <claimed> wrong arms" } });
    expect(html).toContain("svc paused this test&#x27;s site");
    expect(html).toContain("Exposures &lt;claimed&gt; wrong arms");
    expect(html).toContain('href="/app/sites/shop-site"');
  });

  it("after the site is resumed, still says the service paused the test", () => {
    const html = render({ status: "paused", pausedReason: "Exposure misuse" });
    expect(html).toContain("svc paused this test");
    expect(html).toContain("Exposure misuse");
    expect(html).not.toContain("this test&#x27;s site");
  });

  it("says nothing of the service for a test the merchant paused", () => {
    expect(render({ status: "paused" })).not.toContain("Polaris-Banner");
  });

  it("says why a draft cannot start", () => {
    expect(render({ status: "draft", startBlocker: "Choose a primary goal before starting." })).toContain("Choose a primary goal before starting.");
  });

  it("leaves an ended test's winner to the decision summary: no green banner for a winner the data may not name", () => {
    expect(render({ status: "completed", winner: "Bold headline", endedAt: "2026-03-02T10:00:00Z" })).not.toContain("Polaris-Banner");
    expect(render({ status: "archived" })).not.toContain("Polaris-Banner");
  });

  it("says a served winner reaches the test's audience only, or every visitor of a test without one", () => {
    const audience = render({ status: "completed", winner: "Bold", servingWinner: true, audience: "On a mobile device" }).replace(/&#x27;/g, "'");
    expect(audience).toContain("Serving Bold to the test's audience on its pages");
    expect(audience).toContain("to its audience only (On a mobile device); other visitors see the original");
    expect(audience).not.toContain("every visitor");
    const everyone = render({ status: "completed", winner: "Bold", servingWinner: true }).replace(/&#x27;/g, "'");
    expect(everyone).toContain("Serving Bold to every visitor on its pages");
  });
});
