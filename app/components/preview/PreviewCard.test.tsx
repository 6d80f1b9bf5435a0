// The preview card rendered on the server: links open in a new tab without an opener, expiry and "nothing recorded" said.
import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { AppProvider } from "@shopify/polaris";
import enTranslations from "@shopify/polaris/locales/en.json" with { type: "json" };
import { PreviewCard, type PreviewCardProps } from "./PreviewCard";

const render = (props: PreviewCardProps) =>
  renderToStaticMarkup(
    <AppProvider i18n={enTranslations}>
      <PreviewCard {...props} />
    </AppProvider>,
  );

const links = [
  { armId: "t-a", key: "control", name: "Original", url: "https://s.myshopify.com/?svc_preview=a.1", expiresAt: "2026-11-25T15:00:00.000Z" },
  { armId: "t-b", key: "b", name: "Bold <headline>", url: "https://s.myshopify.com/?svc_preview=b.2", expiresAt: "2026-11-25T15:00:00.000Z" },
];

describe("PreviewCard", () => {
  it("lists every arm with a new-tab link that cannot reach back to the admin", () => {
    const html = render({ links });
    for (const link of links) {
      const anchor = html.match(new RegExp(`<a[^>]*href="${link.url.replace(/[.?]/g, "\\$&")}"[^>]*>`))?.[0] ?? "";
      expect(anchor).toContain('target="_blank"');
      expect(anchor).toMatch(/rel="[^"]*noopener/);
    }
    expect(html).toContain("Bold &lt;headline&gt;");
    expect(html.match(/Copy link/g)).toHaveLength(2);
  });

  it("says that nothing is recorded and when the links end", () => {
    const html = render({ links, endAtRestart: true });
    expect(html).toContain("Nothing is recorded in preview");
    expect(html).toContain("Links work until Nov 25, 2026, 3:00 PM UTC");
    expect(html).toContain("stop working when the server restarts");
    expect(render({ links })).not.toContain("server restarts");
  });

  it("shows why no link can be made instead of links", () => {
    const html = render({ links: [], problem: "The site needs its domain before a preview link can be made" });
    expect(html).toContain("The site needs its domain");
    expect(html).not.toContain("Open preview");
  });
});
